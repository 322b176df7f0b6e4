import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DocumentStore } from '../../application/shared/document-store.port';
import { findPage, KeysetPage } from '../shared/find-page';
import { ResellerDomainRow, resellerDomains } from './reseller-domains.projection';

export interface ResellerDomainPosition {
  readonly at: number;
  readonly name: string;
}

/** A page of the account's names, the latest asked for first. */
export class ListResellerDomains extends Query<KeysetPage<ResellerDomainRow, ResellerDomainPosition>> {
  constructor(
    readonly accountId: string,
    readonly limit: number,
    readonly after?: ResellerDomainPosition,
  ) {
    super();
  }
}

@QueryHandler(ListResellerDomains)
export class ListResellerDomainsHandler implements IQueryHandler<ListResellerDomains> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId, limit, after }: ListResellerDomains) {
    return findPage<ResellerDomainRow, ResellerDomainPosition>(
      this.documents,
      resellerDomains.name,
      {
        where: [{ path: 'accountId', op: 'eq', value: accountId }],
        orderBy: { path: 'requestedAt', direction: 'desc', numeric: true },
        after: after && { value: after.at, id: after.name },
        limit,
      },
      ({ doc }) => ({ at: doc.requestedAt, name: doc.name }),
    );
  }
}

/** Whether a decoded `$cursor` is a position in an account's names. */
export const isResellerDomainPosition = (value: unknown): value is ResellerDomainPosition =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as ResellerDomainPosition).at) &&
  typeof (value as ResellerDomainPosition).name === 'string';
