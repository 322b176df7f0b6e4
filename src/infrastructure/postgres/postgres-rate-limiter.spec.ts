import { Pool } from 'pg';
import { Clock } from '../../application/shared/clock';
import { createTestDatabase } from '../../../test/support/test-database';
import { createPool } from './database';
import { PostgresRateLimiter } from './postgres-rate-limiter';

/** A clock that moves only when told, so window edges can be hit to the millisecond. */
class ManualClock extends Clock {
  constructor(private at: number) {
    super();
  }
  now(): number {
    return this.at;
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

const SECOND = 1000;
// the last second of a ten-minute window as a clock-aligned limiter counts them: the edge a burst used to cross
const BEFORE_ALIGNED_EDGE = Math.floor(Date.UTC(2030, 0, 1) / 600_000) * 600_000 - SECOND;

describe('PostgreSQL rate limiter (sliding window shared by every process)', () => {
  let url: string;
  let pools: Pool[];
  beforeAll(async () => {
    url = await createTestDatabase();
    pools = Array.from({ length: 4 }, () => createPool(url, 8));
  });
  afterAll(() => Promise.all(pools.map((pool) => pool.end())));

  let bucketNumber = 0;
  const newBucket = () => `test:${++bucketNumber}`;

  it('refuses a second burst right after a clock-aligned window boundary', async () => {
    const clock = new ManualClock(BEFORE_ALIGNED_EDGE);
    const limiter = new PostgresRateLimiter(pools[0], clock);
    const bucket = newBucket();
    for (let hit = 0; hit < 5; hit++) expect((await limiter.hit(bucket, 5, 600)).allowed).toBe(true);
    clock.advance(2 * SECOND); // past the boundary a fixed window would have reset at
    expect(await limiter.hit(bucket, 5, 600)).toEqual({ allowed: false, retryAfterSeconds: 598 });
  });

  it('reports the exact time until the next hit passes, and lets it through then', async () => {
    const clock = new ManualClock(BEFORE_ALIGNED_EDGE + 123);
    const limiter = new PostgresRateLimiter(pools[0], clock);
    const bucket = newBucket();
    for (const gap of [0, 10 * SECOND, 10 * SECOND]) {
      clock.advance(gap);
      expect((await limiter.hit(bucket, 3, 60)).allowed).toBe(true);
    }
    clock.advance(5 * SECOND); // 25 s after the first hit, which leaves the window 35 s from now
    expect(await limiter.hit(bucket, 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 35 });
    clock.advance(34.5 * SECOND);
    expect(await limiter.hit(bucket, 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 1 }); // 0.5 s, rounded up
    clock.advance(0.5 * SECOND);
    expect(await limiter.hit(bucket, 3, 60)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // full again: the next one waits for the second hit (made 50 s ago) to leave
    expect(await limiter.hit(bucket, 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('does not count refused hits, so a client that keeps asking is let in when told', async () => {
    const clock = new ManualClock(BEFORE_ALIGNED_EDGE);
    const limiter = new PostgresRateLimiter(pools[0], clock);
    const bucket = newBucket();
    expect((await limiter.hit(bucket, 1, 30)).allowed).toBe(true);
    for (let second = 1; second < 30; second++) {
      clock.advance(SECOND);
      expect(await limiter.hit(bucket, 1, 30)).toEqual({ allowed: false, retryAfterSeconds: 30 - second });
    }
    clock.advance(SECOND);
    expect((await limiter.hit(bucket, 1, 30)).allowed).toBe(true);
  });

  it('lets exactly the limit through when many processes hit one bucket at once', async () => {
    const clock = new ManualClock(BEFORE_ALIGNED_EDGE);
    const bucket = newBucket();
    // four pools of eight connections: 32 hits in flight at a time from what the database sees as four processes
    const limiters = pools.map((pool) => new PostgresRateLimiter(pool, clock));
    const decisions = await Promise.all(
      Array.from({ length: 120 }, (_, n) => limiters[n % limiters.length].hit(bucket, 25, 60)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(25);
    expect(
      decisions.filter((decision) => !decision.allowed).every((decision) => decision.retryAfterSeconds === 60),
    ).toBe(true);
    const { rows } = await pools[0].query<{ kept: number }>(
      'select cardinality(hits) as kept from rate_limit_hits where bucket = $1',
      [bucket],
    );
    expect(rows[0].kept).toBe(25);
  });
});
