import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { acting } from './acting';

/** What `settled()` waits for in one kind of leased work, besides the runs in flight in this process. */
export interface Backlog {
  /** Work due now or soon (each kind says how soon), leased here, elsewhere or not at all. */
  readonly pending: boolean;
  /**
   * Pending work may be leasable now though no notification said so (a retry came due): the loops are woken to
   * look at once rather than at their next poll.
   */
  readonly wake: boolean;
  /** Moves with every change that appends no event (a delivery attempted), so that `settled()` notices it. */
  readonly mark: string;
}

/**
 * A kind of work kept in a queue shared by every process (operation dependencies, webhook deliveries): each process
 * leases one item at a time, runs it, and gives it back or removes it. The engine runs every kind the same way.
 */
export interface LeasedWork<Item> {
  readonly settings: { readonly concurrency: number; readonly pollMs: number };
  /** Takes one due item for `owner` (undefined when none is due). */
  lease(owner: string): Promise<Item | undefined>;
  run(item: Item): Promise<void>;
  /** Leasing failed (the database is away): the loop sleeps and tries again. */
  leaseFailed(error: unknown): void;
  /** A run threw: its lease expires and the item is taken again, so nothing is lost. */
  runFailed(item: Item, error: unknown): void;
  /** Calls `wake` when work was added (a notification); returns an unsubscribe. */
  onArrival(wake: () => void): () => void;
  backlog(): Promise<Backlog>;
  /**
   * Gives back at once the items leased to owners that `isGone` says have exited (killed on this host), instead of
   * letting them wait out their leases; answers how many.
   */
  releaseLeasesOf(isGone: (owner: string) => boolean): Promise<number>;
}

/**
 * `concurrency` loops that lease an item, run it, and when none is due sleep for `pollMs` or until woken (a
 * notification that work arrived). The engine runs one per kind of leased work.
 */
export class LeaseLoops<Item> {
  /** Names this process as the holder of its leases. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly activity = new EventEmitter();
  private loops: Promise<void>[] = [];
  private running = 0;
  private stopping = false;
  private wake: (() => void)[] = [];
  /** Counts wake-ups, so that one arriving while a loop is leasing is not missed by its sleep. */
  private wakeUps = 0;
  private unlisten: (() => void) | undefined;

  constructor(private readonly work: LeasedWork<Item>) {
    this.activity.setMaxListeners(0);
  }

  start(): void {
    this.unlisten = this.work.onArrival(() => this.wakeAll());
    this.loops = Array.from({ length: this.work.settings.concurrency }, () => this.loop());
  }

  /** Lets the runs in flight finish, then stops. */
  async stop(): Promise<void> {
    this.unlisten?.();
    this.stopping = true;
    this.wakeAll();
    await Promise.all(this.loops);
  }

  /** Whether no run is in flight here and no work is pending, and the work's mark (see `Backlog`). */
  async state(): Promise<{ idle: boolean; mark: string }> {
    const { pending, wake, mark } = await this.work.backlog();
    if (pending && wake) this.wakeAll();
    return { idle: this.running === 0 && !pending, mark };
  }

  /** Resolves after the next run of this process ends. */
  nextRunEnd(): Promise<void> {
    return new Promise((resolve) => this.activity.once('run-ended', () => resolve()));
  }

  private wakeAll(): void {
    this.wakeUps++;
    const waiting = this.wake;
    this.wake = [];
    waiting.forEach((wake) => wake());
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const wakeUpsBefore = this.wakeUps;
      const item = await this.work.lease(this.owner).catch((error: unknown) => {
        this.work.leaseFailed(error);
        return undefined;
      });
      if (item === undefined) {
        if (this.wakeUps !== wakeUpsBefore) continue; // work arrived while leasing: look again at once
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.work.settings.pollMs);
          this.wake.push(() => (clearTimeout(timer), resolve()));
        });
        continue;
      }
      this.running++;
      try {
        await acting.as(`worker:${this.owner}`, () => this.work.run(item));
      } catch (error) {
        this.work.runFailed(item, error);
      } finally {
        this.running--;
        this.activity.emit('run-ended');
      }
    }
  }
}
