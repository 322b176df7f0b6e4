import { CallHandler, ExecutionContext, Injectable, NestInterceptor, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, Observable } from 'rxjs';
import {
  IdempotencyKeys,
  IdempotencyScope,
  keyedOperationId,
  keyedRequests,
} from '../../../application/shared/idempotency';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { ExistingOperation } from '../../../domain/operations/operation';
import { Refused } from '../../../domain/shared/errors';
import { GetOperation } from '../../../projections/operation-list/operation-list.queries';
import { AuthenticatedRequest } from './auth/access';
import { IDEMPOTENCY_HEADER, IDEMPOTENT, isIdempotencyKey } from './idempotent';
import { DOCUMENTED, RouteDocumentation } from './openapi/documented';
import { operationResult } from './operation-results';
import { RequestValidationError } from './problem';

/** JSON with its object keys in one order: the same body sent with its keys in another order is the same request. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : typeof value === 'object' && value !== null
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : (JSON.stringify(value) ?? 'null');

/** What makes two requests the same one: the method, the target with its query, and the body. */
const fingerprintOf = (request: FastifyRequest): string =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonical(request.body)}`)
    .digest('hex');

/**
 * `Idempotency-Key` on the routes marked `@Idempotent()`: the first request under a key of the account is answered and
 * its answer kept for 24 hours; the same request again gets that answer again (`Idempotent-Replayed: true`), without
 * a second operation or charge, in any process and after a restart; the key with another request is 409
 * `IDEMPOTENCY_KEY_REUSED`, and while its first request is being answered 409 `IDEMPOTENCY_KEY_IN_USE`.
 *
 * A process that dies after acting but before keeping its answer leaves the key running: once it is known to be gone
 * (its lease ran out, or its pid left this host) the same request is answered from the operation it started, whose
 * id is made from the key (`keyedOperationId`); a request that failed before acting gives its key up.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyKeys,
    private readonly queries: QueryBus,
    // TYPE_NAMESPACE, which the routes of both partner profiles answer with
    private readonly web3: Web3Settings,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const handler = context.getHandler();
    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (!this.reflector.get<boolean>(IDEMPOTENT, handler) || key === undefined || !request.principal)
      return next.handle();
    if (typeof key !== 'string' || !isIdempotencyKey(key))
      throw new RequestValidationError([
        { path: IDEMPOTENCY_HEADER, message: 'must be 1 to 255 printable characters' },
      ]);
    const scope = { accountId: request.principal.accountId, key };
    return from(this.answer(context, scope, request, next));
  }

  private async answer(
    context: ExecutionContext,
    scope: IdempotencyScope,
    request: FastifyRequest,
    next: CallHandler,
  ): Promise<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const claim = await this.keys.claim(scope, fingerprintOf(request));
    switch (claim.kind) {
      case 'reused':
        throw new Refused('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was sent with another request');
      case 'in-use':
        throw new Refused('IDEMPOTENCY_KEY_IN_USE', 'the first request with this Idempotency-Key is being answered');
      case 'answered':
        void reply.header('idempotent-replayed', 'true');
        return claim.answer.body;
      case 'claimed':
        break;
    }
    try {
      const started = await this.startedBefore(context, scope);
      if (started !== undefined) void reply.header('idempotent-replayed', 'true');
      const body =
        started ?? (await keyedRequests.run(scope, () => lastValueFrom(next.handle(), { defaultValue: null })));
      await this.keys.answered(scope, { status: this.statusOf(context), body });
      return body;
    } catch (error) {
      await this.keys.release(scope).catch(() => undefined);
      throw error;
    }
  }

  /** The answer to the operation an earlier run of this request started before its process died, if it did. */
  private async startedBefore(context: ExecutionContext, scope: IdempotencyScope): Promise<unknown> {
    const operation = await this.queries.execute<GetOperation, ExistingOperation | undefined>(
      new GetOperation(scope.accountId, keyedOperationId(scope)),
    );
    if (!operation) return undefined;
    const documented = this.reflector.get<RouteDocumentation>(DOCUMENTED, context.getHandler());
    return operationResult(this.web3.namespace, documented.answer, operation);
  }

  /** The status the route answers with: its `@HttpCode`, or Nest's default for its method. */
  private statusOf(context: ExecutionContext): number {
    const handler = context.getHandler();
    const method = this.reflector.get<RequestMethod>(METHOD_METADATA, handler);
    return this.reflector.get<number>(HTTP_CODE_METADATA, handler) ?? (method === RequestMethod.POST ? 201 : 200);
  }
}
