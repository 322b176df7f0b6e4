import { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { AppConfig } from '../src/infrastructure/config/config';
import { createLogger } from '../src/infrastructure/logging/logger';
import { createPool } from '../src/infrastructure/postgres/database';
import { migrate } from '../src/infrastructure/postgres/migrations';
import { Runtime } from '../src/infrastructure/runtime';
import { createApp } from '../src/main';
import { startBenchDatabase } from './bench-database';

/**
 * Rate limits on, as in production (each request takes its token), with buckets no benchmark empties: what is
 * measured is the service's answer, not a 429.
 */
export const UNEMPTIED_BUCKETS = Object.fromEntries(
  ['AGENT', 'PARTNER', 'RESOLUTION'].flatMap((kind) => [
    [`${kind}_KEY_RATE_PER_SECOND`, '1000000'],
    [`${kind}_KEY_RATE_BURST`, '1000000'],
  ]),
);

/** A registrant as a reseller sends it inline with a registration. */
export const BENCH_REGISTRANT = {
  firstName: 'Bench',
  lastName: 'Mark',
  email: 'bench@example.net',
  phone: { dialingPrefix: '1', number: '202 555 0143' },
  street: '1 Load Street',
  city: 'Washington',
  stateProvince: 'DC',
  postalCode: '20001',
  countryCode: 'US',
};

/**
 * The whole service (role `all`, default settings) on a migrated database of its own, listening on loopback, for
 * `run`; stopped and removed after, whatever happens.
 */
export const withBenchService = async (run: (app: NestFastifyApplication) => Promise<void>): Promise<void> => {
  const database = await startBenchDatabase();
  try {
    const migrations = createPool(database.url, 2);
    await migrate(migrations).finally(() => migrations.end());
    const config = new AppConfig({ LOG_LEVEL: 'info', ...UNEMPTIED_BUCKETS });
    // a request log line is part of what each request costs in production: written, but to nowhere
    const logger = createLogger(config.values.logLevel, pino.destination({ dest: '/dev/null', sync: false }));
    const app = await createApp({ config, runtime: new Runtime('all', database.url), logger });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await run(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.stop();
  }
};
