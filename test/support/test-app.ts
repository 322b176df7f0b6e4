import { Type } from '@nestjs/common';
import { DestinationStream } from 'pino';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Clock } from '../../src/application/shared/clock';
import { ChainSetup } from '../../src/infrastructure/chain/chain-network';
import { AppConfig, Role } from '../../src/infrastructure/config/config';
import { Engine } from '../../src/infrastructure/engine/engine.service';
import { createLogger } from '../../src/infrastructure/logging/logger';
import { Runtime } from '../../src/infrastructure/runtime';
import { createApp } from '../../src/main';
import { createTestDatabase } from './test-database';

export interface TestAppOptions {
  readonly env?: Record<string, string>;
  readonly role?: Role;
  readonly databaseUrl?: string;
  readonly clock?: Clock;
  /** The chains the app talks to (`startTestChains`); none by default. */
  readonly chains?: ChainSetup;
  readonly extraModules?: readonly Type<unknown>[];
  /** Where the JSON logs go (nowhere by default). */
  readonly logTo?: DestinationStream;
}

export interface TestApp {
  readonly app: NestFastifyApplication;
  readonly databaseUrl: string;
  /** Projections, reactors and workers have caught up with everything appended so far. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The whole service on a database of its own (or a given one), driven through `app.inject`. */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const config = new AppConfig({ LOG_LEVEL: 'silent', SUBSCRIPTION_POLL_MS: '100', WORKER_POLL_MS: '100', INDEXER_POLL_MS: '50', ...options.env });
  const app = await createApp({
    config,
    runtime: new Runtime(options.role ?? 'all', databaseUrl, options.chains),
    logger: createLogger(config.values.logLevel, options.logTo ?? 'stdout'),
    clock: options.clock,
    extraModules: options.extraModules,
  });
  await app.getHttpAdapter().getInstance().ready();
  return { app, databaseUrl, settled: () => app.get(Engine).settled(), close: () => app.close() };
};
