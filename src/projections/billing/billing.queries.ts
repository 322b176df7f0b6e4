import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DocumentStore } from '../../application/shared/document-store.port';
import { findPage, KeysetPage } from '../shared/find-page';
import { billingBalances, BillingBalanceRow, billingTransactions, BillingTransactionRow } from './billing.projection';

export class GetBillingBalance extends Query<BillingBalanceRow> {
  constructor(readonly accountId: string) {
    super();
  }
}

@QueryHandler(GetBillingBalance)
export class GetBillingBalanceHandler implements IQueryHandler<GetBillingBalance> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId }: GetBillingBalance): Promise<BillingBalanceRow> {
    return (
      (await this.documents.get<BillingBalanceRow>(billingBalances.name, accountId)) ?? {
        accountId,
        balanceCents: 0,
        transactions: 0,
      }
    );
  }
}

export interface TransactionPosition {
  readonly at: number;
  readonly id: string;
}

/** Whether a decoded `$cursor` is a position in an account's transactions. */
export const isTransactionPosition = (value: unknown): value is TransactionPosition =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as TransactionPosition).at) &&
  typeof (value as TransactionPosition).id === 'string';

/** An account's charges and credits, newest first, in keyset pages. */
export class ListBillingTransactions extends Query<KeysetPage<BillingTransactionRow, TransactionPosition>> {
  constructor(
    readonly accountId: string,
    readonly limit: number,
    readonly after?: TransactionPosition,
  ) {
    super();
  }
}

@QueryHandler(ListBillingTransactions)
export class ListBillingTransactionsHandler implements IQueryHandler<ListBillingTransactions> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId, limit, after }: ListBillingTransactions) {
    return findPage<BillingTransactionRow, TransactionPosition>(
      this.documents,
      billingTransactions.name,
      {
        where: [{ path: 'accountId', op: 'eq', value: accountId }],
        orderBy: { path: 'at', direction: 'desc', numeric: true },
        after: after && { value: after.at, id: after.id },
        limit,
      },
      ({ doc }) => ({ at: doc.at, id: doc.id }),
    );
  }
}
