import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';

/** What a pool of lease loops works on: take one item (undefined when none is due), then run it. */
export interface LeasedWork<Item> {
  lease(owner: string): Promise<Item | undefined>;
  run(item: Item): Promise<void>;
  /** Leasing failed (the database is away): the loop sleeps and tries again. */
  leaseFailed(error: unknown): void;
  /** A run threw: its lease expires and the item is taken again, so nothing is lost. */
  runFailed(item: Item, error: unknown): void;
}

/**
 * `concurrency` loops that lease an item, run it, and when none is due sleep for `pollMs` or until woken (a
 * notification that work arrived). Shared by the operation workers and the webhook dispatcher.
 */
export class LeaseLoops<Item> {
  /** Names this process as the holder of its leases. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly activity = new EventEmitter();
  private loops: Promise<void>[] = [];
  private running = 0;
  private stopping = false;
  private wake: (() => void)[] = [];

  constructor(
    private readonly work: LeasedWork<Item>,
    private readonly settings: { readonly concurrency: number; readonly pollMs: number },
  ) {
    this.activity.setMaxListeners(0);
  }

  get inFlight(): number {
    return this.running;
  }

  start(): void {
    this.loops = Array.from({ length: this.settings.concurrency }, () => this.loop());
  }

  /** Lets the runs in flight finish, then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeAll();
    await Promise.all(this.loops);
  }

  wakeAll(): void {
    const waiting = this.wake;
    this.wake = [];
    waiting.forEach((wake) => wake());
  }

  /** Resolves after the next run of this process ends. */
  nextRunEnd(): Promise<void> {
    return new Promise((resolve) => this.activity.once('run-ended', () => resolve()));
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const item = await this.work.lease(this.owner).catch((error: unknown) => {
        this.work.leaseFailed(error);
        return undefined;
      });
      if (item === undefined) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.settings.pollMs);
          this.wake.push(() => (clearTimeout(timer), resolve()));
        });
        continue;
      }
      this.running++;
      try {
        await this.work.run(item);
      } catch (error) {
        this.work.runFailed(item, error);
      } finally {
        this.running--;
        this.activity.emit('run-ended');
      }
    }
  }
}
