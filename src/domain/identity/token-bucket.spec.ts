import { leaseSizeOf, takeToken, takeTokens } from './token-bucket';

const RATE = { perSecond: 20, burst: 40 };

describe('token buckets of credentials', () => {
  it('lets a new credential make its whole burst at once, then refuses', () => {
    let bucket;
    const decisions = [];
    for (let n = 0; n < 41; n++) {
      const decision = takeToken(bucket, 1_000, RATE);
      decisions.push(decision);
      bucket = decision.bucket;
    }
    expect(decisions.slice(0, 40).every((decision) => decision.allowed)).toBe(true);
    expect(decisions[0]).toMatchObject({ remaining: 39, resetMs: 50, retryAfterMs: 0 });
    expect(decisions[39]).toMatchObject({ allowed: true, remaining: 0, resetMs: 2000 });
    expect(decisions[40]).toMatchObject({ allowed: false, remaining: 0, resetMs: 2000, retryAfterMs: 50 });
  });

  it('gives back the rate per second, never more than the burst', () => {
    const empty = { milliTokens: 0, refilledAt: 1_000 };
    expect(takeToken(empty, 1_049, RATE)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    expect(takeToken(empty, 1_050, RATE)).toMatchObject({ allowed: true, remaining: 0, bucket: { milliTokens: 0 } });
    expect(takeToken(empty, 1_500, RATE)).toMatchObject({ allowed: true, remaining: 9, bucket: { milliTokens: 9000 } });
    expect(takeToken(empty, 60_000, RATE)).toMatchObject({
      allowed: true,
      remaining: 39,
      bucket: { milliTokens: 39000 },
    });
  });

  it('keeps fractions of a token between requests', () => {
    const first = takeToken({ milliTokens: 500, refilledAt: 0 }, 10, RATE);
    expect(first).toMatchObject({ allowed: false, bucket: { milliTokens: 700, refilledAt: 10 }, retryAfterMs: 15 });
    expect(takeToken(first.bucket, 25, RATE)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('adds nothing for a clock that went back, and keeps the later time', () => {
    expect(takeToken({ milliTokens: 500, refilledAt: 1_000 }, 900, RATE)).toMatchObject({
      allowed: false,
      bucket: { milliTokens: 500, refilledAt: 1_000 },
    });
  });

  it('costs the same whatever the limit: two numbers per credential', () =>
    expect(Object.keys(takeToken(undefined, 0, { perSecond: 1e6, burst: 1e6 }).bucket)).toEqual([
      'milliTokens',
      'refilledAt',
    ]));
});

describe('tokens taken at once for a process’s next requests', () => {
  it('takes as many as asked while the bucket holds them', () =>
    expect(takeTokens(undefined, 1_000, RATE, 10)).toMatchObject({
      allowed: true,
      taken: 10,
      remaining: 30,
      bucket: { milliTokens: 30_000, refilledAt: 1_000 },
    }));

  it('takes what is left when fewer are held, and is refused with none', () => {
    const low = { milliTokens: 2_500, refilledAt: 1_000 };
    expect(takeTokens(low, 1_000, RATE, 10)).toMatchObject({ allowed: true, taken: 2, bucket: { milliTokens: 500 } });
    expect(takeTokens({ milliTokens: 500, refilledAt: 1_000 }, 1_000, RATE, 10)).toMatchObject({
      allowed: false,
      taken: 0,
      retryAfterMs: 25,
      bucket: { milliTokens: 500 },
    });
  });

  it('takes one as a single request does', () =>
    expect(takeTokens(undefined, 1_000, RATE, 1)).toEqual({ ...takeToken(undefined, 1_000, RATE), taken: 1 }));

  it('leases a tenth of a second at the rate, at most a tenth of the burst, and at least one', () => {
    expect(leaseSizeOf({ perSecond: 1_000_000, burst: 1_000_000 })).toBe(100_000);
    expect(leaseSizeOf({ perSecond: 5_000, burst: 200 })).toBe(20);
    expect(leaseSizeOf({ perSecond: 20, burst: 40 })).toBe(2);
    expect(leaseSizeOf({ perSecond: 19, burst: 40 })).toBe(1);
    expect(leaseSizeOf({ perSecond: 1, burst: 5 })).toBe(1);
  });
});
