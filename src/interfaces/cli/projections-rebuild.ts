import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { EventStore } from '../../application/shared/event-store.port';
import { ConsumerRunner, CONSUMERS_CHANNEL } from '../../infrastructure/postgres/consumer-runner';
import { startNewGeneration } from '../../infrastructure/postgres/consumer-checkpoints';
import { createPool } from '../../infrastructure/postgres/database';
import { migrate } from '../../infrastructure/postgres/migrations';
import { PostgresNotifications } from '../../infrastructure/postgres/postgres-notifications';
import { Runtime } from '../../infrastructure/runtime';
import { createApp } from '../../main';
import { CliContext } from './cli-context';

/**
 * Starts a new generation of the named projection (all of them when no name is given). When no service runs it,
 * the rebuild runs here to the end of the store; otherwise the running service is told and rebuilds it, and
 * queries keep reading the old generation until the new one has caught up.
 */
export const rebuildProjections = async (context: CliContext, name: string | undefined, out: (line: string) => void): Promise<void> => {
  const database = await context.openDatabase();
  const pool = createPool(database.url, 4);
  const notifications = new PostgresNotifications(database.url, { warn: (message) => context.logger.warn(message) });
  const app = await createApp({ config: context.config, runtime: new Runtime('api', database.url), logger: context.logger });
  try {
    await migrate(pool);
    const all = app.get(ConsumerRegistry).projections;
    const chosen = name ? all.filter((projection) => projection.name === name) : all;
    if (chosen.length === 0) throw new Error(`no projection named ${name}; known: ${all.map((projection) => projection.name).join(', ')}`);
    for (const projection of chosen) await startNewGeneration(pool, projection.name, projection.version);
    await pool.query(`select pg_notify('${CONSUMERS_CHANNEL}', '')`);
    const store = app.get(EventStore);
    const runner = new ConsumerRunner(pool, store, notifications, chosen, [], {
      connectionString: database.url, batchSize: context.config.values.consumerBatchSize, pollMs: 200, retryMs: 1000, standbyMs: 60_000,
      log: { info: (line) => context.logger.info(line), warn: (line) => context.logger.warn(line), error: (line) => context.logger.error(line) },
    });
    await runner.start();
    const here = new Set(runner.positions().map((position) => position.name));
    await runner.reached(await store.head());
    await runner.stop();
    for (const projection of chosen) {
      out(here.has(projection.name) ? `${projection.name}: rebuilt and live` : `${projection.name}: a running service rebuilds it now`);
    }
  } finally {
    await app.close();
    await notifications.close();
    await pool.end();
    await database.stop();
  }
};
