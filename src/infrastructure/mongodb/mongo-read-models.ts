import { ClientSession, Collection, Db, IndexDescription, MongoClient, MongoServerError } from 'mongodb';
import { Checkpoint } from '../../application/shared/event-store.port';

/** A projection's document: one per projection, generation and id, with the last event applied to it. */
export interface StoredDocument {
  _id: string;
  /** projection, generation, id: short names, as every index holds them. */
  p: string;
  g: number;
  i: string;
  doc: unknown;
  last: StoredCheckpointValue;
}

export interface StoredGeneration {
  _id: string;
  name: string;
  generation: number;
  codeVersion: number;
  live: boolean;
}

/** A checkpoint as MongoDB keeps it: both numbers as decimal text (they are 64-bit unsigned). */
export interface StoredCheckpointValue {
  transactionId: string;
  position: string;
}

export interface StoredCheckpoint extends StoredCheckpointValue {
  _id: string;
  name: string;
  generation: number;
}

export const storedCheckpointValue = (checkpoint: Checkpoint): StoredCheckpointValue => ({
  transactionId: checkpoint.transactionId.toString(),
  position: checkpoint.position.toString(),
});

export const checkpointFrom = (stored: StoredCheckpointValue): Checkpoint => ({
  transactionId: BigInt(stored.transactionId),
  position: BigInt(stored.position),
});

export const documentKey = (projection: string, generation: number, id: string): string =>
  `${projection}/${generation}/${id}`;

export const generationKey = (name: string, generation: number): string => `${name}/${generation}`;

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

