import { CredentialBuckets } from '../../src/application/identity/identity.ports';
import { Clock } from '../../src/application/shared/clock';
import { InMemoryCredentialBuckets } from '../../src/infrastructure/memory/in-memory-credential-buckets';
import { PostgresCredentialBuckets } from '../../src/infrastructure/postgres/postgres-credential-buckets';
import { openTwoProcesses } from '../support/two-processes';

/** A clock the test sets: every process of a test reads the same time. */
class SetClock extends Clock {
  at = 1_700_000_000_000;
  now(): number {
    return this.at;
  }
}

interface BucketsUnderTest {
  readonly buckets: CredentialBuckets;
  /** The same buckets as another process of the service sees them (its own connections), or the same object. */
  readonly other: CredentialBuckets;
  readonly clock: SetClock;
  close(): Promise<void>;
}

const ADAPTERS: [string, () => Promise<BucketsUnderTest>][] = [
  [
    'postgres',
    async () => {
      const clock = new SetClock();
      const { processes, close } = await openTwoProcesses();
      const [buckets, other] = processes.map(({ pool }) => new PostgresCredentialBuckets(pool, clock));
      return { buckets, other, clock, close };
    },
  ],
  [
    'in-memory',
    async () => {
      const clock = new SetClock();
      const buckets = new InMemoryCredentialBuckets(clock);
      return { buckets, other: buckets, clock, close: async () => undefined };
    },
  ],
];

const RATE = { perSecond: 20, burst: 40 };

describe.each(ADAPTERS)('credential buckets contract: %s', (_name, open) => {
  let subject: BucketsUnderTest;
  beforeEach(async () => (subject = await open()));
  afterEach(() => subject.close());

  const takeMany = async (buckets: CredentialBuckets, bucket: string, count: number) => {
    const decisions = [];
    for (let n = 0; n < count; n++) decisions.push(await buckets.take(bucket, RATE));
    return decisions;
  };

  it('lets the burst through, then refuses with the time to the next token, and refills at the rate', async () => {
    const { buckets, clock } = subject;
    const burst = await takeMany(buckets, 'key:a', 40);
    expect(burst.map((decision) => decision.remaining)).toEqual(Array.from({ length: 40 }, (_, n) => 39 - n));
    expect(await buckets.take('key:a', RATE)).toMatchObject({
      allowed: false,
      remaining: 0,
      retryAfterMs: 50,
      resetMs: 2000,
    });
    clock.at += 49;
    expect(await buckets.take('key:a', RATE)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    clock.at += 1;
    expect(await buckets.take('key:a', RATE)).toMatchObject({ allowed: true, remaining: 0 });
    clock.at += 60_000;
    expect(await buckets.take('key:a', RATE)).toMatchObject({ allowed: true, remaining: 39, resetMs: 50 });
  });

  it('keeps one bucket per credential', async () => {
    const { buckets } = subject;
    await takeMany(buckets, 'key:b', 40);
    expect((await buckets.take('key:b', RATE)).allowed).toBe(false);
    expect((await buckets.take('key:c', RATE)).allowed).toBe(true);
  });

  it('shares one budget between the processes of the service, however many ask at once', async () => {
    const { buckets, other } = subject;
    const decisions = await Promise.all(
      Array.from({ length: 60 }, (_, n) => (n % 2 === 0 ? buckets : other).take('key:shared', RATE)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(40);
  });

  it('adds nothing for a process whose clock is behind', async () => {
    const { buckets, clock } = subject;
    await takeMany(buckets, 'key:d', 40);
    clock.at -= 10_000;
    expect(await buckets.take('key:d', RATE)).toMatchObject({ allowed: false, retryAfterMs: 50 });
  });
});
