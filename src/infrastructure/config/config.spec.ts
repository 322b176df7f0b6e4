import { AppConfig } from './config';

const readUrlsOf = (raw: string | undefined) => new AppConfig({ DATABASE_READ_URLS: raw }).values.databaseReadUrls;
const refusalOf = (raw: string): string => {
  try {
    new AppConfig({ DATABASE_READ_URLS: raw });
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('DATABASE_READ_URLS', () => {
  it('lists no standby when unset or blank', () => {
    expect(readUrlsOf(undefined)).toEqual([]);
    expect(readUrlsOf(' ')).toEqual([]);
  });

  it('lists each standby in order, trimmed', () => {
    expect(readUrlsOf('postgres://u:p@standby-1:5432/db, postgresql://u:p@standby-2/db')).toEqual([
      'postgres://u:p@standby-1:5432/db',
      'postgresql://u:p@standby-2/db',
    ]);
  });

  it('refuses an entry that is empty, not a URL or not PostgreSQL, by its place and never echoing it', () => {
    expect(refusalOf('postgres://u:secret@a/db,,postgres://u:secret@b/db')).toContain(
      'DATABASE_READ_URLS entry 2 is empty',
    );
    expect(refusalOf('postgres://u:secret@a/db,not a url')).toContain('DATABASE_READ_URLS entry 2 is not a URL');
    const wrongScheme = refusalOf('mysql://u:secret@a/db');
    expect(wrongScheme).toContain('DATABASE_READ_URLS entry 1 must use postgres: or postgresql:');
    expect(wrongScheme).not.toContain('secret');
  });
});
