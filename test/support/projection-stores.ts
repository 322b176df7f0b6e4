import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { Pool } from 'pg';
import { DocumentStore } from '../../src/application/shared/document-store.port';
import { ProjectionStore } from '../../src/application/shared/projection-store.port';
import { MongoDocumentStore } from '../../src/infrastructure/mongodb/mongo-document-store';
import { MongoProjectionStore } from '../../src/infrastructure/mongodb/mongo-projection-store';
import { CLIENT_OPTIONS, MongoReadModels } from '../../src/infrastructure/mongodb/mongo-read-models';
import { createPool } from '../../src/infrastructure/postgres/database';
import { PostgresDocumentStore } from '../../src/infrastructure/postgres/postgres-document-store';
import { PostgresProjectionStore } from '../../src/infrastructure/postgres/postgres-projection-store';
import { OUTSIDE_ENGINES, skipReasonOf } from './outside-engines';
import { createTestDatabase } from './test-database';

/** A projection store, with the document store that reads what it wrote. */
export interface ProjectionStoreUnderTest {
  readonly store: ProjectionStore;
  readonly documents: DocumentStore;
  /** Loses every checkpoint and keeps the documents: a crash between the two, which the stores never allow. */
  forgetCheckpoints(): Promise<void>;
  /** The generations of a projection that still hold documents. */
  generationsHolding(projection: string): Promise<number[]>;
  close(): Promise<void>;
}

/** On the database of `pool` when given (the event store's, as in the product), else on one of its own. */
const openPostgresProjectionStore = async (given?: Pool): Promise<ProjectionStoreUnderTest> => {
  const pool = given ?? createPool(await createTestDatabase(), 5);
  return {
    store: new PostgresProjectionStore(pool, pool),
    documents: new PostgresDocumentStore(pool),
    forgetCheckpoints: async () => void (await pool.query('delete from consumer_checkpoints')),
    generationsHolding: async (projection) => {
      const { rows } = await pool.query<{ generation: number }>(
        'select distinct generation from projection_documents where projection = $1 order by 1',
        [projection],
      );
      return rows.map((row) => row.generation);
    },
    close: async () => void (given ? undefined : await pool.end()),
  };
};

const mongodb = OUTSIDE_ENGINES.find((engine) => engine.name === 'mongodb');

/** A database of its own on the MongoDB of `MONGODB_URL`, dropped after the test. */
export const openMongoReadModels = async (): Promise<MongoReadModels> => {
  const client = await MongoClient.connect(mongodb?.url as string, CLIENT_OPTIONS);
  const models = new MongoReadModels(client, client.db(`domain_engine_test_${randomUUID().slice(0, 8)}`));
  await models.createIndexes();
  return models;
};

export const dropMongoReadModels = async (models: MongoReadModels): Promise<void> => {
  await models.client.db(models.documents.dbName).dropDatabase();
  await models.close();
};

const openMongoProjectionStore = async (): Promise<ProjectionStoreUnderTest> => {
  const models = await openMongoReadModels();
  return {
    // the replaced generation dropped with the switch, for the contract to see it gone
    store: new MongoProjectionStore(models, 0),
    documents: new MongoDocumentStore(models),
    forgetCheckpoints: async () => void (await models.checkpoints.deleteMany({})),
    generationsHolding: async (projection) =>
      ((await models.documents.distinct('g', { p: projection })) as number[]).sort((a, b) => a - b),
    close: () => dropMongoReadModels(models),
  };
};

/** Every adapter of the ProjectionStore port that can run here; contract suites run once per entry. */
export const PROJECTION_STORE_ADAPTERS: [string, (pool?: Pool) => Promise<ProjectionStoreUnderTest>][] = [
  ['postgres', openPostgresProjectionStore],
  ...(mongodb?.url ? [['mongodb', openMongoProjectionStore] as [string, () => Promise<ProjectionStoreUnderTest>]] : []),
];

/** The adapters that cannot run here, each with why: a suite reports them as skipped. */
export const SKIPPED_PROJECTION_STORE_ADAPTERS: string[] = mongodb?.url || !mongodb ? [] : [skipReasonOf(mongodb)];
