import { Pool } from 'pg';
import { EventStore } from '../../src/application/shared/event-store.port';
import { InMemoryEventStore } from '../../src/infrastructure/memory/in-memory-event-store';
import { createPool } from '../../src/infrastructure/postgres/database';
import { PostgresEventStore } from '../../src/infrastructure/postgres/postgres-event-store';
import { PostgresNotifications } from '../../src/infrastructure/postgres/postgres-notifications';
import { createTestDatabase } from './test-database';

export interface EventStoreUnderTest {
  readonly store: EventStore;
  /** Present for stores with real transactions: the pool of the store's own database. */
  readonly pool?: Pool;
  close(): Promise<void>;
}

export const quietLog = {
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  error: () => undefined,
};

export const openPostgresEventStore = async (): Promise<EventStoreUnderTest & { pool: Pool; url: string }> => {
  const url = await createTestDatabase();
  const pool = createPool(url, 10);
  const notifications = new PostgresNotifications(url, quietLog, 50);
  return {
    url,
    pool,
    store: new PostgresEventStore(pool, notifications),
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
};

/** Every adapter of the EventStore port; contract suites run once per entry. */
export const EVENT_STORE_ADAPTERS: [string, () => Promise<EventStoreUnderTest>][] = [
  ['in-memory', async () => ({ store: new InMemoryEventStore(), close: async () => undefined })],
  ['postgres', openPostgresEventStore],
];
