import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { newId } from '../../domain/shared/ids';

/** The idempotency key a request carries, scoped to the account it acts for. */
export interface IdempotencyScope {
  readonly accountId: string;
  readonly key: string;
}

/** How long a key holds its answer: a request repeated later is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

interface KeyedRequest extends IdempotencyScope {
  operationsMade: number;
}

const current = new AsyncLocalStorage<KeyedRequest>();

/** A UUID-shaped id made from text: the same text always gives the same id. */
export const uuidOf = (text: string): string => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The id of the `index`-th operation a keyed request starts (from 0). Made from the account and the key, so the same
 * request repeated (its answer lost to a crash or a cut connection) names the same operation: the store's one
 * stream per operation then lets it be started once, and a repeat finds it instead of starting a second.
 */
export const keyedOperationId = ({ accountId, key }: IdempotencyScope, index = 0): string =>
  newId('operation', uuidOf(`${accountId}\u0000${key}\u0000${index}`));

/** The requests answered under an idempotency key, and the operation ids they make. */
export const keyedRequests = {
  run<T>(scope: IdempotencyScope, work: () => T): T {
    return current.run({ ...scope, operationsMade: 0 }, work);
  },
  /**
   * The id of an operation the request being handled starts: made from its idempotency key when it has one, new
   * otherwise. Every command that starts an operation takes its id here.
   */
  newOperationId(): string {
    const request = current.getStore();
    return request ? keyedOperationId(request, request.operationsMade++) : newId('operation');
  },
  /** The id of the order a request places: made from its idempotency key when it has one, so a repeat finds it. */
  newOrderId(): string {
    const request = current.getStore();
    return request ? newId('order', uuidOf(`${request.accountId}\u0000${request.key}\u0000order`)) : newId('order');
  },
};

/** An answer kept with its key. */
export interface KeptAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** What claiming a key found. */
export type KeyClaim =
  /** The key is this request's to answer now (new, or left by a process that died while answering it). */
  | { readonly kind: 'claimed' }
  /** Answered before: the same request gets the same answer. */
  | { readonly kind: 'answered'; readonly answer: KeptAnswer }
  /** Sent before with another method, target or body. */
  | { readonly kind: 'reused' }
  /** Being answered right now, by this process or another. */
  | { readonly kind: 'in-use' };

/** Where keys and their answers are kept: shared by every process of the service. */
export abstract class IdempotencyKeys {
  /** Claims `scope` for the request of `fingerprint`, or says why not. */
  abstract claim(scope: IdempotencyScope, fingerprint: string): Promise<KeyClaim>;
  /** Keeps the answer given under a claimed key. */
  abstract answered(scope: IdempotencyScope, answer: KeptAnswer): Promise<void>;
  /** Gives a claimed key up (the request failed before it could act): the same request may be sent again. */
  abstract release(scope: IdempotencyScope): Promise<void>;
}
