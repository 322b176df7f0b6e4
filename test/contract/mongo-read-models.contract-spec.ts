import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { StoredEvent } from '../../src/application/shared/event-store.port';
import { AnyProjection } from '../../src/application/shared/projection';
import { MongoDocumentStore } from '../../src/infrastructure/mongodb/mongo-document-store';
import { OUTSIDE_ENGINES, skipReasonOf } from '../support/outside-engines';

/**
 * The MongoDB read models' writes (`MongoDocumentStore.applyEvents`), against the server of `MONGODB_URL` (a replica
 * set: the batch and its checkpoint are one transaction); reported as skipped, with why, when it is not set.
 */
const mongodb = OUTSIDE_ENGINES.find((engine) => engine.name === 'mongodb');
// without a server every case is reported as skipped, under the reason
const describeOnServer = mongodb?.url ? describe : describe.skip;
const title = mongodb?.url || !mongodb ? 'read model writes: mongodb' : `read model writes: ${skipReasonOf(mongodb)}`;

const tally: AnyProjection = {
  name: 'tally',
  version: 1,
  handles: ['Counted', 'Reset'],
  idOf: (event) => event.streamId,
  evolve: (row, event) => (event.type === 'Reset' ? null : { count: ((row as { count?: number })?.count ?? 0) + 1 }),
};
const at = (position: number) => ({ transactionId: 1n, position: BigInt(position) });
const event = (type: string, streamId: string, position: number) =>
  ({ type, data: {}, streamId, checkpoint: at(position) }) as unknown as StoredEvent;

describeOnServer(title, () => {
  let client: MongoClient;
  let store: MongoDocumentStore;
  let dbName: string;
  beforeEach(async () => {
    client = await MongoClient.connect(mongodb?.url as string);
    dbName = `domain_engine_test_${randomUUID().slice(0, 8)}`;
    store = new MongoDocumentStore(client, client.db(dbName));
    await store.createIndexes();
    await store.goLive('tally', 1);
  });
  afterEach(async () => {
    await client.db(dbName).dropDatabase();
    await store.close();
  });

  it('folds a batch into documents and saves the checkpoint with them', async () => {
    await store.applyEvents(
      tally,
      1,
      [event('Counted', 'a', 1), event('Counted', 'a', 2), event('Counted', 'b', 3)],
      at(3),
    );
    expect(await store.get('tally', 'a')).toEqual({ count: 2 });
    expect(await store.get('tally', 'b')).toEqual({ count: 1 });
    expect(await store.checkpointOf('tally', 1)).toEqual(at(3));
  });

  it('changes nothing for a batch delivered again, and goes on after it', async () => {
    const batch = [event('Counted', 'a', 1), event('Counted', 'a', 2)];
    await store.applyEvents(tally, 1, batch, at(2));
    await store.applyEvents(tally, 1, [...batch, event('Counted', 'a', 4)], at(4));
    expect(await store.get('tally', 'a')).toEqual({ count: 3 });
  });

  it('deletes a document its projection ends, and counts and finds the rest', async () => {
    await store.applyEvents(
      tally,
      1,
      [event('Counted', 'a', 1), event('Counted', 'b', 2), event('Reset', 'a', 3)],
      at(3),
    );
    expect(await store.get('tally', 'a')).toBeUndefined();
    expect(await store.count('tally')).toBe(1);
    expect(
      (await store.find('tally', { orderBy: { path: 'count', direction: 'asc', numeric: true }, limit: 10 })).map(
        (found) => found.id,
      ),
    ).toEqual(['b']);
  });

  it('applies concurrent batches to one document without losing either', async () => {
    await Promise.all([
      store.applyEvents(tally, 1, [event('Counted', 'c', 1)], at(1)),
      store.applyEvents(tally, 1, [event('Counted', 'c', 2)], at(2)),
    ]);
    expect(await store.get('tally', 'c')).toEqual({ count: 2 });
  });
});
