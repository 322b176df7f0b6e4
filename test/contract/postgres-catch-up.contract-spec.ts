import { randomUUID } from 'node:crypto';
import { PoolClient } from 'pg';
import {
  Checkpoint,
  EventMetadata,
  EventStore,
  START,
  StoredEvent,
} from '../../src/application/shared/event-store.port';
import { subscribe } from '../../src/application/shared/subscription';
import { appendStatement } from '../../src/infrastructure/postgres/postgres-event-store';
import { openPostgresEventStore } from '../support/event-stores';

const meta = (): EventMetadata => ({ commandId: randomUUID(), correlationId: 'c', causationId: 'c', accountId: null });
const write = (streamId: string, n: number) => [
  { streamId, expectedVersion: 'any' as const, events: [{ type: 'Counted', data: { n } }] },
];
const numbers = (events: StoredEvent[]) => events.map((e) => (e.data as { n: number }).n);

/** Everything a subscription from the start delivers, once it has delivered `count` events. */
const collect = (store: EventStore, count: number, from: Checkpoint = START): Promise<StoredEvent[]> => {
  const seen: StoredEvent[] = [];
  return new Promise((resolve) => {
    const subscription = subscribe(
      store,
      from,
      async (batch) => {
        seen.push(...batch);
        if (seen.length >= count) void subscription.close().then(() => resolve(seen));
      },
      { pollMs: 20 },
    );
  });
};

/**
 * The catch-up reader against real transactions: an event whose transaction commits after a later-numbered one
 * must still be read, whatever the reader had read before.
 */
describe('postgres catch-up reader', () => {
  let subject: Awaited<ReturnType<typeof openPostgresEventStore>>;
  let slow: PoolClient;
  let fast: PoolClient;
  const delivered = (count: number, from?: Checkpoint) => collect(subject.store, count, from);
  beforeEach(async () => {
    subject = await openPostgresEventStore();
    slow = await subject.pool.connect();
    fast = await subject.pool.connect();
  });
  afterEach(async () => {
    slow.release();
    fast.release();
    await subject.close();
  });

  it('holds back a later-numbered event while an earlier transaction is open, then reads both in order', async () => {
    await slow.query('begin');
    await slow.query(appendStatement(write('slow', 1), meta())); // takes the lower position, stays open
    await subject.store.append(write('fast', 2), meta()); // higher position, committed
    const [slowRow] = (await subject.pool.query("select global_position from events where stream_id = 'slow'")).rows;
    expect(slowRow).toBeUndefined(); // not visible yet, and not readable
    expect(await subject.store.readAll(START, 100)).toEqual([]);
    await slow.query('commit');
    // other databases' transactions share the horizon, so the rest arrives when they end: await it
    expect(numbers(await delivered(2))).toEqual([1, 2]);
  });

  it('reads a late-committing lower position after a checkpoint past it (a position-only reader would skip it)', async () => {
    await fast.query('begin');
    await fast.query('select pg_current_xact_id()'); // the fast transaction gets the older transaction id
    await slow.query('begin');
    await slow.query(appendStatement(write('slow', 1), meta())); // lower global position, newer transaction
    await fast.query(appendStatement(write('fast', 2), meta())); // higher global position
    await fast.query('commit');

    const first = await delivered(1);
    expect(numbers(first)).toEqual([2]);
    expect(first[0].globalPosition).toBeGreaterThan(1n);

    await slow.query('commit');
    const all = await delivered(2);
    expect(numbers(all)).toEqual([2, 1]);
    expect(all[1].globalPosition).toBeLessThan(all[0].globalPosition);
    expect(numbers(await delivered(1, first[0].checkpoint))).toEqual([1]);
  });

  it('orders transaction ids as numbers, not as text (9 before 10)', async () => {
    // rows as transactions 10 and 9 would have written them, the later position first
    await subject.pool.query(
      `insert into events (transaction_id, stream_id, stream_position, type, data, metadata)
       values ('10', 'x', 1, 'Counted', '{"n": 10}', '{}'), ('9', 'y', 1, 'Counted', '{"n": 9}', '{}')`,
    );
    expect(numbers(await delivered(2))).toEqual([9, 10]);
    expect((await subject.store.head()).transactionId).toBe(10n);
  });

  it('shares one query among the reads of a range asked in the same turn, and sends a new one for a later read', async () => {
    await subject.store.append(write('shared', 1), meta());
    const query = jest.spyOn(subject.pool, 'query');
    const readsOfEvents = () => query.mock.calls.filter(([sent]) => String(sent).includes('from events')).length;
    const together = await Promise.all(Array.from({ length: 5 }, () => subject.store.readAll(START, 10)));
    expect(together.map(numbers)).toEqual(together.map(() => [1]));
    expect(readsOfEvents()).toBe(1);
    // each caller has an array of its own
    together[0].pop();
    expect(together[1]).toHaveLength(1);

    await subject.store.append(write('shared', 2), meta());
    expect(numbers(await subject.store.readAll(START, 10))).toEqual([1, 2]);
    const heads = await Promise.all([subject.store.head(), subject.store.head(), subject.store.head()]);
    expect(new Set(heads.map((head) => head.position))).toEqual(new Set([heads[0].position]));
    expect(readsOfEvents()).toBe(3);
    query.mockRestore();
  });
});
