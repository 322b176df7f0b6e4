import { Projection } from '../../application/shared/projection';
import {
  LeaseEvent,
  marketLeaseDecider,
  MarketLease,
  nextChargeTimeOf,
  StartedLease,
} from '../../domain/marketplace/lease';

/** A lease as its stream folds it, with when its next payment is tried: the runner's index. */
export type MarketLeaseRow = StartedLease & { readonly nextChargeAt: number | null };

const LEASE_EVENTS: readonly LeaseEvent['type'][] = [
  'LeaseStarted',
  'InstalmentPaid',
  'InstalmentMissed',
  'LeaseCompleted',
  'LeaseDefaulted',
];

export const marketLeases: Projection<MarketLeaseRow, LeaseEvent> = {
  name: 'market-leases',
  version: 1,
  handles: LEASE_EVENTS,
  idOf: (event) => event.data.leaseId,
  evolve: (row, event) => {
    // folded with the lease's own evolve: the index never disagrees with the stream on what is due
    const before: MarketLease = row ?? marketLeaseDecider.initialState();
    const lease = marketLeaseDecider.evolve(before, event);
    return lease.status === 'NONE' ? null : { ...lease, nextChargeAt: nextChargeTimeOf(lease) };
  },
};
