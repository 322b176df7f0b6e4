import { AsyncLocalStorage } from 'node:async_hooks';

/** What one request (or other unit of work) has done to the store so far. */
interface WritesOfWork {
  wrote: boolean;
}

const current = new AsyncLocalStorage<WritesOfWork>();

/**
 * Tracks whether a unit of work appended to the store, so that its answer can wait for the read models to show what
 * it wrote (read your writes) and nothing else pays that wait. The store notes every append, wherever it was made
 * from: a controller, a command handler, a helper several calls deep.
 */
export const writesOfWork = {
  /** Runs `work` with its own record of appends; `wrote()` tells inside it whether one was made. */
  run<T>(work: () => T): T {
    return current.run({ wrote: false }, work);
  },
  /** Called by the event store after an append (a repeated one too: its first answer may not be shown yet). */
  noteAppend(): void {
    const writes = current.getStore();
    if (writes) writes.wrote = true;
  },
  wrote(): boolean {
    return current.getStore()?.wrote ?? false;
  },
};

/** How far the read models have come: waited on before answering a request that wrote. */
export abstract class ReadModelProgress {
  /**
   * Resolves true once every read model, in this process or another, shows everything committed when it was called;
   * false when that took longer than configured (`READ_YOUR_WRITES_WAIT_MS`: a read model rebuilding or failing),
   * which callers log and pass.
   */
  abstract caughtUp(): Promise<boolean>;
}
