import { Checkpoint, compareCheckpoints, EventStore, StoredEvent } from './event-store.port';

export interface SubscriptionOptions {
  readonly batchSize?: number;
  /** The safety net under notifications: read again at least this often. */
  readonly pollMs?: number;
  /** After `onBatch` throws, wait this long and deliver the same batch again. */
  readonly retryMs?: number;
  /**
   * Told of the first failure of an outage (a read or a batch that throws); the retries of the same outage are not
   * told again until a read succeeds, so that a store down for an hour is one line in the log, not thousands.
   */
  readonly onError?: (error: unknown) => void;
  /** Told when a read succeeds after failures `onError` was told of. */
  readonly onRecovered?: () => void;
  /** Called whenever a read found the store exhausted (after handling what it found). */
  readonly onCaughtUp?: (position: Checkpoint) => Promise<void> | void;
}

export interface Subscription {
  /** The checkpoint of the last event whose batch was handled. */
  readonly position: Checkpoint;
  /**
   * Caught up with every append this process has been told of: waiting for the next one, none told since the last
   * read found the store exhausted. A reader of what it folded may answer now; otherwise `caughtUp()` first.
   */
  readonly current: boolean;
  /** Resolves the next time a read finds the store exhausted (at once when `current`). */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Follows the store from a checkpoint: catches up in batches, then waits for an append notification or the poll
 * timer. A batch is acknowledged only when `onBatch` resolves, so every event is delivered at least once and in
 * global order; a handler that throws gets the same batch again.
 */
export const subscribe = (
  store: EventStore,
  from: Checkpoint,
  onBatch: (events: StoredEvent[]) => Promise<void>,
  options: SubscriptionOptions = {},
): Subscription => {
  const { batchSize = 500, pollMs = 1000, retryMs = 1000, onError = () => undefined, onCaughtUp } = options;
  let failing = false;
  let position = from;
  let closed = false;
  let wake: (() => void) | undefined;
  let pending = false;
  let heldBack = 0;
  let waiting = false;
  const caughtUpWaiters: (() => void)[] = [];

  const recovered = (): void => {
    failing = false;
    options.onRecovered?.();
  };
  const signal = (): void => {
    pending = true;
    wake?.();
  };
  const unlisten = store.onAppended(signal);
  const idle = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => ((wake = undefined), resolve()), ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      if (pending || closed) wake();
    });

  const run = async (): Promise<void> => {
    while (!closed) {
      pending = false;
      try {
        const events = await store.readAll(position, batchSize);
        if (failing && events.length === 0) recovered();
        if (events.length > 0) {
          await onBatch(events);
          if (failing) recovered();
          position = (events.at(-1) as StoredEvent).checkpoint;
          if (events.length === batchSize) continue;
        }
        // committed events a read could not return yet wait for an older transaction somewhere to end: that ends
        // without a notification, so look again soon instead of waiting for the poll
        if (compareCheckpoints(position, await store.head()) < 0) {
          heldBack = Math.min(heldBack === 0 ? 5 : heldBack * 2, 200);
          await idle(heldBack);
          continue;
        }
        heldBack = 0;
        await onCaughtUp?.(position);
        for (const resolve of caughtUpWaiters.splice(0)) resolve();
        waiting = true;
        await idle(pollMs);
        waiting = false;
      } catch (error) {
        if (closed) break;
        if (!failing) onError(error);
        failing = true;
        pending = false; // a failing handler waits out the retry delay even while appends keep coming
        await idle(retryMs);
      }
    }
  };
  const running = run();

  return {
    get position() {
      return position;
    },
    get current() {
      return waiting && !pending && !closed;
    },
    caughtUp() {
      return waiting && !pending ? Promise.resolve() : new Promise<void>((resolve) => caughtUpWaiters.push(resolve));
    },
    async close() {
      closed = true;
      for (const resolve of caughtUpWaiters.splice(0)) resolve();
      unlisten();
      wake?.();
      await running;
    },
  };
};

/**
 * Whether `subscription` has followed every append it was told of, waiting up to `ms` for it: what a reader of a
 * copy folded in memory asks before answering from it (and answers from the source when this says no).
 */
export const followedWithin = async (subscription: Subscription, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms;
  // the same append may be told twice (by this process, then by the database's notification): each is followed
  while (!subscription.current && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      subscription.caughtUp(),
      new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now()))),
    ]);
    clearTimeout(timer);
  }
  return subscription.current;
};
