import { TokenRate } from '../../domain/identity/token-bucket';
import { InMemoryCredentialBuckets } from '../../infrastructure/memory/in-memory-credential-buckets';
import { Clock } from '../shared/clock';
import { Principal } from './authenticator';
import { CredentialRateLimits } from './credential-rate-limits';
import { IdentitySettings } from './identity-settings';

class StillClock extends Clock {
  at = 1_000_000;
  now(): number {
    return this.at;
  }
}

const principal: Principal = { accountId: 'acc-1', via: 'resolution_key', scopes: [], profile: null, bucket: 'key:1' };
const settingsOf = (resolution: TokenRate) =>
  new IdentitySettings(3600, 10, 3, 60, 0, 'http://localhost', 300, { agent: null, partner: null, resolution });

/** The shared bucket, counting the round trips the processes make to it. */
const sharedBuckets = (clock: Clock) => {
  const buckets = new InMemoryCredentialBuckets(clock);
  const trips = { count: 0 };
  const take = buckets.take.bind(buckets);
  buckets.take = (...args) => {
    trips.count += 1;
    return take(...args);
  };
  return { buckets, trips };
};

describe('rate limits served from a lease of tokens', () => {
  it('asks the shared bucket once for a busy key’s next tenth of a second', async () => {
    const clock = new StillClock();
    const { buckets, trips } = sharedBuckets(clock);
    const limits = new CredentialRateLimits(buckets, settingsOf({ perSecond: 1_000, burst: 2_000 }), clock);
    const admissions = [];
    for (let n = 0; n < 250; n++) admissions.push(await limits.admit(principal));
    expect(admissions.every((admission) => admission?.allowed)).toBe(true);
    // leases of 100: three trips for 250 requests
    expect(trips.count).toBe(3);
    // each answer tells the budget left: the shared bucket's and what this process still holds
    expect(admissions.slice(0, 3).map((admission) => admission?.remaining)).toEqual([1_999, 1_998, 1_997]);
    expect(admissions[249]?.remaining).toBe(1_750);
  });

  it('never lets more through than the shared budget, however many processes take leases', async () => {
    const clock = new StillClock();
    const { buckets } = sharedBuckets(clock);
    const rate = { perSecond: 100, burst: 100 };
    const processes = [0, 1, 2].map(() => new CredentialRateLimits(buckets, settingsOf(rate), clock));
    let allowed = 0;
    for (let n = 0; n < 300; n++) if ((await processes[n % 3].admit(principal))?.allowed) allowed += 1;
    expect(allowed).toBe(100);
  });

  it('takes one lease for the requests that arrive together, not one each', async () => {
    const clock = new StillClock();
    const { buckets, trips } = sharedBuckets(clock);
    const limits = new CredentialRateLimits(buckets, settingsOf({ perSecond: 1_000, burst: 1_000 }), clock);
    const admissions = await Promise.all(Array.from({ length: 50 }, () => limits.admit(principal)));
    expect(admissions.every((admission) => admission?.allowed)).toBe(true);
    expect(trips.count).toBe(1);
  });

  it('lets an unspent lease lapse after a second, and takes a fresh one', async () => {
    const clock = new StillClock();
    const { buckets, trips } = sharedBuckets(clock);
    const limits = new CredentialRateLimits(buckets, settingsOf({ perSecond: 1_000, burst: 2_000 }), clock);
    await limits.admit(principal);
    clock.at += 999;
    await limits.admit(principal);
    expect(trips.count).toBe(1);
    clock.at += 1;
    await limits.admit(principal);
    expect(trips.count).toBe(2);
  });

  it('takes a modest limit one token at a time, exactly as shared', async () => {
    const clock = new StillClock();
    const { buckets, trips } = sharedBuckets(clock);
    const limits = new CredentialRateLimits(buckets, settingsOf({ perSecond: 5, burst: 5 }), clock);
    const answers = [];
    for (let n = 0; n < 6; n++) answers.push(await limits.admit(principal));
    expect(trips.count).toBe(6);
    expect(answers.map((answer) => answer?.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('limits nothing for a kind of credential without a rate', async () => {
    const clock = new StillClock();
    const { buckets, trips } = sharedBuckets(clock);
    const limits = new CredentialRateLimits(buckets, new IdentitySettings(3600, 10, 3, 60), clock);
    expect(await limits.admit(principal)).toBeUndefined();
    expect(trips.count).toBe(0);
  });
});
