import { Pool } from 'pg';
import { CredentialBuckets } from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';
import { decisionOf, TokenDecision, TokenRate } from '../../domain/identity/token-bucket';

/**
 * Token buckets in PostgreSQL (`credential_bucket_take()`, migration 0011): one round trip a request, one row a
 * credential, locked for the moment of the decision, so that every process of the service draws on one budget per
 * key. The database moves the bucket by the rule of `takeToken`; the answer's figures come from the bucket as left.
 */
export class PostgresCredentialBuckets implements CredentialBuckets {
  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  async take(bucket: string, rate: TokenRate): Promise<TokenDecision> {
    const now = this.clock.now();
    const { rows } = await this.pool.query<{ allowed: boolean; milli_tokens: string; refilled_at: string }>(
      'select allowed, milli_tokens, refilled_at from credential_bucket_take($1, $2, $3, $4)',
      [bucket, rate.perSecond, rate.burst, now],
    );
    // buckets idle for a day are full again (an absent bucket is a full one): drop them now and then
    if (Math.random() < 0.001)
      void this.pool
        .query('delete from credential_buckets where refilled_at < $1', [now - 86_400_000])
        .catch(() => undefined);
    const left = { milliTokens: Number(rows[0].milli_tokens), refilledAt: Number(rows[0].refilled_at) };
    return decisionOf(rows[0].allowed, left, rate);
  }
}
