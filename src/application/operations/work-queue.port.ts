/** A dependency a worker holds until `leaseExpiresAt`; another worker takes it over once that passes. */
export interface Lease {
  readonly dependencyId: string;
  readonly operationId: string;
  readonly owner: string;
  /** How many times the dependency was leased, this time included. */
  readonly attempts: number;
}

/** The runnable dependencies of unfinished operations, leased by any number of worker processes. */
export abstract class WorkQueue {
  /** Makes `runnable` the one piece of work of an operation (none when null). Safe to call again with the same. */
  abstract schedule(
    operationId: string,
    runnable: { dependencyId: string; runAfter: number | null } | null,
  ): Promise<void>;
  /** The next due dependency whose lease is free or expired, leased to `owner` for `leaseMs`. */
  abstract lease(owner: string, leaseMs: number): Promise<Lease | undefined>;
  /** Extends a lease still held; false when another worker has taken it over. */
  abstract renew(lease: Lease, leaseMs: number): Promise<boolean>;
  /** Removes the work if `lease` still holds it. */
  abstract finish(lease: Lease): Promise<void>;
  /** Gives the work back, due again at `runAfter` (epoch ms). */
  abstract postpone(lease: Lease, runAfter: number): Promise<void>;
  /** Frees the work leased to the owners `isGone` picks (processes that exited); answers how many items. */
  abstract releaseLeasesOf(isGone: (owner: string) => boolean): Promise<number>;
  /** Whether any work is due now or within `withinMs` (leased or not). */
  abstract hasDueWork(withinMs?: number): Promise<boolean>;
  /** Calls `listener` when work was scheduled (a hint to lease). Returns an unsubscribe. */
  abstract onScheduled(listener: () => void): () => void;
}
