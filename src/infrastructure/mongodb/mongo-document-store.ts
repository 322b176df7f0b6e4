import { ClientSession, Collection, Db, MongoClient, MongoServerError } from 'mongodb';
import { DocumentStore, Filter, FindOptions, Found } from '../../application/shared/document-store.port';
import { documentChangesOf, HeldDocument, targetsOf } from '../../application/shared/document-changes';
import { Checkpoint, StoredEvent } from '../../application/shared/event-store.port';
import { AnyProjection } from '../../application/shared/projection';
import { filterExpression, findPipeline } from './mongo-expressions';

/** A projection's document: one per projection, generation and id, with the last event applied to it. */
interface StoredDocument {
  _id: string;
  /** projection, generation, id: short names, as every index holds them. */
  p: string;
  g: number;
  i: string;
  doc: unknown;
  last: { transactionId: string; position: string };
}

interface Generation {
  _id: string;
  name: string;
  generation: number;
  live: boolean;
}

interface StoredCheckpoint {
  _id: string;
  transactionId: string;
  position: string;
}

/** What a batch of a projection changes: documents written or deleted, and the checkpoint they stand at. */
export interface DocumentBatch {
  readonly projection: string;
  readonly generation: number;
  readonly upserts: readonly { readonly id: string; readonly doc: unknown; readonly last: Checkpoint }[];
  readonly deletes: readonly string[];
  readonly checkpoint: Checkpoint;
}

/** What a write refused by MongoDB means: tried again (a transaction's write conflict), or passed on. */
export type MongoRefusal = 'retry' | 'duplicate' | 'other';

/**
 * A transient transaction error (a write conflict with another transaction, code 112, or any error MongoDB labels
 * `TransientTransactionError`) can be tried again as a whole; a duplicate key (11000) on a document's id means
 * another writer created it first, which a second try also settles; anything else is passed on.
 */
export const mongoRefusalOf = (error: unknown): MongoRefusal => {
  if (!(error instanceof MongoServerError)) return 'other';
  if (error.code === 112 || error.hasErrorLabel('TransientTransactionError')) return 'retry';
  if (error.code === 11000) return 'duplicate';
  return 'other';
};

/** A batch refused for a conflict is tried again this many times in all. */
const APPLY_ATTEMPTS = 3;

const documentKey = (projection: string, generation: number, id: string): string => `${projection}/${generation}/${id}`;

/**
 * The read models on MongoDB (`MONGODB_URL`, docs/scale-out.md): every projection's documents in one collection,
 * keyed by projection, generation and id, read with the same meaning as on PostgreSQL (`mongo-expressions.ts`). A
 * batch's documents and its checkpoint are written in one transaction (MongoDB 4.2+ as a replica set), so the
 * documents always stand exactly at their checkpoint. The indexes: the key, and projection with generation for lists.
 */
export class MongoDocumentStore implements DocumentStore {
  private readonly documents: Collection<StoredDocument>;
  private readonly generations: Collection<Generation>;
  private readonly checkpoints: Collection<StoredCheckpoint>;

  constructor(
    private readonly client: MongoClient,
    db: Db,
  ) {
    this.documents = db.collection<StoredDocument>('projection_documents');
    this.generations = db.collection<Generation>('projection_generations');
    this.checkpoints = db.collection<StoredCheckpoint>('consumer_checkpoints');
  }

  static async connect(url: string): Promise<MongoDocumentStore> {
    const client = await MongoClient.connect(url);
    const store = new MongoDocumentStore(client, client.db());
    await store.createIndexes();
    return store;
  }

  async createIndexes(): Promise<void> {
    await this.documents.createIndex({ p: 1, g: 1, i: 1 });
    await this.generations.createIndex({ name: 1, live: 1 });
  }

  async get<Row>(projection: string, id: string): Promise<Row | undefined> {
    const generation = await this.liveGeneration(projection);
    if (generation === undefined) return undefined;
    const found = await this.documents.findOne({ _id: documentKey(projection, generation, id) });
    return (found?.doc as Row | undefined) ?? undefined;
  }

  async find<Row>(projection: string, options: FindOptions): Promise<Found<Row>[]> {
    const generation = await this.liveGeneration(projection);
    if (generation === undefined) return [];
    return this.documents.aggregate<Found<Row>>(findPipeline(projection, generation, options)).toArray();
  }