/** The part of a connection string that names a MongoDB's servers: its hosts, or its SRV name. */
const serversPart = (url: string): string => url.replace(/^[^:]+:\/\//, '').replace(/^[^@/]*@/, '');

/** The servers a connection string names, without its credentials, database or options. */
export const mongoHostsOf = (url: string): string => serversPart(url).split(/[/?]/)[0];

/** The database a connection string names in its path, `domain_engine` when it names none. */
export const mongoDatabaseOf = (url: string): string => {
  const [, path = ''] = /^[^/?]*\/([^?]*)/.exec(serversPart(url)) ?? [];
  return decodeURIComponent(path) || 'domain_engine';
};

/**
 * What every client of the read models is told, whatever the URL says: reads on the primary (a secondary could answer
 * from before the checkpoint a read waited for), and a field left undefined left out, as `JSON.stringify` and so
 * PostgreSQL's documents leave it (the driver would store a null).
 */
export const CLIENT_OPTIONS = { readPreference: 'primary', ignoreUndefined: true } as const;

/** How long `/health` waits for the servers to answer. */
const PING_MS = 2_000;

/** A transaction refused for a conflict is tried again this many times in all. */
const TRANSACTION_ATTEMPTS = 3;

/**
 * An index on fields of one projection's documents only (a partial index: the others never match it), then on keys of
 * the stored document itself (`i`, the id that breaks ties in a sort).
 */
const projectionIndex = (
  projection: string,
  name: string,
  fields: readonly string[],
  keys: readonly string[] = [],
): IndexDescription => ({
  name,
  key: Object.fromEntries([
    ['p', 1],
    ['g', 1],
    ...fields.map((field) => [`doc.${field}`, 1]),
    ...keys.map((key) => [key, 1]),
  ]),
  partialFilterExpression: { p: projection },
});

/**
 * The indexes of the read models' searches (what PostgreSQL keeps as typed tables with triggers, migrations 0009,
 * 0014, 0015, 0017): a portfolio by holder, the open listings by price and by date, a seller's offers newest first
 * and a listing's offers, the analytics' facts by when they end.
 */
const READ_MODEL_INDEXES: readonly IndexDescription[] = [
  projectionIndex('portfolio', 'portfolio_holder', ['holder', 'registryType']),
  projectionIndex('market-listings', 'market_listings_price', ['priceCents', 'name'], ['i']),
  projectionIndex('market-listings', 'market_listings_listed', ['listedAt', 'name'], ['i']),
  projectionIndex('market-offers', 'market_offers_seller', ['sellerAccountId', 'createdAt']),
  projectionIndex('market-offers', 'market_offers_listing', ['listingId']),
  projectionIndex('analytics', 'analytics_last', ['last']),
];

/**
 * The read models' database on MongoDB (`MONGODB_URL`, docs/scale-out.md): every projection's documents in one
 * collection keyed by projection, generation and id, the generations, and every consumer's checkpoint. Writes that
 * must land together run in one transaction, which needs a replica set; the searches need MongoDB 6.0 or later
 * (`$getField`, `$sortArray`).
 */
export class MongoReadModels {
  readonly documents: Collection<StoredDocument>;
  readonly generations: Collection<StoredGeneration>;
  readonly checkpoints: Collection<StoredCheckpoint>;

  constructor(
    readonly client: MongoClient,
    db: Db,
  ) {
    this.documents = db.collection<StoredDocument>('projection_documents');
    this.generations = db.collection<StoredGeneration>('projection_generations');
    this.checkpoints = db.collection<StoredCheckpoint>('consumer_checkpoints');
  }

  /**
   * Connects to the database the URL names and makes sure its indexes exist (creating one that does is a no-op),
   * trying for `withinMs`; then fails naming the servers (not the URL, which may hold a password), so that a service
   * pointed at the wrong place stops at once, saying so.
   */
  static async connect(url: string, withinMs: number): Promise<MongoReadModels> {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: withinMs, ...CLIENT_OPTIONS });
    const refused = (why: string, cause?: unknown): Error =>
      new Error(`the read models' MongoDB at ${mongoHostsOf(url)} (MONGODB_URL) ${why}`, { cause });
    try {
      await client.connect();
    } catch (error) {
      await client.close().catch(() => undefined);
      throw refused(`cannot be reached: ${(error as Error).message}`, error);
    }
    try {
      const hello = await client.db('admin').command({ hello: 1 });
      // transactions need a replica set's member or a sharded cluster's router; a lone server refuses every batch
      if (!hello.setName && hello.msg !== 'isdbgrid') throw refused('is not a replica set: transactions need one');
      const models = new MongoReadModels(client, client.db(mongoDatabaseOf(url)));
      await models.createIndexes();
      return models;
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }

  async createIndexes(): Promise<void> {
    await this.documents.createIndexes([{ key: { p: 1, g: 1, i: 1 } }, ...READ_MODEL_INDEXES]);
    await this.generations.createIndexes([
      { key: { name: 1, live: 1 } },
      // one live generation per name, as PostgreSQL's `projection_generations_one_live`
      { key: { name: 1 }, name: 'one_live', unique: true, partialFilterExpression: { live: true } },
      { key: { name: 1, codeVersion: 1, generation: -1 } },
    ]);
    await this.checkpoints.createIndex({ name: 1, generation: -1 });
  }

  /** The generation queries of a projection read; undefined before its first has caught up. */
  async liveGeneration(projection: string, session?: ClientSession): Promise<number | undefined> {
    const live = await this.generations.findOne({ name: projection, live: true }, { session });
    return live?.generation;
  }

  /** Runs `work` in a transaction, again when refused for a conflict (the driver retries transient errors too). */
  async inTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.client.withSession((session) => session.withTransaction(() => work(session)));
      } catch (error) {
        // another writer created one of the documents first, or a conflict outlasted the driver's own retries
        if (mongoRefusalOf(error) === 'other' || attempt >= TRANSACTION_ATTEMPTS) throw error;
      }
    }
  }

  /** Whether the servers answer a ping within `withinMs` (the driver would wait its whole server selection). */
  async reachable(withinMs = PING_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_answered, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${withinMs} ms`)), withinMs);
    });
    try {
      await Promise.race([this.client.db().command({ ping: 1 }), gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
