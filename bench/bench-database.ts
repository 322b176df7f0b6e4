import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { withDatabase } from '../src/infrastructure/postgres/database';
import { startEmbeddedPostgres } from '../src/infrastructure/postgres/embedded-postgres';
import { freePort } from '../test/support/free-port';

/** An embedded PostgreSQL of its own with an empty database `bench`, and how to stop it and remove its files. */
export interface BenchDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

export const startBenchDatabase = async (): Promise<BenchDatabase> => {
  const runDir = mkdtempSync(join(tmpdir(), 'domain-engine-bench-'));
  chmodSync(runDir, 0o755); // run as root, the server runs as the postgres user, who must reach its data directory
  const server = await startEmbeddedPostgres({
    dataDir: join(runDir, 'postgres'),
    port: await freePort(),
    log: { info: () => undefined, debug: () => undefined },
  });
  const admin = new Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  return {
    url: withDatabase(server.url, 'bench'),
    stop: async () => {
      await server.stop();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
};
