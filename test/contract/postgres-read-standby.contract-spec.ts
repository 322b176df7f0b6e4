import { createPool } from '../../src/infrastructure/postgres/database';
import { ReadConnections } from '../../src/infrastructure/postgres/read-connections';
import { startPrimaryWithStandby, PrimaryWithStandby } from '../support/streaming-standby';

/**
 * Reads on a hot standby (`ReadConnections`, `DATABASE_READ_URLS`): a second embedded PostgreSQL streams the first's
 * WAL; a read goes to it once it has replayed what the primary had when the read began, and to the primary when it
 * lags past the wait or is gone.
 */
describe('postgres reads on a streaming standby', () => {
  let servers: PrimaryWithStandby;
  let primary: ReturnType<typeof createPool>;
  let reads: ReadConnections;
  const warnings: string[] = [];

  beforeAll(async () => {
    servers = await startPrimaryWithStandby('reads');
    primary = createPool(servers.primaryUrl, 4);
    await primary.query('create table marks (id int primary key, value text not null)');
    reads = new ReadConnections(primary, {
      standbyUrls: [servers.standbyUrl],
      poolSize: 4,
      waitMs: 300,
      log: { warn: (message) => warnings.push(message) },
    });
  }, 60_000);
  afterAll(async () => {
    await reads?.close();
    await primary?.end();
    await servers?.stop();
  });

  /** Writes a value on the primary, then reads it back through the read connections: what it read, and where. */
  const writeThenRead = async (id: number, value: string) => {
    await primary.query('insert into marks values ($1, $2) on conflict (id) do update set value = $2', [id, value]);
    const { rows } = await reads.query<{ value: string; standby: boolean }>(
      'select value, pg_is_in_recovery() as standby from marks where id = $1',
      [id],
    );
    return rows[0];
  };

  it('reads a write made on the primary at once, from the standby', async () => {
    for (let n = 1; n <= 20; n++) expect(await writeThenRead(n, `v${n}`)).toEqual({ value: `v${n}`, standby: true });
    expect(warnings).toEqual([]);
  });

  it('reads from the primary while the standby lags behind the write, and from the standby once it catches up', async () => {
    await servers.onStandby('select pg_wal_replay_pause()');
    try {
      expect(await writeThenRead(100, 'while paused')).toEqual({ value: 'while paused', standby: false });
    } finally {
      await servers.onStandby('select pg_wal_replay_resume()');
    }
    expect(await writeThenRead(100, 'resumed')).toEqual({ value: 'resumed', standby: true });
  });

  it('refuses a bad statement as the primary would, without leaving the standby', async () => {
    await expect(reads.query('select no_such_column from marks')).rejects.toMatchObject({ code: '42703' });
    expect(await writeThenRead(200, 'after a refusal')).toEqual({ value: 'after a refusal', standby: true });
  });

  it('loses no read when the standby stops: the primary answers, and the standby is left alone', async () => {
    const before = await writeThenRead(300, 'before');
    await servers.stopStandby();
    const after = await Promise.all([1, 2, 3, 4, 5].map((n) => writeThenRead(300 + n, `after ${n}`)));
    expect([before, ...after]).toEqual([
      { value: 'before', standby: true },
      ...[1, 2, 3, 4, 5].map((n) => ({ value: `after ${n}`, standby: false })),
    ]);
    expect(warnings).toEqual([expect.stringContaining('reads go to the primary')]);
  });
});
