import { Pool } from 'pg';
import { createPool } from '../../src/infrastructure/postgres/database';
import { PostgresNotifications } from '../../src/infrastructure/postgres/postgres-notifications';
import { quietLog } from './event-stores';
import { createTestDatabase } from './test-database';

export interface ProcessConnections {
  readonly pool: Pool;
  readonly notifications: PostgresNotifications;
}

/** A fresh test database and the connections two processes would hold to it, for adapters shared by processes. */
export const openTwoProcesses = async () => {
  const url = await createTestDatabase();
  const connect = (): ProcessConnections => ({
    pool: createPool(url, 20),
    notifications: new PostgresNotifications(url, quietLog, 50),
  });
  const processes = [connect(), connect()] as const;
  return {
    processes,
    /** Resolves once what both processes listen to is listened to. */
    listening: async (): Promise<void> => {
      await Promise.all(processes.map(({ notifications }) => notifications.ready()));
    },
    close: async (): Promise<void> => {
      for (const { pool, notifications } of processes) {
        await notifications.close();
        await pool.end();
      }
    },
  };
};
