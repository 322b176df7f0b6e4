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
