import { TokenDecision, TokenRate } from '../../domain/identity/token-bucket';

/** What identity needs from the outside, each behind a port so unit tests can use plain implementations. */

/** Seals small secrets (a signup code for the mailer, a private key) with the service's secret key. */
export abstract class SecretBox {
  abstract seal(plain: string): string;
  abstract open(sealed: string): string;
  /** A keyed digest (HMAC-SHA256): for short secrets like codes, whose plain digest could be brute-forced. */
  abstract keyedDigest(plain: string): string;
}

export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(hash: string, password: string): Promise<boolean>;
}

export interface TokenClaims {
  readonly sub: string;
  readonly [claim: string]: unknown;
}

/** Signs and verifies the service's JWTs (access tokens, partner access keys) and publishes its public keys. */
export abstract class TokenSigner {
  /** `ttlSeconds` null: no expiry (a revocable partner access key). */
  abstract sign(claims: TokenClaims, ttlSeconds: number | null): Promise<string>;
  /** The claims of a token this service signed and that has not expired; undefined otherwise. */
  abstract verify(token: string): Promise<(TokenClaims & { exp?: number; iat: number }) | undefined>;
  abstract publicKeys(): Promise<{ keys: object[] }>;
  abstract rotate(): Promise<string>;
}

export interface RateDecision {
  readonly allowed: boolean;
  /** When refused: whole seconds (rounded up) until the same hit would be allowed; 0 when allowed. */
  readonly retryAfterSeconds: number;
}

/**
 * Allows at most `limit` hits per bucket in any `windowSeconds` (a sliding window, not one aligned to the clock),
 * across every process of the service. Refused hits do not count.
 */
export abstract class RateLimiter {
  abstract hit(bucket: string, limit: number, windowSeconds: number): Promise<RateDecision>;
}

/**
 * The token buckets of credentials (`takeToken`), one per credential, shared by every process of the service: a
 * request takes a token from its credential's bucket, or is refused.
 */
export abstract class CredentialBuckets {
  /** Takes up to `wanted` tokens (one by default): allowed when at least one was taken, `taken` says how many. */
  abstract take(bucket: string, rate: TokenRate, wanted?: number): Promise<TokenDecision & { readonly taken: number }>;
}
