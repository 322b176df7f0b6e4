import { Injectable } from '@nestjs/common';
import { AutoRenewalIndex, EnabledAutoRenewal } from '../../application/commerce/auto-renewal-index.port';
import { DocumentStore } from '../../application/shared/document-store.port';
import { autoRenewalList, AutoRenewalRow } from './auto-renewals.projection';

/** The auto-renewals that are on, in the order of their ids (account, then name), a page at a time. */
@Injectable()
export class DocumentAutoRenewalIndex extends AutoRenewalIndex {
  constructor(private readonly documents: DocumentStore) {
    super();
  }

  async enabled(after: EnabledAutoRenewal | null, limit: number): Promise<readonly EnabledAutoRenewal[]> {
    const key = after && `${after.accountId}:${after.name}`;
    const found = await this.documents.find<AutoRenewalRow>(autoRenewalList.name, {
      where: [{ path: 'enabled', op: 'eq', value: true }],
      orderBy: { path: 'accountId', direction: 'asc' },
      thenBy: { path: 'name' },
      ...(after && key ? { after: { value: after.accountId, then: after.name, id: key } } : {}),
      limit,
    });
    return found.map(({ doc }) => ({ accountId: doc.accountId, name: doc.name }));
  }
}
