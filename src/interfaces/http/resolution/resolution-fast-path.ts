import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import fastJsonStringify from 'fast-json-stringify';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Authenticator } from '../../../application/identity/authenticator';
import { CredentialRateLimits } from '../../../application/identity/credential-rate-limits';
import { ResolutionSettings } from '../../../application/resolution/resolution-settings';
import { domainNameForms } from '../../../domain/shared/idna';
import { ResolutionReads } from '../../../projections/resolution/resolution-reads.port';
import { ResolvedDomain } from '../../../projections/resolution/resolution.projection';
import { bearerOf } from '../shared/auth/credential.guard';
import { admitCredential } from '../shared/auth/credential-admission';
import { JsonSchema, reachable } from '../shared/openapi/json-schema';
import { toProblem } from '../shared/problem';
import { sendProblem } from '../shared/surfaces';
import { bodyOf, DomainBody, resolvesEnding, unknownDomain } from './resolution-views';
import { resolutionDocument } from './resolution.openapi';

/** The route answered here, as Fastify names it (`ResolutionController.domain` declares it). */
const DOMAIN_ROUTE = '/resolve/domains/:name';

/** The documented answer, compiled into a serialiser once: the answer written as its schema says, field by field. */
const compileDomainAnswer = (): ((body: DomainBody) => string) => {
  // surface E's answers depend on no executor's dependency types
  const schemas = resolutionDocument.schemas({ dependencyTypes: [] });
  const root: JsonSchema = {
    ...schemas.ResolvedDomain,
    components: { schemas: reachable(['ResolvedDomain'], schemas) },
  };
  return fastJsonStringify(root);
};

/**
 * Surface E's most frequent request, `GET /resolve/domains/:name` with a resolution key, answered as Fastify routes
 * it, before Nest's guards, interceptors and pipes (most of what such a request cost once the lookup was in memory):
 * the same authentication and rate limit, the lookup in the process's memory, the body the controller builds, written
 * by a compiled serialiser. Anything else (another credential or none, a query string, a body, a process whose memory
 * is not current) goes on to the controller, which says what is wrong or asks the database: both answer alike.
 */
@Injectable()
export class ResolutionFastPath implements OnModuleInit {
  private readonly serialize = compileDomainAnswer();
  /** Each document's answer, written once: the read model replaces a changed document, it never edits one. */
  private readonly answers = new WeakMap<ResolvedDomain, string>();
  private readonly tlds: ReadonlySet<string>;

  constructor(
    private readonly adapter: HttpAdapterHost,
    private readonly authenticator: Authenticator,
    private readonly limits: CredentialRateLimits,
    private readonly reads: ResolutionReads,
    settings: ResolutionSettings,
  ) {
    this.tlds = settings.supportedTlds;
  }

  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRequest', (request, reply) => this.answer(request, reply));
  }

  private async answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (request.method !== 'GET' || request.routeOptions.url !== DOMAIN_ROUTE || !plain(request)) return undefined;
    const bearer = bearerOf(request);
    const principal = bearer === undefined ? undefined : await this.authenticator.resolution(bearer);
    const memory = principal && (await this.reads.current());
    if (!principal || !memory) return undefined;
    const forms = domainNameForms((request.params as { name: string }).name);
    const found = forms && resolvesEnding(forms, this.tlds) ? memory.byName(forms.name) : undefined;
    try {
      await admitCredential(this.limits, principal, reply);
    } catch (refusal) {
      sendProblem(reply, request.url, toProblem(refusal));
      return reply;
    }
    return reply
      .type('application/json; charset=utf-8')
      .send(found ? this.answerOf(found) : this.serialize(unknownDomain(forms)));
  }

  private answerOf(domain: ResolvedDomain): string {
    let answer = this.answers.get(domain);
    if (answer === undefined) this.answers.set(domain, (answer = this.serialize(bodyOf(domain))));
    return answer;
  }
}

/** No query string and no body: a request the controller would answer from its path alone. */
const plain = (request: FastifyRequest): boolean =>
  !request.url.includes('?') &&
  request.headers['content-length'] === undefined &&
  request.headers['transfer-encoding'] === undefined;
