import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DocumentStore, Filter } from '../../application/shared/document-store.port';
import { marketConversations, MarketConversationRow } from './market-conversations.projection';

export interface LeadsAsked {
  readonly name?: string;
  /** Leave out conversations without a message. */
  readonly skipEmpty: boolean;
  readonly skip: number;
  readonly take: number;
}

/** The conversations the account takes part in, as buyer or seller, newest activity first; and how many in all. */
export class ListLeads extends Query<{ rows: MarketConversationRow[]; total: number }> {
  constructor(
    readonly accountId: string,
    readonly asked: LeadsAsked,
  ) {
    super();
  }
}

@QueryHandler(ListLeads)
export class ListLeadsHandler implements IQueryHandler<ListLeads> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId, asked }: ListLeads): Promise<{ rows: MarketConversationRow[]; total: number }> {
    const common: Filter[] = [
      ...(asked.name === undefined ? [] : [{ path: 'name', op: 'eq' as const, value: asked.name }]),
      ...(asked.skipEmpty ? [{ path: 'hasMessages', op: 'eq' as const, value: true }] : []),
    ];
    // as buyer and as seller: each side's first skip + take rows hold the page of both
    const sides = ['buyerAccountId', 'sellerAccountId'].map((path): Filter[] => [
      { path, op: 'eq', value: accountId },
      ...common,
    ]);
    const [found, counts] = await Promise.all([
      Promise.all(
        sides.map((where) =>
          this.documents.find<MarketConversationRow>(marketConversations.name, {
            where,
            orderBy: { path: 'updatedAt', direction: 'desc', numeric: true },
            limit: asked.skip + asked.take,
          }),
        ),
      ),
      Promise.all(sides.map((where) => this.documents.count(marketConversations.name, where))),
    ]);
    const rows = found
      .flat()
      .map(({ doc }) => doc)
      .sort((a, b) => b.updatedAt - a.updatedAt || b.conversationId - a.conversationId)
      .slice(asked.skip, asked.skip + asked.take);
    return { rows, total: counts[0] + counts[1] };
  }
}
