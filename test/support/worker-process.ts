/**
 * A worker of the service in a process of its own, for tests that kill one: `node -r @swc-node/register` this file
 * with DATABASE_URL set. It prints "ready" once it runs.
 */
import { createTestApp } from './test-app';
import { TestExecutorModule } from './test-executor.module';

const main = async (): Promise<void> => {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  await createTestApp({
    databaseUrl,
    role: 'worker',
    env: { WORKER_LEASE_MS: process.env.WORKER_LEASE_MS ?? '1000', CONSUMER_STANDBY_MS: '100' },
    extraModules: [TestExecutorModule],
  });
  process.stdout.write('ready\n');
};

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
