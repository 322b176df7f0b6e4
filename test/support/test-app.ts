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
import { claimedProfileOf } from '../../src/interfaces/http/shared/auth/partner-profile-routing';
import { OpenApiDocuments } from '../../src/interfaces/http/shared/openapi/openapi-documents';
import { OpenApiDocument, RecordedResponse, reportConformance, ResponseConformance } from './conformance';
import {
  agentReferenceProblems,
  resellerReferenceProblems,
  resolutionReferenceProblems,
  web3ReferenceProblems,
} from './reference-conformance';
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
  const config = new AppConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SUBSCRIPTION_POLL_MS: '100',
    WORKER_POLL_MS: '100',
    INDEXER_POLL_MS: '50',
    // test files run side by side: each DNS server takes a free port (DnsServer.port)
    DNS_PORT: '0',
    HOSTING_PORT: '0',
    HOSTING_TLS_PORT: '0',
    // reverse proxies in tests reach origins on loopback
    HOSTING_ALLOW_PRIVATE_TARGETS: 'true',
    // tests send far more than a client would (the limits' own test sets them back): buckets too big to empty
    ...Object.fromEntries(
      ['AGENT', 'PARTNER', 'RESOLUTION'].flatMap((kind) => [
        [`${kind}_KEY_RATE_PER_SECOND`, '1000000'],
        [`${kind}_KEY_RATE_BURST`, '1000000'],
      ]),
    ),
    ...options.env,
  });
  const app = await createApp({
    config,
    runtime: new Runtime(options.role ?? 'all', databaseUrl, options.chains),
    logger: createLogger(config.values.logLevel, options.logTo ?? 'stdout'),
    clock: options.clock,
    extraModules: options.extraModules,
  });
  const answered = recordAnswers(app);
  await app.getHttpAdapter().getInstance().ready();
  const close = async (): Promise<void> => {
    // reported after every hook of the file has run (test/support/conformance-check.ts), so closing still cleans up
    reportConformance(conformanceProblems(app, answered));
    await app.close();
  };
  return { app, databaseUrl, settled: () => app.get(Engine).settled(), close };
};

/** Every answer the tests get, to be checked against the OpenAPI documents when the app closes. */
const recordAnswers = (app: NestFastifyApplication): RecordedResponse[] => {
  const answered: RecordedResponse[] = [];
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (request, reply, payload) => {
      const route = request.routeOptions?.url;
      if (route && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const contentType = reply.getHeader('content-type');
        answered.push({
          method: request.method,
          route,
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : undefined,
          body: payload.toString(),
          profile: claimedProfileOf(request.headers.authorization),
        });
      }
      return payload;
    });
  return answered;
};

const conformanceProblems = (app: NestFastifyApplication, answered: readonly RecordedResponse[]): string[] => {
  let documents: OpenApiDocuments;
  try {
    documents = app.get(OpenApiDocuments);
  } catch {
    return []; // a worker: it serves no surface
  }
  const conformance = new ResponseConformance(
    Object.fromEntries(documents.names().map((name) => [name, documents.document(name) as unknown as OpenApiDocument])),
  );
  const namespace = app.get(AppConfig).values.typeNamespace;
  return [
    ...new Set([
      ...answered.flatMap((response) => conformance.problems(response)),
      ...resellerReferenceProblems(answered, namespace),
      ...agentReferenceProblems(answered),
      ...web3ReferenceProblems(answered, namespace),
      ...resolutionReferenceProblems(answered),
    ]),
  ];
};