  async count(projection: string, where: readonly Filter[] = []): Promise<number> {
    const generation = await this.liveGeneration(projection);
    if (generation === undefined) return 0;
    const [counted] = await this.documents
      .aggregate<{ count: number }>([
        { $match: { p: projection, g: generation } },
        ...(where.length > 0 ? [{ $match: { $expr: { $and: where.map(filterExpression) } } }] : []),
        { $count: 'count' },
      ])
      .toArray();
    return counted?.count ?? 0;
  }

  /** Makes a generation the one reads see, the others of the projection no longer. */
  async goLive(projection: string, generation: number): Promise<void> {
    await this.client.withSession((session) =>
      session.withTransaction(async () => {
        await this.generations.updateMany({ name: projection }, { $set: { live: false } }, { session });
        await this.generations.updateOne(
          { _id: `${projection}/${generation}` },
          { $set: { name: projection, generation, live: true } },
          { upsert: true, session },
        );
      }),
    );
  }

  /**
   * Folds a batch of events into a projection's documents and moves its checkpoint, in one transaction: the documents
   * are read inside it, so a writer that changed one meanwhile makes the transaction fail and run again
   * (`documentChangesOf`, as on PostgreSQL).
   */
  async applyEvents(
    projection: AnyProjection,
    generation: number,
    events: readonly StoredEvent[],
    checkpoint: Checkpoint,
  ): Promise<void> {
    const ids = [...new Set(targetsOf(projection, events).map((target) => target.id))];
    await this.inTransaction(async (session) => {
      const found = await this.documents
        .find({ _id: { $in: ids.map((id) => documentKey(projection.name, generation, id)) } }, { session })
        .toArray();
      const held = new Map<string, HeldDocument>(
        found.map((stored) => [
          stored.i,
          {
            row: stored.doc,
            last: { transactionId: BigInt(stored.last.transactionId), position: BigInt(stored.last.position) },
          },
        ]),
      );
      const changes = documentChangesOf(projection, events, held);
      await this.write(
        {
          projection: projection.name,
          generation,
          upserts: changes.flatMap((change) => (change.row === undefined ? [] : [{ ...change, doc: change.row }])),
          deletes: changes.flatMap((change) => (change.row === undefined ? [change.id] : [])),
          checkpoint,
        },
        session,
      );
    });
  }

  /** Writes a batch's documents and its checkpoint together: both land, or neither does. */
  async apply(batch: DocumentBatch): Promise<void> {
    await this.inTransaction((session) => this.write(batch, session));
  }

  /** Runs `work` in a transaction, again when refused for a conflict (the driver retries transient errors too). */
  private async inTransaction(work: (session: ClientSession) => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.client.withSession((session) => session.withTransaction(() => work(session)));
      } catch (error) {
        // another writer created one of the documents first, or a conflict outlasted the driver's own retries
        if (mongoRefusalOf(error) === 'other' || attempt >= APPLY_ATTEMPTS) throw error;
      }
    }
  }

  private async write(batch: DocumentBatch, session: ClientSession): Promise<void> {
    const { projection, generation } = batch;
    for (const { id, doc, last } of batch.upserts) {
      await this.documents.replaceOne(
        { _id: documentKey(projection, generation, id) },
        {
          p: projection,
          g: generation,
          i: id,
          doc,
          last: { transactionId: last.transactionId.toString(), position: last.position.toString() },
        },
        { upsert: true, session },
      );
    }
    if (batch.deletes.length > 0)
      await this.documents.deleteMany(
        { _id: { $in: batch.deletes.map((id) => documentKey(projection, generation, id)) } },
        { session },
      );
    await this.checkpoints.updateOne(
      { _id: `${projection}/${generation}` },
      {
        $set: {
          transactionId: batch.checkpoint.transactionId.toString(),
          position: batch.checkpoint.position.toString(),
        },
      },
      { upsert: true, session },
    );
  }

  async checkpointOf(projection: string, generation: number): Promise<Checkpoint | undefined> {
    const found = await this.checkpoints.findOne({ _id: `${projection}/${generation}` });
    return found ? { transactionId: BigInt(found.transactionId), position: BigInt(found.position) } : undefined;
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async liveGeneration(projection: string): Promise<number | undefined> {
    const live = await this.generations.findOne({ name: projection, live: true });
    return live?.generation;
  }
}
