import { AccountFunds, accountFundsDecider, AccountFundsEvent } from '../commerce/account-funds';
import { DnsDomain, dnsDomainDecider, DnsDomainEvent } from '../dns-domains/dns-domain';
import { MarketLease, marketLeaseDecider, LeaseEvent } from './lease';
import { firstPaymentOf, leaseScheduleOf } from './lease-plan';
import { ListedSale } from './listed-purchase';
import { ListingEvent, MarketListing, marketListingDecider } from './listing';

/** What the seller is credited of a payment: the payment less the operator's commission, rounded in its favour. */
export const sellerProceedsOf = (amountCents: number, commissionBasisPoints: number): number =>
  amountCents - Math.floor((amountCents * commissionBasisPoints) / 10_000);

/** A lease is named by the order line that started it. */
export const leaseIdOf = (orderId: string, productId: number): string => `${orderId}:${productId}`;

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
  const domain = dnsDomainDecider.decide(
    {
      type: 'HandOverDnsDomain',
      data: {
        name,
        operationId: facts.operationId,
        fromAccountId: sellerAccountId,
        toAccountId: facts.buyerAccountId,
        at,
      },
    },
    states.domain,
  );
  const listing = marketListingDecider.decide(
    { type: 'PurchaseListing', data: { name, listingId, orderId, leased: plan !== null, at } },
    states.listing,
  );
  const paid = plan ? firstPaymentOf(plan) : sale.priceCents;
  const proceeds = sellerProceedsOf(paid, facts.commissionBasisPoints);
  const entryId = `market-sale:${orderId}:${productId}`;
  const reason = plan ? `lease of ${name}: payment 1` : `sale of ${name}`;
  const sellerFunds =
    proceeds === 0
      ? []
      : accountFundsDecider.decide(
          {
            type: 'AddFunds',
            data: { accountId: sellerAccountId, entryId, pot: 'BALANCE', amountCents: proceeds, reason, at },
          },
          states.sellerFunds,
        );
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
  const proceeds = sellerProceedsOf(paid.data.amountCents, facts.commissionBasisPoints);
  const reason = `lease of ${name}: payment ${number} of ${schedule.length}`;
  const entryId = `market-lease:${leaseId}:${number}`;
  const sellerFunds =
    proceeds === 0
      ? []
      : accountFundsDecider.decide(
          {
            type: 'AddFunds',
            data: { accountId: sellerAccountId, entryId, pot: 'BALANCE', amountCents: proceeds, reason, at },
          },
          states.sellerFunds,
        );
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
      ? dnsDomainDecider.decide(
          {
            type: 'HandOverDnsDomain',
            data: {
              name,
              operationId: facts.operationId,
              fromAccountId: facts.buyerAccountId,
              toAccountId: facts.sellerAccountId,
              at,
            },
          },
          states.domain,
        )
      : [];
  return { domain, listing };
};
