import { rmSync } from 'node:fs';
import { RunningPostgres } from '../../src/infrastructure/postgres/embedded-postgres';

/** Stops the run's PostgreSQL clusters and removes their files, which would otherwise fill the disk run by run. */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis as { __POSTGRES__?: RunningPostgres[]; __TEST_RUN_DIR__?: string };
  await Promise.all((state.__POSTGRES__ ?? []).map((server) => server.stop()));
  if (state.__TEST_RUN_DIR__) rmSync(state.__TEST_RUN_DIR__, { recursive: true, force: true });
}
