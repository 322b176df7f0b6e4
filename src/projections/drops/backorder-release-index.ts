import { Injectable } from '@nestjs/common';
import { BackorderReleaseIndex } from '../../application/commerce/backorder-release-index.port';
import { DocumentStore } from '../../application/shared/document-store.port';
import { dropList, DropRow } from './drop-list.projection';

/** The backordered names in the order of their purge times, read until the first one not due yet. */
@Injectable()
export class DocumentBackorderReleaseIndex extends BackorderReleaseIndex {
  constructor(private readonly documents: DocumentStore) {
    super();
  }

  async dueBy(now: number, limit: number): Promise<readonly string[]> {
    const found = await this.documents.find<DropRow>(dropList.name, {
      where: [{ path: 'backordered', op: 'eq', value: true }],
      orderBy: { path: 'purgeAt', direction: 'asc', numeric: true },
      limit,
    });
    const due: string[] = [];
    for (const { doc } of found) {
      // a name no longer registered (purged by a touch, or never) is due: its backorders wait for it
      if (doc.purgeAt !== null && doc.purgeAt > now) break;
      due.push(doc.name);
    }
    return due;
  }
}
