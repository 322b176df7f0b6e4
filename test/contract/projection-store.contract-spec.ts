import { StoredEvent } from '../../src/application/shared/event-store.port';
import { AnyProjection } from '../../src/application/shared/projection';
import {
  PROJECTION_STORE_ADAPTERS,
  ProjectionStoreUnderTest,
  SKIPPED_PROJECTION_STORE_ADAPTERS,
} from '../support/projection-stores';

/**
 * What the consumer runner keeps, on every store it can keep it in: documents and checkpoint moved together,
 * generations created once and switched live, snapshots that stand at their checkpoint.
 */
const tally: AnyProjection = {
  name: 'tally',
  version: 1,
  handles: ['Counted', 'Reset'],
  idOf: (event) => event.streamId,
  evolve: (row, event) => (event.type === 'Reset' ? null : { count: ((row as { count?: number })?.count ?? 0) + 1 }),
};
const at = (position: number) => ({ transactionId: 7n, position: BigInt(position) });
const event = (type: string, streamId: string, position: number) =>
  ({ type, data: {}, streamId, checkpoint: at(position) }) as unknown as StoredEvent;

describe.each(PROJECTION_STORE_ADAPTERS)('projection store contract: %s', (_name, open) => {
  let subject: ProjectionStoreUnderTest;
  beforeEach(async () => (subject = await open()));
  afterEach(() => subject.close());

  const live = async (): Promise<number> => {
    const { generation, live: isLive } = await subject.store.currentGeneration('tally', 1);
    expect(isLive).toBe(true);
    return generation;
  };

  it('folds a batch into documents and saves the checkpoint with them', async () => {
    const generation = await live();
    const batch = [event('Counted', 'a', 1), event('Counted', 'a', 2), event('Counted', 'b', 3)];
    await subject.store.applyEvents(tally, generation, batch, at(3));
    expect(await subject.documents.get('tally', 'a')).toEqual({ count: 2 });
    expect(await subject.documents.get('tally', 'b')).toEqual({ count: 1 });
    expect(await subject.store.checkpointOf('tally', generation)).toEqual(at(3));
  });

  it('changes nothing for a batch delivered again, and goes on after it', async () => {
    const generation = await live();
    const batch = [event('Counted', 'a', 1), event('Counted', 'a', 2)];
    await subject.store.applyEvents(tally, generation, batch, at(2));
    await subject.store.applyEvents(tally, generation, [...batch, event('Counted', 'a', 4)], at(4));
    expect(await subject.documents.get('tally', 'a')).toEqual({ count: 3 });
  });

  it('deletes a document its projection ends, and counts and finds the rest', async () => {
    const generation = await live();
    const batch = [event('Counted', 'a', 1), event('Counted', 'b', 2), event('Reset', 'a', 3)];
    await subject.store.applyEvents(tally, generation, batch, at(3));
    expect(await subject.documents.get('tally', 'a')).toBeUndefined();
    expect(await subject.documents.count('tally')).toBe(1);
    const found = await subject.documents.find('tally', {
      orderBy: { path: 'count', direction: 'asc', numeric: true },
      limit: 10,
    });
    expect(found.map((entry) => entry.id)).toEqual(['b']);
  });

  it('applies concurrent batches to one document without losing either', async () => {
    const generation = await live();
    await Promise.all([
      subject.store.applyEvents(tally, generation, [event('Counted', 'c', 1)], at(1)),
      subject.store.applyEvents(tally, generation, [event('Counted', 'c', 2)], at(2)),
    ]);
    expect(await subject.documents.get('tally', 'c')).toEqual({ count: 2 });
  });

  it('creates one first generation, live, however many ask at once', async () => {
    const asked = await Promise.all([1, 2, 3, 4].map(() => subject.store.currentGeneration('tally', 1)));
    expect(new Set(asked.map((found) => found.generation)).size).toBe(1);
    expect(asked.every((found) => found.live)).toBe(true);
    expect(await subject.store.currentGeneration('tally', 1)).toEqual(asked[0]);
  });

  it('builds a rebuild beside the live generation, then switches to it and drops the old one', async () => {
    const first = await live();
    await subject.store.applyEvents(tally, first, [event('Counted', 'a', 1)], at(1));
    const second = await subject.store.startNewGeneration('tally', 1);
    expect(second).toBeGreaterThan(first);
    expect(await subject.store.currentGeneration('tally', 1)).toEqual({ generation: second, live: false });
    const rebuilt = [event('Counted', 'a', 1), event('Counted', 'b', 2)];
    await subject.store.applyEvents(tally, second, rebuilt, at(2));
    // queries read the live generation until the switch
    expect(await subject.documents.get('tally', 'b')).toBeUndefined();
    await subject.store.goLive('tally', second);
    expect(await subject.documents.get('tally', 'b')).toEqual({ count: 1 });
    expect(await subject.store.currentGeneration('tally', 1)).toEqual({ generation: second, live: true });
    expect(await subject.store.checkpointOf('tally', first)).toEqual({ transactionId: 0n, position: 0n });
    expect(await subject.store.newestCheckpoints(['tally'])).toEqual(new Map([['tally', at(2)]]));
  });

  it('starts a new code version in a generation of its own, not live while the old one serves', async () => {
    const first = await live();
    const next = await subject.store.currentGeneration('tally', 2);
    expect(next).toEqual({ generation: first + 1, live: false });
  });

  it('saves checkpoints alone, and tells each consumer’s newest generation', async () => {
    await Promise.all([
      subject.store.saveCheckpoint('reactor', 0, at(5)),
      subject.store.saveCheckpoint('tally', 1, at(3)),
      subject.store.saveCheckpoint('tally', 2, at(1)),
    ]);
    await subject.store.saveCheckpoint('reactor', 0, at(9));
    expect(await subject.store.checkpointOf('reactor', 0)).toEqual(at(9));
    expect(await subject.store.newestCheckpoints(['reactor', 'tally', 'never'])).toEqual(
      new Map([
        ['reactor', at(9)],
        ['tally', at(1)],
      ]),
    );
  });

  it('gives a snapshot of the live generation at its checkpoint, and none before one or for another version', async () => {
    const generation = await live();
    expect(await subject.store.snapshot('tally', 1)).toBeUndefined();
    await subject.store.applyEvents(tally, generation, [event('Counted', 'a', 1), event('Counted', 'b', 2)], at(2));
    const snapshot = await subject.store.snapshot<{ count: number }>('tally', 1);
    expect(snapshot?.checkpoint).toEqual(at(2));
    expect(snapshot?.rows).toEqual([{ count: 1 }, { count: 1 }]);
    expect(await subject.store.snapshot('tally', 2)).toBeUndefined();
    expect(await subject.store.memoryEstimate('tally')).toBeGreaterThan(0);
    expect(await subject.store.memoryEstimate('never')).toBe(0);
  });
});

describe.each(SKIPPED_PROJECTION_STORE_ADAPTERS.map((reason) => [reason]))('projection store contract: %s', () => {
  it.skip('runs against the server once its URL is set', () => undefined);
});
