import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { withDatabase } from '../../src/infrastructure/postgres/database';

export const TEMPLATE_DATABASE = 'domain_engine_template';


const serverUrl = (): string => {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set: run the tests through jest (test/support/global-setup.ts)');
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
