import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { AnyProjection } from '../../application/shared/projection';
import {
  Checkpoint,
  checkpointToString,
  compareCheckpoints,
  EventStore,
} from '../../application/shared/event-store.port';
import { ConsumerRunner } from '../../infrastructure/postgres/consumer-runner';
import { ProjectionStore } from '../../application/shared/projection-store.port';
import { PostgresNotifications } from '../../infrastructure/postgres/postgres-notifications';
import { createPool } from '../../infrastructure/postgres/database';
import { migrate } from '../../infrastructure/postgres/migrations';
import { NO_CHAINS } from '../../infrastructure/chain/chain-network';
import { Runtime } from '../../infrastructure/runtime';
import { createApp } from '../../main';
import { CliContext } from './cli-context';
import { NO_PROGRESS, Progress, StartProgress } from './progress';

const WAIT_FOR_SERVICE_MS = 15_000;

/**
 * Runs `work` against the application without serving it: the database opened (embedded or `DATABASE_URL`),
 * migrated, and the projections it `reads` caught up first, so that what the command reads is current whether or not
 * a service runs (a running service keeps them; otherwise this process does). A command that only writes reads none:
 * the service's projections (or the next command's) take in what it appended.
 */
export const withApp = async <T>(
  context: CliContext,
  reads: readonly string[],
  work: (app: NestFastifyApplication) => Promise<T>,
): Promise<T> => {
  const database = await context.openDatabase();
  const migrations = createPool(database.url, 1);
  await migrate(migrations).finally(() => migrations.end());
  const app = await createApp({
    config: context.config,
    // a command's application neither answers DNS nor hosts sites: a running service (or none) does
    runtime: new Runtime('api', database.url, NO_CHAINS, true),
    logger: context.logger,
  });
  try {
    const read = app.get(ConsumerRegistry).projections.filter((projection) => reads.includes(projection.name));
    if (read.length > 0) await catchUpProjections(app, context, read);
    return await work(app);
  } finally {
    await app.close();
    await database.stop();
  }
};

/**
 * Brings `projections` (all by default) up to the end of the store: those no service runs are run here, the others
 * are awaited in the service. Returns the names run here. With `progress`, shows the events those run here applied
 * of the events they had to go.
 */
export const catchUpProjections = async (
  app: NestFastifyApplication,
  context: CliContext,
  projections: readonly AnyProjection[] = app.get(ConsumerRegistry).projections,
  waitForService = true,
  progress?: StartProgress,
): Promise<Set<string>> => {
  const url = app.get(Runtime).databaseUrl;
  const store = app.get(EventStore);
  const notifications = new PostgresNotifications(url, { warn: (message) => context.logger.warn(message) });
  const applied = new Map<string, Checkpoint>();
  let done = 0;
  let bar: Progress = NO_PROGRESS;
  const projectionStore = app.get(ProjectionStore);
  const runner = new ConsumerRunner(projectionStore, store, notifications, projections, [], {
    connectionString: url,
    batchSize: context.config.values.consumerBatchSize,
    pollMs: 100,
    retryMs: 500,
    standbyMs: 60_000,
    log: {
      info: (line) => context.logger.debug(line),
      warn: (line) => context.logger.warn(line),
      error: (line) => context.logger.error(line),
    },
    onHandled: (name, events, through) => {
      applied.set(name, through);
      done += events;
      bar.set(done);
    },
  });
  try {
    await runner.start();
    const head = await store.head();
    if (progress) {
      // read in one turn: a batch is either in `done` and `applied`, or still ahead of the position it started from
      const from = runner.positions().map(({ name, position }) => applied.get(name) ?? position);
      const before = done;
      const total = before + (await eventsToGo(store, from, head));
      if (total > 0) bar = progress(total);
      bar.set(done);
    }
    await runner.reached(head);
    bar.finish();
    const mine = new Set(runner.positions().map((position) => position.name));
    // the others run in a service: wait for its checkpoints to pass the head
    const deadline = Date.now() + WAIT_FOR_SERVICE_MS;
    for (const projection of projections.filter((candidate) => waitForService && !mine.has(candidate.name))) {
      for (;;) {
        const { generation } = await projectionStore.currentGeneration(projection.name, projection.version);
        if (compareCheckpoints(await projectionStore.checkpointOf(projection.name, generation), head) >= 0) break;
        if (Date.now() > deadline)
          throw new Error(`projection ${projection.name} is behind and the service running it did not catch up`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return mine;
  } finally {
    bar.finish();
    await runner.stop();
    await notifications.close();
  }
};

/** The events consumers at `from` have to handle to reach `head`, counted once per distinct checkpoint. */
const eventsToGo = async (store: EventStore, from: readonly Checkpoint[], head: Checkpoint): Promise<number> => {
  const consumers = new Map<string, { checkpoint: Checkpoint; count: number }>();
  for (const checkpoint of from) {
    const key = checkpointToString(checkpoint);
    consumers.set(key, { checkpoint, count: (consumers.get(key)?.count ?? 0) + 1 });
  }
  const counts = await Promise.all(
    [...consumers.values()].map(async ({ checkpoint, count }) => count * (await store.countBetween(checkpoint, head))),
  );
  return counts.reduce((sum, count) => sum + count, 0);
};
