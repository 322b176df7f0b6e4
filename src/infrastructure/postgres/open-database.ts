import { join } from 'node:path';
import { Client } from 'pg';
import { AppConfig } from '../config/config';
import { withDatabase } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { Log } from '../logging/log';

export interface OpenDatabase {
  readonly url: string;
  readonly embedded: boolean;
  /** Stops the embedded server if this process started it; leaves any other server alone. */
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'domain_engine';

/** `DATABASE_URL` when set; otherwise the embedded cluster of `DATA_DIR`, reused if another process runs it. */
export const openDatabase = async (config: AppConfig, log: Pick<Log, 'info' | 'debug'>): Promise<OpenDatabase> => {
  const { databaseUrl, dataDir, embeddedPostgresPort } = config.values;
  if (databaseUrl) return { url: databaseUrl, embedded: false, stop: async () => undefined };
  const server = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres'), port: embeddedPostgresPort, log });
  await ensureDatabase(server.url, EMBEDDED_DATABASE);
  return { url: withDatabase(server.url, EMBEDDED_DATABASE), embedded: true, stop: () => server.stop() };
};

const ensureDatabase = async (serverUrl: string, name: string): Promise<void> => {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${name}`);
  } catch (error) {
    // two processes starting at once: the other one created it
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
};
