import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Registry } from '../../application/registry/registry.port';
import { DocumentStore, Filter } from '../../application/shared/document-store.port';
import { openCountOf } from '../../domain/dns-domains/backorder';
import { DropStatus, dropStatusOf } from '../../domain/dns-domains/drop-list';
import { phaseAt } from '../../domain/registry/registry-domain';
import { backorderList, BackorderRow } from './backorder-list.projection';
import { dropList, DropRow } from './drop-list.projection';

/** Most names a drop list reads at once: past it the answer says it is cut short. */
export const DROP_SCAN_LIMIT = 10_000;
const PAGE = 500;

export interface ExpiredName {
  readonly name: string;
  readonly tld: string;
  readonly labelLength: number;
  readonly deletionTimestamp: number;
  readonly status: DropStatus;
  readonly backorderCount: number;
}

/** The names the registry will delete, as of its clock: `truncated` when more were on their way out than read. */
export class ListExpiringNames extends Query<{ readonly names: readonly ExpiredName[]; readonly truncated: boolean }> {}

@QueryHandler(ListExpiringNames)
export class ListExpiringNamesHandler implements IQueryHandler<ListExpiringNames> {
  constructor(
    private readonly documents: DocumentStore,
    private readonly registry: Registry,
  ) {}

  async execute(): Promise<{ names: ExpiredName[]; truncated: boolean }> {
    const now = await this.registry.now();
    const names: ExpiredName[] = [];
    let after: { value: number; id: string } | undefined;
    for (let read = 0; read < DROP_SCAN_LIMIT; read += PAGE) {
      const found = await this.documents.find<DropRow>(dropList.name, {
        orderBy: { path: 'leavesActiveAt', direction: 'asc', numeric: true },
        ...(after ? { after } : {}),
        limit: PAGE,
      });
      for (const { id, doc } of found) {
        // names still active (and those never registered, sorted last) end the list
        if (doc.leavesActiveAt === null || doc.leavesActiveAt > now) return { names, truncated: false };
        after = { value: doc.leavesActiveAt, id };
        const status = doc.registered ? dropStatusOf(phaseAt(doc.registered, now)) : null;
        if (status === null || doc.purgeAt === null) continue;
        const { name, tld, labelLength } = doc;
        const backorderCount = openCountOf(doc.backorders);
        names.push({ name, tld, labelLength, deletionTimestamp: doc.purgeAt, status, backorderCount });
      }
      if (found.length < PAGE) return { names, truncated: false };
    }
    return { names, truncated: true };
  }
}

/** An account's backorders, newest first, of these statuses (all when none are given). */
export class ListBackorders extends Query<readonly BackorderRow[]> {
  constructor(
    readonly accountId: string,
    readonly statuses: readonly string[],
  ) {
    super();
  }
}

@QueryHandler(ListBackorders)
export class ListBackordersHandler implements IQueryHandler<ListBackorders> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId, statuses }: ListBackorders): Promise<readonly BackorderRow[]> {
    const where: Filter[] = [{ path: 'accountId', op: 'eq', value: accountId }];
    if (statuses.length > 0) where.push({ path: 'status', op: 'in', values: statuses });
    const found = await this.documents.find<BackorderRow>(backorderList.name, {
      where,
      orderBy: { path: 'placedAt', direction: 'desc', numeric: true },
      limit: DROP_SCAN_LIMIT,
    });
    return found.map(({ doc }) => doc);
  }
}
