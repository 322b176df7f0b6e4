import { Logger as Pino } from 'pino';
import { openChains } from '../../infrastructure/chain/open-chains';
import { Role } from '../../infrastructure/config/config';
import { createPool } from '../../infrastructure/postgres/database';
import { migrate } from '../../infrastructure/postgres/migrations';
import { Runtime } from '../../infrastructure/runtime';
import { createApp } from '../../main';
import { CliContext } from './cli-context';
import { seedDemo } from './demo-seed';

/**
 * Runs the service: opens the database (embedded unless DATABASE_URL) and the chains (embedded unless
 * CHAIN_<NAME>_RPC_URL), applies migrations, serves HTTP, and on SIGINT/SIGTERM stops in order: HTTP and workers
 * first, then the connections, then the embedded chains and server.
 */
export const serve = async (context: CliContext, role: Role): Promise<void> => {
  const { config, logger } = context;
  const database = await context.openDatabase();
  const pool = createPool(database.url, 2);
  const applied = await migrate(pool).finally(() => pool.end());
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const chains = await openChains(config, { info: (message) => logger.info(message), debug: (message) => logger.debug(message) }).catch(async (error: unknown) => {
    await database.stop();
    throw error;
  });
  const app = await createApp({ config, runtime: new Runtime(role, database.url, chains), logger });
  await app.listen({ port: config.values.port, host: config.values.host });
  if (database.embedded && role !== 'worker') {
    await seedDemo(app, `http://localhost:${config.values.port}`, (text) => process.stdout.write(`${text}\n`));
  }
  logger.info({ role, port: config.values.port, embeddedDatabase: database.embedded }, `domain-engine serving on http://${config.values.host}:${config.values.port}`);

  onStopSignal(logger, async () => {
    await app.close();
    await chains.stop();
    await database.stop();
  });
};

const onStopSignal = (logger: Pino, stop: () => Promise<void>): void => {
  let stopping = false;
  const handle = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stopped with an error');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', handle);
  process.once('SIGTERM', handle);
};
