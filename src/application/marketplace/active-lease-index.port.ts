/** A lease still running, and when its next payment is tried (null: nothing left to try). */
export interface ActiveLease {
  readonly leaseId: string;
  readonly nextChargeAt: number | null;
}

/** The leases still running, by the time of their next payment, for the runner that takes the payments due. */
export abstract class ActiveLeaseIndex {
  /** Running leases whose next payment falls at `now` or before, soonest first, after the one given. */
  abstract dueBy(now: number, after: ActiveLease | null, limit: number): Promise<readonly ActiveLease[]>;
}
