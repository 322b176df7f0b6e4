import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { withDatabase } from '../../src/infrastructure/postgres/database';

export const TEMPLATE_DATABASE = 'domain_engine_template';

export const serverUrlVariable = (worker: number): string => `TEST_POSTGRES_URL_${worker}`;

/** The cluster of this Jest worker (see global-setup.ts). */
const serverUrl = (): string => {
  const url = process.env[serverUrlVariable(Number(process.env.JEST_WORKER_ID ?? 1))];
  if (!url)
    throw new Error('no test PostgreSQL for this worker: run the tests through jest (test/support/global-setup.ts)');
  return url;
};

/** A fresh, migrated database of its own (a copy of the template); returns its URL. */
export const createTestDatabase = async (): Promise<string> => {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl(), name);
};
