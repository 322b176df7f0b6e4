import { Logger as Pino } from 'pino';
import { Readiness } from '../../application/shared/readiness';
import { openChains, tokenMetadataPrefix } from '../../infrastructure/chain/open-chains';
import { Role } from '../../infrastructure/config/config';
import { createPool, withAdvisoryLock } from '../../infrastructure/postgres/database';
import { migrate } from '../../infrastructure/postgres/migrations';
import { Runtime } from '../../infrastructure/runtime';
import { createApp } from '../../main';
import { CliContext } from './cli-context';
import { seedDemo } from './demo-seed';
import { listenWhileStarting } from './starting-listener';

// any constant shared by every process (the migrations take 7_460_001)
const CHAINS_LOCK = 7_460_002;

/**
 * Runs the service: holds its port (answering 503 while it starts), opens the database (embedded unless
 * DATABASE_URL) and the chains (embedded unless CHAIN_<NAME>_RPC_URL), applies migrations, starts the application
 * (and its workers in the worker and all roles), seeds the demo accounts on a first embedded start, and only then
 * reports ready. On SIGINT/SIGTERM it stops in order: HTTP and workers first, then the connections, then the
 * embedded chains and server. A failed start stops what it had started.
 */
export const serve = async (context: CliContext, role: Role): Promise<void> => {
  const { config, logger } = context;
  const { port, host, chains: chainNames, databaseUrl } = config.values;
  const seedsDemo = databaseUrl === undefined && role !== 'worker';
  const starting = new Readiness();
  starting.waitFor(
    'database',
    'migrations',
    ...(chainNames.length > 0 ? ['chains'] : []),
    'application',
    ...(role !== 'api' ? ['workers'] : []),
    ...(seedsDemo ? ['demo accounts'] : []),
  );
  const listener = await listenWhileStarting(port, host, starting);
  const undo: (() => Promise<void>)[] = [];
  try {
    const database = await context.openDatabase();
    undo.push(() => database.stop());
    starting.done('database');
    const pool = createPool(database.url, 2);
    const applied = await migrate(pool).finally(() => pool.end());
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    starting.done('migrations');
    const log = { info: (message: string) => logger.info(message), debug: (message: string) => logger.debug(message) };
    // one process of the data directory at a time finds or starts its chains, so none starts a second node on their
    // state
    // the registries' token URIs name a process that serves the metadata route: not a worker
    const serving = role === 'worker' ? {} : { tokenMetadata: tokenMetadataPrefix(config) };
    const chains = await withAdvisoryLock(database.url, CHAINS_LOCK, () => openChains(config, log, serving));
    undo.push(() => chains.stop());
    starting.done('chains');
    // the engine, its workers and the chain indexers start while the application initialises
    const app = await createApp({ config, runtime: new Runtime(role, database.url, chains), logger });
    undo.push(() => app.close());
    starting.done('application');
    starting.done('workers');
    const readiness = app.get(Readiness);
    readiness.waitFor(...starting.pendingSteps());
    await listener.close();
    await app.listen({ port, host });
    if (seedsDemo) {
      await seedDemo(app, `http://localhost:${port}`, (text) => process.stdout.write(`${text}\n`));
      readiness.done('demo accounts');
    }
    logger.info({ role, port, embeddedDatabase: database.embedded }, `domain-engine serving on http://${host}:${port}`);
    onStopSignal(logger, async () => {
      await app.close();
      await chains.stop();
      await database.stop();
    });
  } catch (error) {
    await listener.close();
    for (const step of undo.reverse()) await step().catch(() => undefined);
    throw error;
  }
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
