import { Pool } from 'pg';
import { CredentialBuckets } from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';
import { decisionOf, TokenDecision, TokenRate } from '../../domain/identity/token-bucket';

/**
 * Token buckets in PostgreSQL (`credential_bucket_take()`, migrations 0011 and 0018): one round trip a take (of one
 * token, or of a process's lease of several), one row a credential, locked for the moment of the decision, so that
 * every process of the service draws on one budget per key. The database moves the bucket by the rule of
 * `takeTokens`; the answer's figures come from the bucket as left.
 */
export class PostgresCredentialBuckets implements CredentialBuckets {
  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  async take(bucket: string, rate: TokenRate, wanted = 1): Promise<TokenDecision & { readonly taken: number }> {
    const now = this.clock.now();
    const { rows } = await this.pool.query<{ taken: string; milli_tokens: string; refilled_at: string }>(
      'select taken, milli_tokens, refilled_at from credential_bucket_take($1, $2, $3, $4, $5)',
      [bucket, rate.perSecond, rate.burst, now, wanted],
    );
    // buckets idle for a day are full again (an absent bucket is a full one): drop them now and then
    if (Math.random() < 0.001)
      void this.pool
        .query('delete from credential_buckets where refilled_at < $1', [now - 86_400_000])
        .catch(() => undefined);
    const left = { milliTokens: Number(rows[0].milli_tokens), refilledAt: Number(rows[0].refilled_at) };
    const taken = Number(rows[0].taken);
    return { ...decisionOf(taken > 0, left, rate), taken };
  }
}
