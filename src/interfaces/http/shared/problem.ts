import { isStoreUnavailable } from '../../../application/shared/service-health.port';
import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError, DomainErrorCode, RateLimited } from '../../../domain/shared/errors';

export interface Issue {
  readonly path: string;
  readonly message: string;
  /** The code of the rule it breaks, where the surface has one (`EXCEEDS_LIMIT`). */
  readonly code?: string;
}

/** A client mistake or a failure, before a surface renders it in its own error format. */
export interface Problem {
  readonly status: number;
  /** The shared vocabulary (`VALIDATION`, `NOT_FOUND`, `CONCURRENT_OPERATION`...); surfaces map it to theirs. */
  readonly code: string;
  readonly message: string;
  readonly issues: readonly Issue[];
  readonly context?: Readonly<Record<string, unknown>>;
  /** For 429: when the client may try again. */
  readonly retryAfterSeconds?: number;
  /** For 405: the methods the path takes. */
  readonly allow?: readonly string[];
  /** A 404 of a path no route answers (surface A names it `unknown_action`), not of a thing a route did not find. */
  readonly unrouted?: true;
}

/** Thrown by the validation pipe: the request does not match the route's schema. */
export class RequestValidationError extends Error {
  constructor(readonly issues: readonly Issue[]) {
    super(issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ') || 'invalid request');
  }
}

/** The status each domain error code is answered with, on every surface. */
export const DOMAIN_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  NO_CHANGE: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  CONFLICT: 409,
  ILLEGAL_TRANSITION: 409,
  CONCURRENT_OPERATION: 409,
  NOT_AVAILABLE: 409,
  INVALID_GRANT: 400,
  UNAUTHORIZED: 401,
  UNSUPPORTED_GRANT_TYPE: 400,
  RATE_LIMITED: 429,
  EXCEEDS_LIMIT: 400,
  INSUFFICIENT_BALANCE: 402,
  CUSTODY_REQUIRED: 400,
  UNSUPPORTED_BLOCKCHAIN: 400,
  BLOCKCHAIN_CONGESTION: 503,
  WALLET_LIMIT_REACHED: 409,
  WEBHOOK_LIMIT_REACHED: 409,
  WALLET_VERIFICATION_REQUIRED: 403,
  WALLET_ALREADY_VERIFIED: 409,
  SIGNATURE_INVALID: 400,
  BAD_GATEWAY: 502,
  QUOTE_INVALID: 400,
  QUOTE_MISMATCH: 409,
  QUOTE_EXPIRED: 409,
  QUOTE_USED: 409,
  EXPIRATION_DATE_MISMATCH: 409,
  TRANSFER_LOCKED: 409,
  RECORD_EXISTS: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  PROMO_CODE_INVALID: 400,
  // a page link used, expired or unknown: gone for good (RFC 9110 §15.5.11)
  LINK_INVALID: 410,
};

/** Codes of statuses that no domain error raises; each surface maps them into its own vocabulary. */
const HTTP_CODE: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

const messageOf = (exception: HttpException): string => {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : exception.message;
};

/** Fastify's own errors (malformed JSON, wrong content type, body too large) carry a 4xx statusCode. */
const isFastifyClientError = (exception: unknown): exception is { statusCode: number; message: string } =>
  typeof exception === 'object' &&
  exception !== null &&
  typeof (exception as { statusCode?: unknown }).statusCode === 'number' &&
  (exception as { statusCode: number }).statusCode >= 400 &&
  (exception as { statusCode: number }).statusCode < 500;

export const toProblem = (exception: unknown): Problem => {
  if (exception instanceof RequestValidationError) {
    return { status: 400, code: 'VALIDATION', message: 'The request is invalid', issues: exception.issues };
  }
  if (exception instanceof RateLimited) {
    return {
      status: 429,
      code: exception.code,
      message: exception.message,
      issues: [],
      retryAfterSeconds: exception.retryAfterSeconds,
    };
  }
  if (exception instanceof DomainError) {
    return {
      status: DOMAIN_STATUS[exception.code],
      code: exception.code,
      message: exception.message,
      issues: [],
      context: exception.context,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return {
      status,
      code: HTTP_CODE[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
      message: messageOf(exception),
      issues: [],
    };
  }
  if (isFastifyClientError(exception)) {
    // Fastify's own 415 names no remedy
    const message =
      exception.statusCode === 415 && exception.message === 'Unsupported Media Type'
        ? 'the body must be JSON: send content-type application/json'
        : exception.message;
    return {
      status: exception.statusCode,
      code: HTTP_CODE[exception.statusCode] ?? 'BAD_REQUEST',
      message,
      issues: [],
    };
  }
  if (isStoreUnavailable(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'UNAVAILABLE',
      message: 'The service cannot reach its database right now; try again shortly',
      issues: [],
      retryAfterSeconds: STORE_RETRY_SECONDS,
    };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, code: 'INTERNAL', message: 'Internal server error', issues: [] };
};

/** How long a client told the database is away waits before trying again: a restart takes seconds. */
const STORE_RETRY_SECONDS = 2;
