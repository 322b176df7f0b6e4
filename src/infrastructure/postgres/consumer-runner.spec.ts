import { randomUUID } from 'node:crypto';
import { StoredEvent } from '../../application/shared/event-store.port';
import { Projection, Reactor } from '../../application/shared/projection';
import { openPostgresEventStore, quietLog } from '../../../test/support/event-stores';
import { CONSUMERS_CHANNEL, ConsumerRunner } from './consumer-runner';
import { DocumentStore } from '../../application/shared/document-store.port';
import { PROJECTION_STORE_ADAPTERS, ProjectionStoreUnderTest } from '../../../test/support/projection-stores';
import { PostgresNotifications } from './postgres-notifications';
import { Signal } from '../../../test/support/signal';

type Tally = { stream: string; count: number; version: number };

const evolvedSignal = new Signal();

const tally = (version: number, evolved: string[] = []): Projection<Tally> => ({
  name: 'tally',
  version,
  handles: ['Counted'],
  idOf: (event) => event.streamId,
  evolve: (row, event) => {
    evolved.push(`${event.streamId}#${event.streamPosition}`);
    evolvedSignal.notify();
    return { stream: event.streamId, count: (row?.count ?? 0) + 1, version };
  },
});

/**
 * The runner on PostgreSQL's event store and locks, with its documents and checkpoints in each projection store that
 * can run here (MongoDB's too when `MONGODB_URL` is set).
 */
