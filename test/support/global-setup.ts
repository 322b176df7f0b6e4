import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createPool, withDatabase } from '../../src/infrastructure/postgres/database';
import { startEmbeddedPostgres } from '../../src/infrastructure/postgres/embedded-postgres';
import { migrate } from '../../src/infrastructure/postgres/migrations';
import { freePort } from './free-port';
import { TEMPLATE_DATABASE } from './test-database';

/** Starts one throwaway PostgreSQL for the run and a migrated template database that each test file copies. */
export default async function globalSetup(): Promise<void> {
  const runDir = mkdtempSync(join(tmpdir(), 'domain-engine-test-'));
  chmodSync(runDir, 0o755); // run as root, the server runs as the postgres user, who must reach its data directory
  const dataDir = join(runDir, 'postgres');
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    // a cluster thrown away after the run needs no durability, and without it every test runs faster
    settings: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
    log: { info: () => undefined, debug: () => undefined },
  });
  (globalThis as { __POSTGRES__?: unknown }).__POSTGRES__ = server;
  process.env.TEST_POSTGRES_URL = server.url;
  const admin = new Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const pool = createPool(withDatabase(server.url, TEMPLATE_DATABASE), 2);
  await migrate(pool);
  await pool.end();
}
