import { RunningPostgres } from '../../src/infrastructure/postgres/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  await Promise.all(
    ((globalThis as { __POSTGRES__?: RunningPostgres[] }).__POSTGRES__ ?? []).map((server) => server.stop()),
  );
}
