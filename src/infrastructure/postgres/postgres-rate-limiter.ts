import { Pool } from 'pg';
import { RateDecision, RateLimiter } from '../../application/identity/identity.ports';

/** Fixed windows counted in one upsert, so every process of the service shares the same counts. */
export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly pool: Pool) {}

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const { rows } = await this.pool.query<{ hits: number; retry_after: number }>(
      `with window_start as (
         select to_timestamp(floor(extract(epoch from now()) / $2) * $2) as at
       )
       insert into rate_limit_hits (bucket, window_start, hits)
       select $1, at, 1 from window_start
       on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
       returning hits, ceil(extract(epoch from (window_start + make_interval(secs => $2)) - now()))::int as retry_after`,
      [bucket, windowSeconds],
    );
    // old windows are of no use: drop them now and then rather than with a job of their own
    if (Math.random() < 0.01) void this.pool.query("delete from rate_limit_hits where window_start < now() - interval '1 day'").catch(() => undefined);
    return { allowed: rows[0].hits <= limit, retryAfterSeconds: Math.max(1, rows[0].retry_after) };
  }
}
