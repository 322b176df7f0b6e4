/**
 * An `api` process of the service in a process of its own, for tests that kill one while it answers: `node -r
 * @swc-node/register` this file with DATABASE_URL set. It prints "ready <port>" once it listens, and "acted" when a
 * request under an idempotency key has acted and is about to keep its answer, which it then never does: the test
 * kills it there, as a crash would.
 */
import { IdempotencyKeys } from '../../src/application/shared/idempotency';
import { createTestApp } from './test-app';

const main = async (): Promise<void> => {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const subject = await createTestApp({ databaseUrl, role: 'api' });
  const keys = subject.app.get(IdempotencyKeys);
  keys.answered = () => {
    process.stdout.write('acted\n');
    return new Promise<void>(() => undefined);
  };
  await subject.app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`ready ${(subject.app.getHttpServer().address() as { port: number }).port}\n`);
};

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
