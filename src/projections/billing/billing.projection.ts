import { BILLING_EVENT_TYPES, BillingEvent, BillingKind } from '../../domain/billing/billing-account';
import { Projection } from '../../application/shared/projection';

/** One row per charge or credit, for an account's transaction list. */
export interface BillingTransactionRow {
  readonly id: string;
  readonly accountId: string;
  readonly direction: 'CHARGE' | 'CREDIT';
  readonly kind: BillingKind;
  readonly amountCents: number;
  readonly operationId: string;
  readonly domain: string | null;
  readonly at: number;
}

export const billingTransactions: Projection<BillingTransactionRow, BillingEvent> = {
  name: 'billing-transactions',
  version: 1,
  handles: BILLING_EVENT_TYPES,
  idOf: (event) => event.data.transactionId,
  evolve: (_row, { type, data }) => ({
    id: data.transactionId,
    accountId: data.accountId,
    direction: type === 'ChargeRecorded' ? 'CHARGE' : 'CREDIT',
    kind: data.kind,
    amountCents: data.amountCents,
    operationId: data.operationId,
    domain: data.domain,
    at: data.at,
  }),
};

/** An account's running balance, kept beside its transactions so a read does not sum them. */
export interface BillingBalanceRow {
  readonly accountId: string;
  readonly balanceCents: number;
  readonly transactions: number;
}

export const billingBalances: Projection<BillingBalanceRow, BillingEvent> = {
  name: 'billing-balances',
  version: 1,
  handles: BILLING_EVENT_TYPES,
  idOf: (event) => event.data.accountId,
  evolve: (row, { type, data }) => ({
    accountId: data.accountId,
    balanceCents: (row?.balanceCents ?? 0) + (type === 'ChargeRecorded' ? data.amountCents : -data.amountCents),
    transactions: (row?.transactions ?? 0) + 1,
  }),
};
