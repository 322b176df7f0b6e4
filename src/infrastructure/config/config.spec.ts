import { AppConfig } from './config';

const readUrlsOf = (raw: string | undefined) => new AppConfig({ DATABASE_READ_URLS: raw }).values.databaseReadUrls;
const refusalOf = (raw: string, variable = 'DATABASE_READ_URLS'): string => {
  try {
    new AppConfig({ [variable]: raw });
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

describe('MONGODB_URL', () => {
  it('keeps the read models in PostgreSQL when unset', () => {
    expect(new AppConfig({}).values.mongodbUrl).toBeUndefined();
    expect(new AppConfig({ MONGODB_URL: '' }).values.mongodbUrl).toBeUndefined();
  });

  it('takes one host, a replica set’s hosts, or an SRV name, with credentials, database and options', () => {
    for (const url of [
      'mongodb://localhost:27017',
      'mongodb://u:p@h1:27017,h2:27017,h3/domain_engine?replicaSet=rs0&authSource=admin',
      'mongodb+srv://u:p@cluster0.example.net/read_models?retryWrites=true',
    ])
      expect(new AppConfig({ MONGODB_URL: url }).values.mongodbUrl).toBe(url);
  });

  it('refuses anything else by name, never echoing it', () => {
    for (const raw of ['postgres://u:secret@h/db', 'mongodb://', 'mongodb://u:secret@', 'mongodb://h/ db secret']) {
      const refusal = refusalOf(raw, 'MONGODB_URL');
      expect(refusal).toContain('MONGODB_URL must be a mongodb:// or mongodb+srv:// connection string');
      expect(refusal).not.toContain('secret');
    }
  });
});
