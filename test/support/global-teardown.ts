import { RunningPostgres } from '../../src/infrastructure/postgres/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __POSTGRES__?: RunningPostgres }).__POSTGRES__?.stop();
}
