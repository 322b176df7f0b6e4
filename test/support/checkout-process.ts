/**
 * An `api` process of the service in a process of its own, for the test that kills a checkout mid-fulfilment: `node -r
 * @swc-node/register` this file with DATABASE_URL set. It prints "ready <port>" once it listens, and "delivering" once
 * a checkout has paid its order and started the operation of its first line; the next line's operation then never
 * starts: the test kills it there, as a crash would.
 */
import { CommandBus } from '@nestjs/cqrs';
import { RegisterDnsDomain } from '../../src/application/dns-domains/register-domain.command';
import { createTestApp } from './test-app';

const main = async (): Promise<void> => {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const subject = await createTestApp({ databaseUrl, role: 'api', env: { READ_YOUR_WRITES_WAIT_MS: '0' } });
  const commands = subject.app.get(CommandBus);
  const execute = commands.execute.bind(commands);
  let registrations = 0;
  commands.execute = (async (command: unknown) => {
    if (!(command instanceof RegisterDnsDomain)) return execute(command as never);
    registrations += 1;
    if (registrations > 1) {
      process.stdout.write('delivering\n');
      return new Promise(() => undefined);
    }
    return execute(command as never);
  }) as typeof commands.execute;
  await subject.app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`ready ${(subject.app.getHttpServer().address() as { port: number }).port}\n`);
};

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
