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
export const takeToken = (bucket: TokenBucket | undefined, now: number, rate: TokenRate): TokenDecision =>
  takeTokens(bucket, now, rate, 1);

/**
 * Takes up to `wanted` whole tokens at once, as many as the bucket holds (a process's lease of its next requests);
 * allowed when it took at least one. `taken` says how many.
 */
export const takeTokens = (
  bucket: TokenBucket | undefined,
  now: number,
  { perSecond, burst }: TokenRate,
  wanted: number,
): TokenDecision & { readonly taken: number } => {
  const from = bucket ?? { milliTokens: burst * TOKEN, refilledAt: now };
  const refilled = Math.min(burst * TOKEN, from.milliTokens + Math.max(0, now - from.refilledAt) * perSecond);
  const taken = Math.min(wanted, Math.floor(refilled / TOKEN));
  const milliTokens = refilled - taken * TOKEN;
  return {
    ...decisionOf(taken > 0, { milliTokens, refilledAt: Math.max(from.refilledAt, now) }, { perSecond, burst }),
    taken,
  };
};

/**
 * How many tokens a process takes at once for a credential's next requests: a tenth of a second at its rate (never
 * more than a tenth of its burst), so that a busy key costs a round trip to the shared bucket every few hundred
 * requests, not every one; a modest limit is taken one token at a time, exactly as it is shared.
 */
export const leaseSizeOf = ({ perSecond, burst }: TokenRate): number =>
  Math.max(1, Math.floor(Math.min(perSecond, burst) / 10));

/** The decision on a request that left `bucket` as it is, with what it tells the client. */
export const decisionOf = (allowed: boolean, bucket: TokenBucket, { perSecond, burst }: TokenRate): TokenDecision => ({
  allowed,
  bucket,
  remaining: Math.floor(bucket.milliTokens / TOKEN),
  resetMs: Math.ceil((burst * TOKEN - bucket.milliTokens) / perSecond),
  retryAfterMs: allowed ? 0 : Math.ceil((TOKEN - bucket.milliTokens) / perSecond),
});