describe.each(PROJECTION_STORE_ADAPTERS)(
  'consumer runner (projections and reactors, documents on %s)',
  (kept, open) => {
    let subject: Awaited<ReturnType<typeof openPostgresEventStore>>;
    let notifications: PostgresNotifications;
    let projectionStore: ProjectionStoreUnderTest;
    let documents: DocumentStore;
    const runners: ConsumerRunner[] = [];

    const runner = (projections: Projection<unknown>[], reactors: Reactor[] = []): ConsumerRunner => {
      const created = new ConsumerRunner(projectionStore.store, subject.store, notifications, projections, reactors, {
        connectionString: subject.url,
        batchSize: 3,
        pollMs: 50,
        retryMs: 10,
        standbyMs: 50,
        log: quietLog,
      });
      runners.push(created);
      return created;
    };
    const settle = async (consumers: ConsumerRunner) => consumers.reached(await subject.store.head());
    const count = (streamId: string, n = 1) =>
      subject.store.append(
        [
          {
            streamId,
            expectedVersion: 'any',
            events: Array.from({ length: n }, () => ({ type: 'Counted', data: {} })),
          },
        ],
        {
          commandId: randomUUID(),
          correlationId: 'c',
          causationId: 'c',
          accountId: null,
        },
      );

    beforeEach(async () => {
      subject = await openPostgresEventStore();
      notifications = new PostgresNotifications(subject.url, quietLog, 50);
      projectionStore = await open(subject.pool);
      documents = projectionStore.documents;
    });
    afterEach(async () => {
      await Promise.all(runners.splice(0).map((created) => created.stop()));
      await projectionStore.close();
      await notifications.close();
      await subject.close();
    });

    it('folds events into documents, in batches, and serves them once live', async () => {
      await count('a', 4);
      await count('b', 2);
      const consumers = runner([tally(1) as Projection<unknown>]);
      await consumers.start();
      await settle(consumers);
      expect(await documents.get<Tally>('tally', 'a')).toEqual({ stream: 'a', count: 4, version: 1 });
      expect(await documents.get<Tally>('tally', 'b')).toMatchObject({ count: 2 });
      await count('a');
      await settle(consumers);
      expect(await documents.get<Tally>('tally', 'a')).toMatchObject({ count: 5 });
    });

    it('applies an event to a projection that shows last only once every other projection has, in this process or another', async () => {
      let attempts = 0;
      let caughtUp = false;
      const tried = new Signal();
      // a read model that lags: it refuses the event until let go, and the runner delivers it again
      const laggard: Projection<Tally> = {
        ...tally(1),
        name: 'laggard',
        evolve: (row, event) => {
          attempts++;
          tried.notify();
          if (!caughtUp) throw new Error('not yet');
          return { stream: event.streamId, count: (row?.count ?? 0) + 1, version: 1 };
        },
      };
      const last: Projection<Tally> = { ...tally(1), name: 'last', showsLast: true };
      const reactions: string[] = [];
      const afterReadModels: Reactor = {
        name: 'after-read-models',
        handles: ['Counted'],
        afterReadModels: true,
        react: async (events) => void reactions.push(...events.map((event) => event.streamId)),
      };
      // the laggard runs in another process, which took it first; this one stands by for it and runs the rest
      const elsewhere = runner([laggard as Projection<unknown>]);
      await elsewhere.start();
      const here = runner([laggard as Projection<unknown>, last as Projection<unknown>], [afterReadModels]);
      await here.start();
      await count('a');
      await tried.until(() => attempts >= 3);
      expect(await documents.get<Tally>('last', 'a')).toBeUndefined();
      expect(reactions).toEqual([]);
      caughtUp = true;
      await settle(elsewhere);
      await settle(here);
      expect(await documents.get<Tally>('laggard', 'a')).toMatchObject({ count: 1 });
      expect(await documents.get<Tally>('last', 'a')).toMatchObject({ count: 1 });
      expect(reactions).toEqual(['a']);
    });

    // a transaction is PostgreSQL's to count here
    (kept === 'postgres' ? it : it.skip)(
      'moves past events a projection ignores after all (no document) without opening a transaction',
      async () => {
        const ignoring: Projection<Tally> = {
          ...tally(1),
          idOf: (event) => (event.streamId === 'ignored' ? null : event.streamId),
        };
        const consumers = runner([ignoring as Projection<unknown>]);
        await consumers.start();
        await count('kept');
        await settle(consumers);
        // a transaction checks a client out of the pool (`pool.connect()`); a single statement passes a callback
        const connect = jest.spyOn(subject.pool, 'connect');
        const transactions = () => connect.mock.calls.filter((call) => (call as unknown[]).length === 0).length;
        await count('ignored', 2);
        await settle(consumers);
        expect(transactions()).toBe(0);
        await count('kept');
        await settle(consumers);
        expect(transactions()).toBeGreaterThan(0);
        expect(await documents.get<Tally>('tally', 'kept')).toMatchObject({ count: 2 });
        expect(await documents.get<Tally>('tally', 'ignored')).toBeUndefined();
      },
    );

    it('resumes from its checkpoint after a restart, without handling old events again', async () => {
      await count('a', 5);
      const first = runner([tally(1) as Projection<unknown>]);
      await first.start();
      await settle(first);
      await first.stop();
      await count('a', 2);
      const evolved: string[] = [];
      const second = runner([tally(1, evolved) as Projection<unknown>]);
      await second.start();
      await settle(second);
      expect(evolved).toEqual(['a#6', 'a#7']);
      expect(await documents.get<Tally>('tally', 'a')).toMatchObject({ count: 7 });
    });

    it('skips events a document has seen when a batch is delivered again', async () => {
      await count('a', 3);
      const first = runner([tally(1) as Projection<unknown>]);
      await first.start();
      await settle(first);
      await first.stop();
      // the crash this guards against: documents written, checkpoint lost
      await projectionStore.forgetCheckpoints();
      const evolved: string[] = [];
      const second = runner([tally(1, evolved) as Projection<unknown>]);
      await second.start();
      await settle(second);
      expect(evolved).toEqual([]);
      expect(await documents.get<Tally>('tally', 'a')).toMatchObject({ count: 3 });
    });

    it('rebuilds a bumped version from the first event, then switches queries over and drops the old documents', async () => {
      await count('a', 4);
      const v1 = runner([tally(1) as Projection<unknown>]);
      await v1.start();
      await settle(v1);
      await v1.stop();
      const v2 = runner([tally(2) as Projection<unknown>]);
      await v2.start();
      await settle(v2);
      expect(await documents.get<Tally>('tally', 'a')).toEqual({ stream: 'a', count: 4, version: 2 });
      expect(await projectionStore.generationsHolding('tally')).toHaveLength(1);
    });

    it('rebuilds on request into a new generation while the old one keeps answering', async () => {
      await count('a', 2);
      const evolved: string[] = [];
      const consumers = runner([tally(1, evolved) as Projection<unknown>]);
      await consumers.start();
      await settle(consumers);
      await projectionStore.store.startNewGeneration('tally', 1);
      expect(await documents.get<Tally>('tally', 'a')).toMatchObject({ count: 2 }); // still the live generation
      await subject.pool.query(`select pg_notify('${CONSUMERS_CHANNEL}', '')`);
      await evolvedSignal.until(() => evolved.length === 4);
      await settle(consumers);
      expect(evolved).toEqual(['a#1', 'a#2', 'a#1', 'a#2']);
    });

    it('starts a rebuilt generation once, even when standby passes run while it starts', async () => {
      type Internals = Record<'run' | 'tryStartEach', (...args: never[]) => Promise<void>>;
      const internals = ConsumerRunner.prototype as unknown as Internals;
      await count('a', 2);
      const evolved: string[] = [];
      const consumers = runner([tally(1, evolved) as Projection<unknown>]);
      await consumers.start();
      await settle(consumers);
      const passes = new Signal();
      let passCount = 0;
      const tryStartEach = internals.tryStartEach;
      jest.spyOn(internals, 'tryStartEach').mockImplementation(async function (this: unknown) {
        await tryStartEach.call(this);
        passCount += 1;
        passes.notify();
      });
      // the switch to the new generation is held at its start until two standby passes have run
      const run = internals.run;
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const runs = jest.spyOn(internals, 'run').mockImplementation(async function (this: unknown, ...args: never[]) {
        if (runs.mock.calls.length === 1) await held;
        return run.apply(this, args);
      });
      try {
        await projectionStore.store.startNewGeneration('tally', 1);
        await subject.pool.query(`select pg_notify('${CONSUMERS_CHANNEL}', '')`);
        await passes.until(() => runs.mock.calls.length >= 1);
        const seen = passCount;
        await passes.until(() => passCount >= seen + 2);
        release();
        await evolvedSignal.until(() => evolved.length >= 4);
        await settle(consumers);
        expect(runs).toHaveBeenCalledTimes(1);
        expect(evolved).toEqual(['a#1', 'a#2', 'a#1', 'a#2']);
      } finally {
        release();
        jest.restoreAllMocks();
      }
    });

    it('delivers handled events to reactors at least once, and lets one process run each consumer', async () => {
      const seenBy: Record<string, string[]> = { one: [], two: [] };
      const seen = new Signal();
      const reactor = (who: string): Reactor => ({
        name: 'echo',
        handles: ['Counted'],
        react: async (events: readonly StoredEvent[]) => {
          seenBy[who].push(...events.map((event) => event.streamId));
          seen.notify();
        },
      });
      const one = runner([], [reactor('one')]);
      const two = runner([], [reactor('two')]);
      await one.start();
      await two.start();
      await count('a');
      await count('b');
      await settle(one);
      expect(seenBy.one).toEqual(['a', 'b']);
      expect(seenBy.two).toEqual([]);
      await one.stop(); // its lock goes with its connection; the standby takes over from the checkpoint
      await count('c');
      await seen.until(() => seenBy.two.length > 0);
      await settle(two);
      expect(seenBy.two).toEqual(['c']);
    });
  },
);
