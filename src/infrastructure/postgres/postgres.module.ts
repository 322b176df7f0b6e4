import { IdempotencyKeys } from '../../application/shared/idempotency';
import { PostgresIdempotencyKeys } from './postgres-idempotency-keys';
import { Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { Pool } from 'pg';
import { WorkQueue } from '../../application/operations/work-queue.port';
import { DocumentStore } from '../../application/shared/document-store.port';
import { EventStore } from '../../application/shared/event-store.port';
import { DatabaseProbe } from '../../application/shared/service-health.port';
import { AppConfig } from '../config/config';
import { Runtime } from '../runtime';
import { createPool } from './database';
import { PostgresDocumentStore } from './postgres-document-store';
import { PostgresMarketListingIndex } from './postgres-market-listing-index';
import { PostgresAnalyticsSeries } from './postgres-analytics-series';
import { ResolutionMirror } from './resolution-mirror';
import { ReadConnections } from './read-connections';
import { Metrics } from '../metrics/metrics';
import { KurrentEventStore } from '../kurrentdb/kurrent-event-store';
import { ResolutionReads } from '../../projections/resolution/resolution-reads.port';
import { AnalyticsSeries } from '../../projections/analytics/analytics-series.port';
import { PostgresMarketOfferIndex } from './postgres-market-offer-index';
import { PostgresPortfolioIndex } from './postgres-portfolio-index';
import { MarketListingIndex } from '../../projections/marketplace/market-listing-index.port';
import { MarketOfferIndex } from '../../projections/marketplace/market-offer-index.port';
import { OpenOffers } from '../../application/marketplace/open-offers.port';
import { PortfolioIndex } from '../../projections/portfolio/portfolio-index.port';
import { PostgresEventStore } from './postgres-event-store';
import { PostgresNotifications } from './postgres-notifications';
import { PostgresWorkQueue } from './postgres-work-queue';
import { PostgresProjectionStore } from './postgres-projection-store';
import { ReadModelPlace } from '../read-model-place';
import { MongoDocumentStore } from '../mongodb/mongo-document-store';
import { MongoProjectionStore } from '../mongodb/mongo-projection-store';
import { MongoPortfolioIndex } from '../mongodb/mongo-portfolio-index';
import { MongoMarketListingIndex } from '../mongodb/mongo-market-listing-index';
import { MongoMarketOfferIndex } from '../mongodb/mongo-market-offer-index';
import { MongoAnalyticsSeries } from '../mongodb/mongo-analytics-series';
import { ProjectionStore } from '../../application/shared/projection-store.port';

/** How long a starting process waits for an event store of its own to answer before it gives up, saying why. */
const EVENT_STORE_START_MS = 10_000;

/** Closes the connections last, after everything that uses them has stopped. */
@Injectable()
class PostgresConnections implements OnApplicationShutdown {
  constructor(
    private readonly pool: Pool,
    private readonly reads: ReadConnections,
    private readonly notifications: PostgresNotifications,
    private readonly store: EventStore,
    private readonly place: ReadModelPlace,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.store instanceof KurrentEventStore) await this.store.close();
    await this.place.mongo?.close();
    await this.notifications.close();
    await this.reads.close();
    await this.pool.end();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: Pool,
      useFactory: (runtime: Runtime, config: AppConfig) =>
        createPool(runtime.databaseUrl, config.values.databasePoolSize),
      inject: [Runtime, AppConfig],
    },
    {
      provide: ReadConnections,
      useFactory: (pool: Pool, config: AppConfig, metrics: Metrics) => {
        const log = new Logger('ReadConnections');
        return new ReadConnections(pool, {
          standbyUrls: config.values.databaseReadUrls,
          poolSize: config.values.databasePoolSize,
          waitMs: config.values.readStandbyWaitMs,
          log: { warn: (message) => log.warn(message) },
          answeredBy: (server) => metrics.readModelReads.inc({ server }),
        });
      },
      inject: [Pool, AppConfig, Metrics],
    },
    {
      provide: PostgresNotifications,
      useFactory: (runtime: Runtime) => {
        const log = new Logger('PostgresNotifications');
        return new PostgresNotifications(runtime.databaseUrl, { warn: (message) => log.warn(message) });
      },
      inject: [Runtime],
    },
    {
      provide: EventStore,
      useFactory: async (pool: Pool, notifications: PostgresNotifications, config: AppConfig) => {
        const { eventStoreUrl } = config.values;
        if (!eventStoreUrl) return new PostgresEventStore(pool, notifications);
        const store = KurrentEventStore.connect(eventStoreUrl);
        await store.reachable(eventStoreUrl, EVENT_STORE_START_MS);
        return store;
      },
      inject: [Pool, PostgresNotifications, AppConfig],
    },
    {
      provide: ReadModelPlace,
      useFactory: (config: AppConfig) => ReadModelPlace.open(config.values.mongodbUrl),
      inject: [AppConfig],
    },
    {
      provide: DocumentStore,
      useFactory: ({ mongo }: ReadModelPlace, reads: ReadConnections) =>
        mongo ? new MongoDocumentStore(mongo) : new PostgresDocumentStore(reads),
      inject: [ReadModelPlace, ReadConnections],
    },
    {
      provide: ProjectionStore,
      useFactory: ({ mongo }: ReadModelPlace, pool: Pool, reads: ReadConnections) =>
        mongo ? new MongoProjectionStore(mongo) : new PostgresProjectionStore(pool, reads),
      inject: [ReadModelPlace, Pool, ReadConnections],
    },
    { provide: IdempotencyKeys, useFactory: (pool: Pool) => new PostgresIdempotencyKeys(pool), inject: [Pool] },
    {
      provide: PortfolioIndex,
      useFactory: ({ mongo }: ReadModelPlace, reads: ReadConnections) =>
        mongo ? new MongoPortfolioIndex(mongo) : new PostgresPortfolioIndex(reads),
      inject: [ReadModelPlace, ReadConnections],
    },
    {
      provide: MarketListingIndex,
      useFactory: ({ mongo }: ReadModelPlace, reads: ReadConnections) =>
        mongo ? new MongoMarketListingIndex(mongo) : new PostgresMarketListingIndex(reads),
      inject: [ReadModelPlace, ReadConnections],
    },
    {
      provide: MarketOfferIndex,
      useFactory: ({ mongo }: ReadModelPlace, reads: ReadConnections) =>
        mongo ? new MongoMarketOfferIndex(mongo) : new PostgresMarketOfferIndex(reads),
      inject: [ReadModelPlace, ReadConnections],
    },
    { provide: ResolutionReads, useClass: ResolutionMirror },
    {
      provide: AnalyticsSeries,
      useFactory: ({ mongo }: ReadModelPlace, reads: ReadConnections) =>
        mongo ? new MongoAnalyticsSeries(mongo) : new PostgresAnalyticsSeries(reads),
      inject: [ReadModelPlace, ReadConnections],
    },
    { provide: OpenOffers, useExisting: MarketOfferIndex },
    {
      provide: WorkQueue,
      useFactory: (pool: Pool, notifications: PostgresNotifications) => new PostgresWorkQueue(pool, notifications),
      inject: [Pool, PostgresNotifications],
    },
    PostgresConnections,
    {
      provide: DatabaseProbe,
      useFactory: (pool: Pool, store: EventStore, { mongo }: ReadModelPlace): DatabaseProbe => ({
        roundTripMs: async () => {
          const started = Date.now();
          await pool.query('select 1');
          return Date.now() - started;
        },
        eventStore: () =>
          store instanceof KurrentEventStore
            ? store.head().then(
                () => 'up' as const,
                () => 'down' as const,
              )
            : undefined,
        readModels: () =>
          mongo?.reachable().then(
            () => 'up' as const,
            () => 'down' as const,
          ),
      }),
      inject: [Pool, EventStore, ReadModelPlace],
    },
  ],
  exports: [
    Pool,
    ReadConnections,
    PostgresNotifications,
    EventStore,
    DocumentStore,
    ProjectionStore,
    IdempotencyKeys,
    PortfolioIndex,
    MarketListingIndex,
    MarketOfferIndex,
    AnalyticsSeries,
    ResolutionReads,
    OpenOffers,
    WorkQueue,
    DatabaseProbe,
  ],
})
export class PostgresModule {}
