import { Client, Pool, PoolClient } from 'pg';

export const createPool = (connectionString: string, max: number, applicationName = 'domain-engine'): Pool => {
  // a server that takes connections but never completes one (restarting) fails the request rather than hanging it
  const pool = new Pool({ connectionString, max, application_name: applicationName, connectionTimeoutMillis: 5000 });
  // an idle client losing its connection (a server restart) must not crash the process; the pool replaces it
  pool.on('error', () => undefined);
  // nor one checked out: its query fails with the error, which its caller handles (retries, answers 503), while an
  // 'error' event with no listener would end the process
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
};

export const inTransaction = async <T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/** SQLSTATE of a pg error, if it is one. */
export const sqlState = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;

/** The same server URL with another database name. */
export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/**
 * Runs `work` while holding a session advisory lock on a connection of its own: processes sharing the database take
 * turns.
 */
export const withAdvisoryLock = async <T>(url: string, key: number, work: () => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: url, application_name: 'domain-engine' });
  client.on('error', () => undefined); // a lost connection fails the work's queries, and ends the lock with it
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.end(); // the lock ends with the session
  }
};
