import { AccountFunds, accountFundsDecider, AccountFundsEvent } from '../commerce/account-funds';
import { DnsDomain, dnsDomainDecider, DnsDomainEvent } from '../dns-domains/dns-domain';
import { MarketLease, marketLeaseDecider, LeaseEvent } from './lease';
import { firstPaymentOf, leaseScheduleOf } from './lease-plan';
import { ListedSale } from './listed-purchase';
import { ListingEvent, MarketListing, marketListingDecider } from './listing';

/** What the seller is credited of a payment: the payment less the operator's commission, rounded in its favour. */
export const sellerProceedsOf = (amountCents: number, commissionBasisPoints: number): number =>
  amountCents - Math.floor((amountCents * commissionBasisPoints) / 10_000);

/** The seller's credit of one payment, less the commission: none when the commission takes it all. */
const sellerCreditOf = (
  funds: AccountFunds,
  credit: {
    accountId: string;
    entryId: string;
    paidCents: number;
    commissionBasisPoints: number;
    reason: string;
    at: number;
  },
): AccountFundsEvent[] => {
  const { accountId, entryId, reason, at } = credit;
  const amountCents = sellerProceedsOf(credit.paidCents, credit.commissionBasisPoints);
  return amountCents === 0
    ? []
    : accountFundsDecider.decide(
        { type: 'AddFunds', data: { accountId, entryId, pot: 'BALANCE', amountCents, reason, at } },
        funds,
      );
};

/** The name handed over here from one account to another by the operation that moved it at the registry. */
const handOver = (
  domain: DnsDomain,
  data: { name: string; operationId: string; fromAccountId: string; toAccountId: string; at: number },
): DnsDomainEvent[] => dnsDomainDecider.decide({ type: 'HandOverDnsDomain', data }, domain);

/** A lease is named by the order line that started it. */
export const leaseIdOf = (orderId: string, productId: number): string => `${orderId}:${productId}`;

/** The order a lease was started by (an order id holds no colon). */
export const orderIdOfLease = (leaseId: string): string => leaseId.slice(0, leaseId.lastIndexOf(':'));

export interface SaleSettlementFacts {
  /** The operation that delivers the line completed; otherwise it failed or was cancelled. */
  readonly completed: boolean;
  readonly operationId: string;
  readonly name: string;
  readonly buyerAccountId: string;
  readonly orderId: string;
  readonly productId: number;
  readonly sale: ListedSale;
  readonly commissionBasisPoints: number;
  /** The registry's time: a lease's payments fall due from it. */
  readonly marketNow: number;
  readonly at: number;
}

export interface SaleSettlementStates {
  readonly domain: DnsDomain;
  readonly listing: MarketListing;
  readonly sellerFunds: AccountFunds;
  readonly lease: MarketLease;
}

export interface SaleSettlementDecision {
  readonly domain: readonly DnsDomainEvent[];
  readonly listing: readonly ListingEvent[];
  readonly sellerFunds: readonly AccountFundsEvent[];
  readonly lease: readonly LeaseEvent[];
}

/**
 * A purchase or a lease's start finished. Completed: the name is the buyer's here (the registry changed its
 * contacts), the listing closes (a lease keeps the name locked), the seller is credited what was paid less the
 * commission (the whole price, or the lease's first payment), and a lease starts its schedule now. Not completed:
 * the listing is open to other buyers again (the order refunds the buyer).
 */
