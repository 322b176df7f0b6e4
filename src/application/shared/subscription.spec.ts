import { InMemoryEventStore } from '../../infrastructure/memory/in-memory-event-store';
import { Checkpoint, START, StoredEvent } from './event-store.port';
import { subscribe } from './subscription';

/** A store whose reads fail while `down` is set: an outage the test switches on and off. */
class FlakyStore extends InMemoryEventStore {
  down = false;
  reads = 0;
  override async readAll(after: Checkpoint, limit: number): Promise<StoredEvent[]> {
    this.reads++;
    if (this.down) throw new Error('store unreachable');
    return super.readAll(after, limit);
  }
}

const readsMore = async (store: FlakyStore, count: number): Promise<void> => {
  const target = store.reads + count;
  while (store.reads < target) await new Promise((resolve) => setImmediate(resolve));
};

describe('subscribe', () => {
  it('tells of an outage once, however often its retries fail, and again after it recovered', async () => {
    const store = new FlakyStore();
    const told: string[] = [];
    store.down = true;
    const subscription = subscribe(store, START, async () => undefined, {
      pollMs: 1,
      retryMs: 1,
      onError: (error) => told.push(`error: ${(error as Error).message}`),
      onRecovered: () => told.push('recovered'),
    });
    await readsMore(store, 5);
    expect(told).toEqual(['error: store unreachable']);
    store.down = false;
    await subscription.caughtUp();
    expect(told).toEqual(['error: store unreachable', 'recovered']);
    store.down = true;
    await readsMore(store, 5);
    expect(told).toEqual(['error: store unreachable', 'recovered', 'error: store unreachable']);
    store.down = false;
    await subscription.caughtUp();
    await subscription.close();
    expect(told).toHaveLength(4);
  });

  it('tells of a batch that keeps failing once, and of its recovery when it is handled', async () => {
    const store = new InMemoryEventStore();
    await store.append([{ streamId: 's', expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] }], {
      commandId: 'c',
      correlationId: 'c',
      causationId: 'c',
      accountId: null,
    });
    let attempts = 0;
    const told: string[] = [];
    const subscription = subscribe(
      store,
      START,
      async () => {
        if (++attempts < 5) throw new Error('handler failed');
      },
      { pollMs: 1, retryMs: 1, onError: () => told.push('error'), onRecovered: () => told.push('recovered') },
    );
    await subscription.caughtUp();
    await subscription.close();
    expect(attempts).toBe(5);
    expect(told).toEqual(['error', 'recovered']);
  });
});
