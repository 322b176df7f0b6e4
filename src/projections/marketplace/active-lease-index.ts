import { Injectable } from '@nestjs/common';
import { ActiveLease, ActiveLeaseIndex } from '../../application/marketplace/active-lease-index.port';
import { DocumentStore } from '../../application/shared/document-store.port';
import { marketLeases, MarketLeaseRow } from './market-leases.projection';

/** The running leases in the order of their next payment's time, read until the first one not due yet. */
@Injectable()
export class DocumentActiveLeaseIndex extends ActiveLeaseIndex {
  constructor(private readonly documents: DocumentStore) {
    super();
  }

  async dueBy(now: number, after: ActiveLease | null, limit: number): Promise<readonly ActiveLease[]> {
    const found = await this.documents.find<MarketLeaseRow>(marketLeases.name, {
      where: [{ path: 'status', op: 'eq', value: 'ACTIVE' }],
      orderBy: { path: 'nextChargeAt', direction: 'asc', numeric: true },
      ...(after && after.nextChargeAt !== null ? { after: { value: after.nextChargeAt, id: after.leaseId } } : {}),
      limit,
    });
    const due: ActiveLease[] = [];
    for (const { doc } of found) {
      if (doc.nextChargeAt === null || doc.nextChargeAt > now) break;
      due.push({ leaseId: doc.leaseId, nextChargeAt: doc.nextChargeAt });
    }
    return due;
  }
}