export const decideSaleSettlement = (
  facts: SaleSettlementFacts,
  states: SaleSettlementStates,
): SaleSettlementDecision => {
  const { name, orderId, productId, sale, at } = facts;
  const { listingId, sellerAccountId } = sale;
  if (!facts.completed)
    return {
      domain: [],
      listing: marketListingDecider.decide(
        { type: 'ReleaseListing', data: { name, listingId, orderId, at } },
        states.listing,
      ),
      sellerFunds: [],
      lease: [],
    };
  const { lease: plan } = sale;
  const domain = handOver(states.domain, {
    name,
    operationId: facts.operationId,
    fromAccountId: sellerAccountId,
    toAccountId: facts.buyerAccountId,
    at,
  });
  const listing = marketListingDecider.decide(
    { type: 'PurchaseListing', data: { name, listingId, orderId, leased: plan !== null, at } },
    states.listing,
  );
  const sellerFunds = sellerCreditOf(states.sellerFunds, {
    accountId: sellerAccountId,
    entryId: `market-sale:${orderId}:${productId}`,
    paidCents: plan ? firstPaymentOf(plan) : sale.priceCents,
    commissionBasisPoints: facts.commissionBasisPoints,
    reason: plan ? `lease of ${name}: payment 1` : `sale of ${name}`,
    at,
  });
  const lease = plan
    ? marketLeaseDecider.decide(
        {
          type: 'StartLease',
          data: {
            leaseId: leaseIdOf(orderId, productId),
            name,
            listingId,
            sellerAccountId,
            buyerAccountId: facts.buyerAccountId,
            plan,
            schedule: leaseScheduleOf(plan, facts.marketNow),
            at,
          },
        },
        states.lease,
      )
    : [];
  return { domain, listing, sellerFunds, lease };
};

export interface InstalmentPaymentFacts {
  readonly leaseId: string;
  readonly number: number;
  readonly paymentId: string;
  readonly commissionBasisPoints: number;
  readonly at: number;
}

/**
 * A lease's monthly payment was taken: the lease records it (the last one completes the lease) and the seller is
 * credited it less the commission, once per payment.
 */
export const decideInstalmentPayment = (
  facts: InstalmentPaymentFacts,
  states: { readonly lease: MarketLease; readonly sellerFunds: AccountFunds },
): { readonly lease: readonly LeaseEvent[]; readonly sellerFunds: readonly AccountFundsEvent[] } => {
  const { lease: state } = states;
  if (state.status === 'NONE') return { lease: [], sellerFunds: [] };
  const { leaseId, number, paymentId, at } = facts;
  const { name, sellerAccountId, schedule } = state;
  const lease = marketLeaseDecider.decide(
    { type: 'RecordInstalmentPaid', data: { leaseId, name, number, paymentId, at } },
    state,
  );
  const paid = lease.find((event) => event.type === 'InstalmentPaid');
  if (!paid || paid.type !== 'InstalmentPaid') return { lease, sellerFunds: [] };
  const sellerFunds = sellerCreditOf(states.sellerFunds, {
    accountId: sellerAccountId,
    entryId: `market-lease:${leaseId}:${number}`,
    paidCents: paid.data.amountCents,
    commissionBasisPoints: facts.commissionBasisPoints,
    reason: `lease of ${name}: payment ${number} of ${schedule.length}`,
    at,
  });
  return { lease, sellerFunds };
};

export interface LeaseEndFacts {
  readonly outcome: 'COMPLETED' | 'DEFAULTED';
  /** The operation that changed the name's contacts at the registry completed. */
  readonly completed: boolean;
  readonly operationId: string;
  readonly name: string;
  readonly listingId: number;
  readonly sellerAccountId: string;
  readonly buyerAccountId: string;
  readonly at: number;
}

/**
 * A lease's end went through at the registry. Paid up: the lessee is the registrant now, and the name is free to be
 * listed again. Defaulted: the name goes back to the seller's portfolio (its registrant never changed) and is free.
 * An end the registry refused changes nothing here: the name stays locked until it is tried again.
 */
export const decideLeaseEnd = (
  facts: LeaseEndFacts,
  states: { readonly domain: DnsDomain; readonly listing: MarketListing },
): { readonly domain: readonly DnsDomainEvent[]; readonly listing: readonly ListingEvent[] } => {
  if (!facts.completed) return { domain: [], listing: [] };
  const { name, listingId, outcome, at } = facts;
  const listing = marketListingDecider.decide(
    { type: 'EndListingLease', data: { name, listingId, outcome, at } },
    states.listing,
  );
  const domain =
    outcome === 'DEFAULTED'
      ? handOver(states.domain, {
          name,
          operationId: facts.operationId,
          fromAccountId: facts.buyerAccountId,
          toAccountId: facts.sellerAccountId,
          at,
        })
      : [];
  return { domain, listing };
};
