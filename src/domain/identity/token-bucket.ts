/** A credential's token bucket: thousandths of a token it holds, and when they were last worked out (epoch ms). */
export interface TokenBucket {
  readonly milliTokens: number;
  readonly refilledAt: number;
}

/** How much a kind of credential may ask: `perSecond` requests on average, up to `burst` at once (whole numbers). */
export interface TokenRate {
  readonly perSecond: number;
  readonly burst: number;
}

/** What taking a token decided, and what the `RateLimit-*` headers and `Retry-After` say of it. */
export interface TokenDecision {
  readonly allowed: boolean;
  readonly bucket: TokenBucket;
  /** Whole requests left now. */
  readonly remaining: number;
  /** Milliseconds until the bucket is full again. */
  readonly resetMs: number;
  /** Milliseconds until one more request would pass; 0 when this one did. */
  readonly retryAfterMs: number;
}

const TOKEN = 1000;

/**
 * Takes one token for a request at `now` (epoch ms). A bucket holds at most `burst` tokens and gains `perSecond` of
 * them a second; a request takes one and is refused when less than one is left. Counted in thousandths of a token,
 * so that a bucket gains a whole number of them each millisecond and nothing is lost to rounding. The work is the same
 * whatever the rate: two numbers per credential. A clock that went back (another process's, slightly behind) adds
 * nothing and moves nothing back. An absent bucket is a full one.
 */
export const takeToken = (
  bucket: TokenBucket | undefined,
  now: number,
  { perSecond, burst }: TokenRate,
): TokenDecision => {
  const from = bucket ?? { milliTokens: burst * TOKEN, refilledAt: now };
  const refilled = Math.min(burst * TOKEN, from.milliTokens + Math.max(0, now - from.refilledAt) * perSecond);
  const allowed = refilled >= TOKEN;
  const milliTokens = allowed ? refilled - TOKEN : refilled;
  return decisionOf(allowed, { milliTokens, refilledAt: Math.max(from.refilledAt, now) }, { perSecond, burst });
};

/** The decision on a request that left `bucket` as it is, with what it tells the client. */
export const decisionOf = (allowed: boolean, bucket: TokenBucket, { perSecond, burst }: TokenRate): TokenDecision => ({
  allowed,
  bucket,
  remaining: Math.floor(bucket.milliTokens / TOKEN),
  resetMs: Math.ceil((burst * TOKEN - bucket.milliTokens) / perSecond),
  retryAfterMs: allowed ? 0 : Math.ceil((TOKEN - bucket.milliTokens) / perSecond),
});
