import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createPool, withDatabase } from '../../src/infrastructure/postgres/database';
import { RunningPostgres, startEmbeddedPostgres } from '../../src/infrastructure/postgres/embedded-postgres';
import { migrate } from '../../src/infrastructure/postgres/migrations';
import { ensureDebianCommand } from './debian-tools';
import { freePort } from './free-port';
import { TEMPLATE_DATABASE, serverUrlVariable } from './test-database';

/**
 * Starts one throwaway PostgreSQL per Jest worker, each with a migrated template database that test files copy.
 * One cluster per worker, because the store's readers stop below the oldest transaction running anywhere in
 * the cluster: test files running side by side would hold each other's readers back.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  // outside DNS clients and validators the DNS tests check our server with, installed once before any test runs
  ensureDebianCommand('dig', 'bind9-dnsutils');
  ensureDebianCommand('ldns-verify-zone', 'ldnsutils');
  const runDir = mkdtempSync(join(tmpdir(), 'domain-engine-test-'));
  chmodSync(runDir, 0o755); // run as root, the server runs as the postgres user, who must reach its data directory
  const servers = await Promise.all(
    Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, async (_, index) => {
      const server = await startEmbeddedPostgres({
        dataDir: join(runDir, `postgres-${index + 1}`),
        port: await freePort(),
        // a cluster thrown away after the run needs no durability, and without it every test runs faster
        settings: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
        log: { info: () => undefined, debug: () => undefined },
      });
      process.env[serverUrlVariable(index + 1)] = server.url;
      await createTemplate(server);
      return server;
    }),
  );
  (globalThis as { __POSTGRES__?: RunningPostgres[] }).__POSTGRES__ = servers;
  // removed by the teardown: each run's clusters take over a gigabyte once the suite has run
  (globalThis as { __TEST_RUN_DIR__?: string }).__TEST_RUN_DIR__ = runDir;
}

const createTemplate = async (server: RunningPostgres): Promise<void> => {
  const admin = new Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const pool = createPool(withDatabase(server.url, TEMPLATE_DATABASE), 2);
  await migrate(pool);
  await pool.end();
};
