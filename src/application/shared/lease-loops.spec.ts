import { Signal } from '../../../test/support/signal';
import { Backlog, LeasedWork, LeaseLoops } from './lease-loops';

/** Work kept in an array: `release(item)` lets a run end; `arrive` is how the queue announces new work. */
class ListedWork implements LeasedWork<string> {
  readonly items: string[] = [];
  readonly running = new Set<string>();
  readonly done: string[] = [];
  readonly failures: string[] = [];
  readonly changed = new Signal();
  backlogAnswer: Backlog = { pending: false, wake: false, mark: '' };
  failNextLease = false;
  /** Holds the next lease after it looked at the queue, as a slow database would. */
  leaseHeld: Promise<void> | undefined;
  leaseCalls = 0;
  arrivals: (() => void)[] = [];
  private readonly releases = new Map<string, () => void>();
  private releasingAll = false;

  constructor(readonly settings: { concurrency: number; pollMs: number }) {}

  async lease(): Promise<string | undefined> {
    this.leaseCalls++;
    this.changed.notify();
    if (this.failNextLease) {
      this.failNextLease = false;
      throw new Error('database away');
    }
    const item = this.items.shift();
    const held = this.leaseHeld;
    this.leaseHeld = undefined;
    await held;
    return item;
  }

  async run(item: string): Promise<void> {
    this.running.add(item);
    this.changed.notify();
    if (item.startsWith('throw')) throw new Error(`${item} failed`);
    if (!this.releasingAll) await new Promise<void>((resolve) => this.releases.set(item, resolve));
    this.running.delete(item);
    this.done.push(item);
  }

  async releaseLeasesOf(): Promise<number> {
    return 0;
  }

  leaseFailed(error: unknown): void {
    this.failures.push(`lease: ${(error as Error).message}`);
    this.changed.notify();
  }

  runFailed(item: string, error: unknown): void {
    this.running.delete(item);
    this.failures.push(`run ${item}: ${(error as Error).message}`);
    this.changed.notify();
  }

  onArrival(wake: () => void): () => void {
    this.arrivals.push(wake);
    return () => (this.arrivals = this.arrivals.filter((listener) => listener !== wake));
  }

  async backlog(): Promise<Backlog> {
    return this.backlogAnswer;
  }

  arrive(...items: string[]): void {
    this.items.push(...items);
    this.arrivals.forEach((wake) => wake());
  }

  release(item: string): void {
    this.releases.get(item)?.();
  }

  /** Ends every run, now and later, so that the loops can stop. */
  releaseAll(): void {
    this.releasingAll = true;
    this.releases.forEach((release) => release());
  }
}

const HOUR_MS = 3_600_000;

describe('lease loops', () => {
  let running: { loops: LeaseLoops<string>; work: ListedWork } | undefined;
  afterEach(async () => {
    running?.work.releaseAll();
    await running?.loops.stop();
    running = undefined;
  });
  const start = (work: ListedWork): LeaseLoops<string> => {
    running = { loops: new LeaseLoops(work), work };
    running.loops.start();
    return running.loops;
  };
  /** Every loop has leased once and found nothing. */
  const asleep = async (work: ListedWork): Promise<void> => {
    await work.changed.until(() => work.leaseCalls >= work.settings.concurrency);
    await new Promise((resolve) => setImmediate(resolve));
  };

  it('runs `concurrency` items at once, woken by their arrival rather than by a poll', async () => {
    const work = new ListedWork({ concurrency: 2, pollMs: HOUR_MS });
    start(work);
    await asleep(work);
    work.arrive('a', 'b', 'c');
    await work.changed.until(() => work.running.size === 2);
    expect([...work.running]).toEqual(['a', 'b']);
    work.release('a');
    await work.changed.until(() => work.running.has('c'));
    expect(work.done).toEqual(['a']);
  });

  it('hears an arrival announced while a loop was leasing, rather than sleeping until its next poll', async () => {
    const work = new ListedWork({ concurrency: 1, pollMs: HOUR_MS });
    let answerLease!: () => void;
    work.leaseHeld = new Promise((resolve) => (answerLease = resolve));
    start(work);
    await work.changed.until(() => work.leaseCalls === 1); // that lease has found nothing and not answered yet
    work.arrive('late');
    answerLease();
    await work.changed.until(() => work.running.has('late'));
  });

  it('looks for work every `pollMs` when no arrival is announced', async () => {
    const work = new ListedWork({ concurrency: 1, pollMs: 10 });
    start(work);
    work.items.push('quiet');
    await work.changed.until(() => work.running.has('quiet'));
  });

  it('stops listening and leasing on stop, once the runs in flight have ended', async () => {
    const work = new ListedWork({ concurrency: 1, pollMs: HOUR_MS });
    const subject = start(work);
    await asleep(work);
    work.arrive('a');
    await work.changed.until(() => work.running.has('a'));
    let stopped = false;
    const stopping = subject.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    work.release('a');
    await stopping;
    running = undefined;
    expect(work.arrivals).toEqual([]);
    expect(work.done).toEqual(['a']);
  });

  it('carries on after a lease or a run fails, and says which', async () => {
    const work = new ListedWork({ concurrency: 1, pollMs: 10 });
    work.failNextLease = true;
    work.items.push('throw-1', 'after');
    start(work);
    await work.changed.until(() => work.running.has('after'));
    expect(work.failures).toEqual(['lease: database away', 'run throw-1: throw-1 failed']);
  });

  it('is idle only with no run here and nothing pending, and wakes the loops for pending work leasable now', async () => {
    const work = new ListedWork({ concurrency: 1, pollMs: HOUR_MS });
    const subject = start(work);
    expect(await subject.state()).toEqual({ idle: true, mark: '' });
    work.backlogAnswer = { pending: true, wake: false, mark: 'm1' };
    work.items.push('due'); // came due without an announcement
    expect(await subject.state()).toEqual({ idle: false, mark: 'm1' });
    expect(work.running.size).toBe(0);
    work.backlogAnswer = { pending: true, wake: true, mark: 'm1' };
    await subject.state();
    await work.changed.until(() => work.running.has('due'));
    work.backlogAnswer = { pending: false, wake: false, mark: 'm2' };
    expect(await subject.state()).toEqual({ idle: false, mark: 'm2' }); // still running here
    const ended = subject.nextRunEnd();
    work.release('due');
    await ended;
    expect(await subject.state()).toEqual({ idle: true, mark: 'm2' });
  });
});
