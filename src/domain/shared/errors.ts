/**
 * Errors the domain raises. Each carries a code from the vocabulary the surfaces share
 * (`decisions.md` §3-4); every surface's error filter maps the code to its own status and body.
 */
export type DomainErrorCode =
  | 'VALIDATION'
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'ILLEGAL_TRANSITION'
  | 'CONCURRENT_OPERATION'
  | 'NOT_AVAILABLE'
  | 'NO_CHANGE'
  | 'INVALID_GRANT'
  | 'UNAUTHORIZED'
  | 'UNSUPPORTED_GRANT_TYPE'
  | 'RATE_LIMITED'
  // surface C (`decisions.md` §3)
  | 'EXCEEDS_LIMIT'
  | 'INSUFFICIENT_BALANCE'
  | 'CUSTODY_REQUIRED'
  | 'UNSUPPORTED_BLOCKCHAIN'
  | 'BLOCKCHAIN_CONGESTION'
  | 'WALLET_LIMIT_REACHED'
  | 'WEBHOOK_LIMIT_REACHED'
  | 'WALLET_VERIFICATION_REQUIRED'
  | 'WALLET_ALREADY_VERIFIED'
  | 'SIGNATURE_INVALID'
  | 'BAD_GATEWAY'
  // surface D's bound quotes (docs/partner-reseller.md)
  | 'QUOTE_INVALID'
  | 'QUOTE_MISMATCH'
  | 'QUOTE_EXPIRED'
  | 'QUOTE_USED'
  | 'EXPIRATION_DATE_MISMATCH'
  | 'TRANSFER_LOCKED'
  // surface D's DNS (docs/dns-and-hosting.md)
  | 'RECORD_EXISTS'
  // idempotency keys of paid and operation-starting requests (docs/http.md)
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  // surface A's cart and checkout (docs/commerce.md)
  | 'PROMO_CODE_INVALID'
  | 'LINK_INVALID';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly context: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A command that the aggregate's current state does not allow. */
export class IllegalTransition extends DomainError {
  constructor(message: string, context: Record<string, unknown> = {}) {
    super('ILLEGAL_TRANSITION', message, context);
  }
}

export class NotFound extends DomainError {
  constructor(what: string, id: string) {
    super('NOT_FOUND', `${what} ${id} was not found`, { id });
  }
}

/**
 * Another unfinished operation holds the domain; only one may run per domain across all accounts. The holder's id
 * is given only when it is the caller's own operation.
 */
export class ConcurrentOperation extends DomainError {
  constructor(domain: string, ownOperationId?: string) {
    super(
      'CONCURRENT_OPERATION',
      `domain ${domain} has an unfinished operation`,
      ownOperationId ? { domain, operationId: ownOperationId } : { domain },
    );
  }
}

/** A code, session or token that does not (or no longer) grant what it is presented for. */
export class InvalidGrant extends DomainError {
  constructor(message: string) {
    super('INVALID_GRANT', message);
  }
}

/** Too many requests from one client or for one subject; try again after the given delay. */
export class RateLimited extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `too many requests; try again in ${retryAfterSeconds} s`);
  }
}

export class Unauthorized extends DomainError {
  constructor(message = 'Authentication required') {
    super('UNAUTHORIZED', message);
  }
}

/** A request the rules refuse, with the surface's code for why (`WALLET_LIMIT_REACHED`, `SIGNATURE_INVALID`...). */
export class Refused extends DomainError {
  constructor(code: DomainErrorCode, message: string, context: Record<string, unknown> = {}) {
    super(code, message, context);
  }
}
