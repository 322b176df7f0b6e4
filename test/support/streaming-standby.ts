import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { withDatabase } from '../../src/infrastructure/postgres/database';
import { RunningPostgres, startEmbeddedPostgres } from '../../src/infrastructure/postgres/embedded-postgres';
import { freePort } from './free-port';

export interface PrimaryWithStandby {
  /** The primary's and the standby's URLs for `database`. */
  readonly primaryUrl: string;
  readonly standbyUrl: string;
  /** Stops the standby (a fast shutdown); reads must go on without it. */
  stopStandby(): Promise<void>;
  /** Runs a statement on the standby's `database` as its superuser (pausing its replay, reading its statistics). */
  onStandby<Row>(sql: string): Promise<Row[]>;
  stop(): Promise<void>;
}

const quiet = { info: () => undefined, debug: () => undefined };

/**
 * Two embedded PostgreSQL servers, the second a hot standby streaming from the first. The embedded binaries have no
 * `pg_basebackup`, so the standby's data directory is a copy of the primary's taken between `pg_backup_start` and
 * `pg_backup_stop` (a non-exclusive base backup, PostgreSQL 15+), with the `backup_label` the primary hands back, a
 * `standby.signal` and the primary's address; a replication slot keeps the WAL the standby still needs.
 */
export const startPrimaryWithStandby = async (database: string): Promise<PrimaryWithStandby> => {
  const runDir = mkdtempSync(join(tmpdir(), 'domain-engine-standby-'));
  chmodSync(runDir, 0o755); // run as root, the servers run as the postgres user, who must reach their directories
  const primaryDir = join(runDir, 'primary');
  const standbyDir = join(runDir, 'standby');
  const primary = await startEmbeddedPostgres({ dataDir: primaryDir, port: await freePort(), log: quiet });
  let standby: RunningPostgres | undefined;
  try {
    const admin = new Client({ connectionString: primary.url });
    await admin.connect();
    try {
      await admin.query(`create database ${database}`);
      await admin.query(`select pg_create_physical_replication_slot('standby', true)`);
      await admin.query(`select pg_backup_start('standby', true)`);
      execFileSync('cp', ['-a', primaryDir, standbyDir]);
      const { rows } = await admin.query<{ labelfile: string }>('select labelfile from pg_backup_stop(true)');
      for (const file of ['postmaster.pid', 'postmaster.opts']) rmSync(join(standbyDir, file), { force: true });
      rmSync(join(standbyDir, 'pg_replslot', 'standby'), { recursive: true, force: true });
      writeFileSync(join(standbyDir, 'backup_label'), rows[0].labelfile);
      writeFileSync(join(standbyDir, 'standby.signal'), '');
      const { hostname, port, password } = new URL(primary.url);
      appendFileSync(
        join(standbyDir, 'postgresql.auto.conf'),
        `primary_conninfo = 'host=${hostname} port=${port} user=postgres password=${decodeURIComponent(password)}'\n` +
          `primary_slot_name = 'standby'\n`,
      );
      execFileSync('chown', ['-R', '--reference', primaryDir, standbyDir]);
    } finally {
      await admin.end();
    }
    standby = await startEmbeddedPostgres({ dataDir: standbyDir, port: await freePort(), log: quiet });
  } catch (error) {
    await standby?.stop();
    await primary.stop();
    throw error;
  }
  const running = standby;
  let standbyStopped = false;
  return {
    primaryUrl: withDatabase(primary.url, database),
    standbyUrl: withDatabase(running.url, database),
    stopStandby: async () => {
      standbyStopped = true;
      await running.stop();
    },
    onStandby: async <Row>(sql: string) => {
      const client = new Client({ connectionString: withDatabase(running.url, database) });
      await client.connect();
      try {
        return (await client.query(sql)).rows as Row[];
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      if (!standbyStopped) await running.stop();
      await primary.stop();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
};
