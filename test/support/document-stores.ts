import { Pool } from 'pg';
import { DocumentStore } from '../../src/application/shared/document-store.port';
import { InMemoryDocumentStore } from '../../src/infrastructure/memory/in-memory-document-store';
import { createPool } from '../../src/infrastructure/postgres/database';
import { PostgresDocumentStore } from '../../src/infrastructure/postgres/postgres-document-store';
import { MongoDocumentStore } from '../../src/infrastructure/mongodb/mongo-document-store';
import { documentKey } from '../../src/infrastructure/mongodb/mongo-read-models';
import { dropMongoReadModels, openMongoReadModels } from './projection-stores';
import { OUTSIDE_ENGINES, skipReasonOf } from './outside-engines';
import { createTestDatabase } from './test-database';

export interface DocumentStoreUnderTest {
  readonly store: DocumentStore;
  /** Writes a projection's document as its runner would (the port only reads). */
  put(projection: string, id: string, doc: unknown): Promise<void>;
  close(): Promise<void>;
}

/** The runner's rows: documents of the live generation, each with the last event applied to it. */
const putIntoPostgres =
  (pool: Pool) =>
  async (projection: string, id: string, doc: unknown): Promise<void> => {
    await pool.query(
      'insert into projection_generations (name, generation, code_version, live) values ($1, 1, 1, true) on conflict do nothing',
      [projection],
    );
    await pool.query(
      `insert into projection_documents (projection, generation, id, doc, last_transaction_id, last_position) values ($1, 1, $2, $3, '0', 0)
     on conflict (projection, generation, id) do update set doc = excluded.doc`,
      [projection, id, JSON.stringify(doc)],
    );
  };

const openPostgresDocumentStore = async (): Promise<DocumentStoreUnderTest> => {
  const pool = createPool(await createTestDatabase(), 5);
  return { store: new PostgresDocumentStore(pool), put: putIntoPostgres(pool), close: () => pool.end() };
};

const openInMemoryDocumentStore = async (): Promise<DocumentStoreUnderTest> => {
  const store = new InMemoryDocumentStore();
  return { store, put: async (projection, id, doc) => store.put(projection, id, doc), close: async () => undefined };
};

const mongodb = OUTSIDE_ENGINES.find((engine) => engine.name === 'mongodb');

/** The MongoDB of `MONGODB_URL`, each test in a database of its own, dropped after it; written as its runner would. */
const openMongoDocumentStore = async (): Promise<DocumentStoreUnderTest> => {
  const models = await openMongoReadModels();
  const live = new Set<string>();
  return {
    store: new MongoDocumentStore(models),
    put: async (projection, id, doc) => {
      if (!live.has(projection))
        await models.generations.updateOne(
          { _id: `${projection}/1` },
          { $set: { name: projection, generation: 1, codeVersion: 1, live: true } },
          { upsert: true },
        );
      live.add(projection);
      await models.documents.replaceOne(
        { _id: documentKey(projection, 1, id) },
        { p: projection, g: 1, i: id, doc, last: { transactionId: '0', position: '0' } },
        { upsert: true },
      );
    },
    close: () => dropMongoReadModels(models),
  };
};

/** Every adapter of the DocumentStore port that can run here; contract suites run once per entry. */
export const DOCUMENT_STORE_ADAPTERS: [string, () => Promise<DocumentStoreUnderTest>][] = [
  ['in-memory', openInMemoryDocumentStore],
  ['postgres', openPostgresDocumentStore],
  ...(mongodb?.url ? [['mongodb', openMongoDocumentStore] as [string, () => Promise<DocumentStoreUnderTest>]] : []),
];

/** The adapters that cannot run here, each with why: a suite reports them as skipped. */
export const SKIPPED_DOCUMENT_STORE_ADAPTERS: string[] = mongodb?.url || !mongodb ? [] : [skipReasonOf(mongodb)];
