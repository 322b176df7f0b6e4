import { Pool } from 'pg';
import { EventStore } from '../../src/application/shared/event-store.port';
import { InMemoryEventStore } from '../../src/infrastructure/memory/in-memory-event-store';
import { createPool } from '../../src/infrastructure/postgres/database';
import { PostgresEventStore } from '../../src/infrastructure/postgres/postgres-event-store';
import { PostgresNotifications } from '../../src/infrastructure/postgres/postgres-notifications';
import { KurrentEventStore } from '../../src/infrastructure/kurrentdb/kurrent-event-store';
import { randomUUID } from 'node:crypto';
import { NamespacedEventStore } from './namespaced-event-store';
import { OUTSIDE_ENGINES, skipReasonOf } from './outside-engines';
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

const kurrentdb = OUTSIDE_ENGINES.find((engine) => engine.name === 'kurrentdb');

/** The KurrentDB of `EVENT_STORE_URL`, each test in streams of its own on it. */
const openKurrentEventStore = async (): Promise<EventStoreUnderTest> => {
  const store = KurrentEventStore.connect(kurrentdb?.url as string);
  return {
    store: new NamespacedEventStore(store, `t${randomUUID().slice(0, 8)}-`),
    close: () => store.close(),
  };
};

/** Every adapter of the EventStore port that can run here; contract suites run once per entry. */
export const EVENT_STORE_ADAPTERS: [string, () => Promise<EventStoreUnderTest>][] = [
  ['in-memory', async () => ({ store: new InMemoryEventStore(), close: async () => undefined })],
  ['postgres', openPostgresEventStore],
  ...(kurrentdb?.url ? [['kurrentdb', openKurrentEventStore] as [string, () => Promise<EventStoreUnderTest>]] : []),
];

/** The adapters that cannot run here, each with why: a suite reports them as skipped. */
export const SKIPPED_EVENT_STORE_ADAPTERS: string[] = kurrentdb?.url || !kurrentdb ? [] : [skipReasonOf(kurrentdb)];
