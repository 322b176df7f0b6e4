import { Pool } from 'pg';
import { RateDecision, RateLimiter } from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';

/**
 * Sliding windows kept in PostgreSQL (`rate_limit_hit()`, migration 0007), so every process of the service shares
 * them and concurrent hits are decided one at a time. Time is the application's clock (epoch milliseconds), which
 * is what lets tests move it; processes on several hosts rely on their clocks being synchronised (NTP).
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const now = this.clock.now();
    const { rows } = await this.pool.query<{ allowed: boolean; retry_after_ms: string }>(
      'select allowed, retry_after_ms from rate_limit_hit($1, $2, $3, $4)',
      [bucket, limit, windowSeconds * 1000, now],
    );
    // idle buckets are of no use: drop them now and then rather than with a job of their own
    if (Math.random() < 0.01)
      void this.pool.query('delete from rate_limit_hits where idle_at < $1', [now]).catch(() => undefined);
    const { allowed, retry_after_ms: retryAfterMs } = rows[0];
    // Retry-After is in whole seconds: rounded up, so a client that waits as told is let through
    return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(Number(retryAfterMs) / 1000)) };
  }
}
