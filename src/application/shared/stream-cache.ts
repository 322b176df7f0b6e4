/**
 * The last known state and version of recently written streams, per process. A command decides on the cached state
 * and appends with its version; the store's version check then proves the cache was current (or the command
 * re-reads and decides again), so a stale entry costs a retry, never a wrong event.
 */
export class StreamCache {
  private readonly entries = new Map<string, { state: unknown; version: number; decider: object }>();

  constructor(private readonly capacity = 10_000) {}

  get<S>(streamId: string, decider: object): { state: S; version: number } | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.decider !== decider) return undefined;
    // re-inserted so that the map's order is least recently used first
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return { state: entry.state as S, version: entry.version };
  }

  set(streamId: string, decider: object, state: unknown, version: number): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { state, version, decider });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }
}

const caches = new WeakMap<object, StreamCache>();

/** One cache per event store instance: whoever writes through the store shares it. */
export const cacheOf = (store: object): StreamCache => {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new StreamCache()));
  return cache;
};
