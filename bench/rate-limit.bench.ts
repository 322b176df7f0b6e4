/**
 * npm run bench:rate-limit: what a request's rate-limit check costs, by the size of the limit. The credential
 * buckets (a token bucket per key: two numbers, one statement) against the sliding windows of the per-IP limits
 * (every allowed hit of the window kept), and a bare `select 1` as the floor, in the same run on one embedded
 * PostgreSQL. Goal: the bucket's cost the same at every limit (ratio to its cost at the smallest limit about 1.0).
 *
 * Each check is made on a bucket already holding `limit - 1` allowed hits (the window near full), one at a time.
 * BENCH_CHECKS (default 2000 per limit) tunes it.
 */
import { Pool } from 'pg';
import { SystemClock } from '../src/application/shared/clock';
import { createPool } from '../src/infrastructure/postgres/database';
import { migrate } from '../src/infrastructure/postgres/migrations';
import { PostgresCredentialBuckets } from '../src/infrastructure/postgres/postgres-credential-buckets';
import { PostgresRateLimiter } from '../src/infrastructure/postgres/postgres-rate-limiter';
import { startProgress } from '../src/interfaces/cli/progress';
import { startBenchDatabase } from './bench-database';

const CHECKS = Number(process.env.BENCH_CHECKS ?? 2000);
const LIMITS = [10, 1_000, 10_000];

/** Microseconds per call of `check`, `CHECKS` calls one after the other. */
const perCall = async (check: (n: number) => Promise<unknown>): Promise<number> => {
  const started = process.hrtime.bigint();
  for (let n = 0; n < CHECKS; n++) await check(n);
  return Number(process.hrtime.bigint() - started) / 1000 / CHECKS;
};

const main = async (): Promise<void> => {
  const database = await startBenchDatabase();
  const pool: Pool = createPool(database.url, 4);
  try {
    await migrate(pool);
    const clock = new SystemClock();
    const buckets = new PostgresCredentialBuckets(pool, clock);
    const windows = new PostgresRateLimiter(pool, clock);
    const floor = await perCall(() => pool.query('select 1'));
    console.log(`select 1: ${floor.toFixed(0)} µs a call`);
    let smallest: { bucket: number; window: number } | undefined;
    for (const limit of LIMITS) {
      // limits this big are never reached here: each call is an allowed request, as almost all are
      const rate = { perSecond: limit, burst: limit * 1000 };
      const window = { limit: limit * 1000, seconds: 3600 };
      const filled = startProgress(`filling the window of limit ${limit}`, limit - 1);
      for (let n = 0; n < limit - 1; n++) {
        await windows.hit(`window:${limit}`, window.limit, window.seconds);
        filled.advance();
      }
      filled.finish();
      const bucket = await perCall(() => buckets.take(`bucket:${limit}`, rate));
      const sliding = await perCall(() => windows.hit(`window:${limit}`, window.limit, window.seconds));
      smallest ??= { bucket, window: sliding };
      console.log(
        `limit ${limit}: token bucket ${bucket.toFixed(0)} µs (x${(bucket / smallest.bucket).toFixed(2)} of the ` +
          `smallest limit, x${(bucket / floor).toFixed(2)} of select 1); sliding window ${sliding.toFixed(0)} µs ` +
          `(x${(sliding / smallest.window).toFixed(2)})`,
      );
    }
  } finally {
    await pool.end();
    await database.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
