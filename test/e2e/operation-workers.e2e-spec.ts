import { Client, Pool } from 'pg';
import { WorkQueue } from '../../src/application/operations/work-queue.port';
import { PostgresNotifications } from '../../src/infrastructure/postgres/postgres-notifications';
import { PostgresWorkQueue } from '../../src/infrastructure/postgres/postgres-work-queue';
import { killed, startChildWorker } from '../support/child-worker';
import { quietLog } from '../support/event-stores';
import { executorCounts, readOperation, requestTestOperation } from '../support/operations';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';
import { TestExecutorModule } from '../support/test-executor.module';
import { TEST_STEP_HELD_CHANNEL } from '../support/test-step.executor';

const WORKER_ENV = { WORKER_LEASE_MS: '1000', CONSUMER_STANDBY_MS: '100' };

/**
 * Requests an operation of two steps whose first run hangs once it has done its effect (the child worker runs it),
 * and resolves when it hangs there, with the dependency held.
 */
const holdFirstRun = async (databaseUrl: string, api: TestApp) => {
  const listener = new Client({ connectionString: databaseUrl });
  await listener.connect();
  await listener.query(`listen ${TEST_STEP_HELD_CHANNEL}`);
  const held = new Promise<string>((resolve) =>
    listener.on('notification', (message) => resolve(message.payload as string)),
  );
  try {
    const requested = await requestTestOperation(api, { steps: [{ holdFirstRun: true }, {}] });
    return { requested, heldDependency: await held };
  } finally {
    await listener.end();
  }
};
const extraModules = [TestExecutorModule];

describe('operation workers across processes', () => {
  const apps: TestApp[] = [];
  const app = async (options: Parameters<typeof createTestApp>[0]) => {
    const created = await createTestApp(options);
    apps.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((created) => created.close()));
  });

  it('leases each piece of work to one of many racing lease calls', async () => {
    const databaseUrl = await createTestDatabase();
    const pool = new Pool({ connectionString: databaseUrl, max: 20 });
    const notifications = new PostgresNotifications(databaseUrl, quietLog);
    const queues: WorkQueue[] = [
      new PostgresWorkQueue(pool, notifications),
      new PostgresWorkQueue(pool, notifications),
    ];
    for (let n = 0; n < 40; n++) await queues[0].schedule(`op-${n}`, { dependencyId: `plop_${n}`, runAfter: null });
    const leases = await Promise.all(
      Array.from({ length: 80 }, (_, n) => queues[n % 2].lease(`worker-${n % 2}-${n}`, 60_000)),
    );
    const leased = leases.filter((lease) => lease !== undefined).map((lease) => lease?.dependencyId);
    expect(leased).toHaveLength(40);
    expect(new Set(leased).size).toBe(40);
    await notifications.close();
    await pool.end();
  });

  it('runs each dependency exactly once with two worker instances racing for the same queue', async () => {
    const one = await app({ env: WORKER_ENV, extraModules });
    const two = await app({ databaseUrl: one.databaseUrl, env: WORKER_ENV, extraModules });
    const ops = await Promise.all(Array.from({ length: 20 }, () => requestTestOperation(one, { steps: [{}, {}, {}] })));
    await one.settled();
    await two.settled();
    for (const op of ops) expect((await readOperation(one, op)).status).toBe('COMPLETED');
    const ids = ops.flatMap((op) => op.dependencies.map((dependency) => dependency.id));
    const { runs, effects } = await executorCounts(one.app.get(Pool), ids);
    expect(Object.keys(runs).sort()).toEqual([...ids].sort());
    expect(new Set(Object.values(runs))).toEqual(new Set([1]));
    expect(effects).toBe(60);
  });

  it('finishes the work of a worker killed mid-dependency once its lease expires, with the effect counted once', async () => {
    const databaseUrl = await createTestDatabase();
    const child = await startChildWorker(databaseUrl, { WORKER_LEASE_MS: '1000' });
    const api = await app({ databaseUrl, role: 'api', env: WORKER_ENV, extraModules });

    const { requested, heldDependency } = await holdFirstRun(databaseUrl, api);
    const [first, second] = requested.dependencies.map((dependency) => dependency.id);
    expect(heldDependency).toBe(first); // the child has done the effect and now hangs before recording it
    await killed(child);

    const survivor = await app({ databaseUrl, env: WORKER_ENV, extraModules });
    await survivor.settled();
    const op = await readOperation(survivor, requested);
    expect(op.status).toBe('COMPLETED');
    const { runs, effects } = await executorCounts(survivor.app.get(Pool), [first, second]);
    expect(runs).toEqual({ [first]: 2, [second]: 1 }); // run again after the crash...
    expect(effects).toBe(2); // ...but its effect happened once
  });

  it('takes back at once the work of a process of this host that was killed, instead of waiting out its lease', async () => {
    const LEASE_MS = 120_000;
    const databaseUrl = await createTestDatabase();
    const child = await startChildWorker(databaseUrl, { WORKER_LEASE_MS: String(LEASE_MS) });
    const api = await app({ databaseUrl, role: 'api', env: WORKER_ENV, extraModules });

    const { requested } = await holdFirstRun(databaseUrl, api); // leased to the child, its lease two minutes long
    await killed(child);

    const started = Date.now();
    const survivor = await app({
      databaseUrl,
      env: { ...WORKER_ENV, WORKER_LEASE_MS: String(LEASE_MS) },
      extraModules,
    });
    await survivor.settled();
    expect((await readOperation(survivor, requested)).status).toBe('COMPLETED');
    expect(Date.now() - started).toBeLessThan(LEASE_MS / 4);
  });
});
