import 'reflect-metadata';
import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyReply, FastifyRequest } from 'fastify';
import { toProblem } from './interfaces/http/shared/problem';
import { sendProblem } from './interfaces/http/shared/surfaces';
import { partnerProfileStrategy } from './interfaces/http/shared/auth/partner-profile-routing';
import {
  BODY_LIMIT_BYTES,
  clientErrorHandler,
  guardRequestHeaders,
  guardRequestTarget,
  parseQueryString,
  registerBodyParsers,
  URL_LIMIT_BYTES,
} from './interfaces/http/shared/http-input';
import { SwaggerModule } from '@nestjs/swagger';
import { OpenApiDocuments } from './interfaces/http/shared/openapi/openapi-documents';
import { Logger as Pino } from 'pino';
import { AppModule } from './app.module';
import { Clock } from './application/shared/clock';
import { AppConfig } from './infrastructure/config/config';
import { PinoLoggerService } from './infrastructure/logging/logger';
import { Metrics } from './infrastructure/metrics/metrics';
import { Runtime } from './infrastructure/runtime';

export interface CreateAppOptions {
  readonly config: AppConfig;
  readonly runtime: Runtime;
  readonly logger: Pino;
  readonly clock?: Clock;
  readonly extraModules?: readonly Type<unknown>[];
}

/** Builds and initialises the Nest application on Fastify; the caller decides whether to listen. */
export const createApp = async (options: CreateAppOptions): Promise<NestFastifyApplication> => {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // a path parameter is bounded by the request target's limit; the route's own validation says what is wrong with it
    routerOptions: { maxParamLength: URL_LIMIT_BYTES, querystringParser: parseQueryString },
    // errors Fastify raises before routing (a path with broken percent-encoding) leave in the surface's format too
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) =>
      sendProblem(reply, request.url, toProblem(error)),
    clientErrorHandler,
  });
  const fastify = adapter.getInstance();
  fastify.addConstraintStrategy(partnerProfileStrategy);
  registerBodyParsers(fastify);
  fastify.addHook('onRequest', guardRequestTarget);
  fastify.addHook('onRequest', guardRequestHeaders);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({
      config: options.config,
      runtime: options.runtime,
      clock: options.clock,
      extraModules: options.extraModules,
    }),
    adapter,
    { logger: new PinoLoggerService(options.logger), abortOnError: false, bodyParser: false },
  );
  observeRequests(app, options.logger);
  if (options.runtime.servesApi) serveSwaggerUi(app);
  await app.init();
  return app;
};

/** Swagger UI at /docs over each surface's own document (`/openapi/<surface>.json`). */
const serveSwaggerUi = (app: NestFastifyApplication): void => {
  const urls = app
    .get(OpenApiDocuments)
    .names()
    .map((name) => ({ name, url: `/openapi/${name}.json` }));
  const index = { openapi: '3.1.0', info: { title: 'domain-engine', version: '0.1.0' }, paths: {} };
  SwaggerModule.setup('docs', app, index, { raw: false, explorer: true, swaggerOptions: { urls, spec: undefined } });
};

/** One log line and one latency observation per request, labelled by route pattern (never by raw path). */
const observeRequests = (app: NestFastifyApplication, logger: Pino): void => {
  const metrics = app.get(Metrics);
  // the line holds the method, the route's pattern, the status and the time, nothing to redact: matching the
  // redaction's wildcards against it cost a twentieth of a resolution lookup
  const requests = logger.child({}, { redact: [] });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions?.url ?? 'unrouted';
      const seconds = reply.elapsedTime / 1000;
      metrics.requestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
      requests.info(
        { method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    });
};
