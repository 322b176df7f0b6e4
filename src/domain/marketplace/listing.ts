import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { ListingTerms, listingTermsProblemOf } from './listing-terms';

/**
 * A name's listings on our marketplace, one stream per name: at most one listing is open at a time, for as long as
 * its terms say (the clock ends it), until its seller cancels it or a buyer buys it. A checkout reserves the open
 * listing for its order while the order is paid, so that two buyers never pay for one name; the order's sale
 * closes it, its failure opens it again. A name leased to its buyer is locked until the lease ends. A listing is its
 * seller's: to anyone else it is told like one that does not exist.
 */
export const marketListingStream = (name: string): string => `market-listing-${name}`;

type Of<Data> = MessageData<{ name: string; listingId: number }, Data>;
export type ListingCreated = DomainEvent<'ListingCreated', Of<{ sellerAccountId: string; terms: ListingTerms }>>;
export type ListingUpdated = DomainEvent<'ListingUpdated', Of<{ terms: ListingTerms }>>;
export type ListingCancelled = DomainEvent<'ListingCancelled', Of<unknown>>;
/** A buyer's order holds the listing while it is paid and delivered: no other order may buy it meanwhile. */
export type ListingReserved = DomainEvent<
  'ListingReserved',
  Of<{ orderId: string; productId: number; buyerAccountId: string; priceCents: number }>
>;
/** The order did not buy it after all (its payment or its delivery failed): the listing is open again. */
export type ListingReleased = DomainEvent<'ListingReleased', Of<{ orderId: string }>>;
/** The order bought it: the listing is closed; a lease keeps the name locked until it ends. */
export type ListingPurchased = DomainEvent<
  'ListingPurchased',
  Of<{ orderId: string; buyerAccountId: string; priceCents: number; leased: boolean }>
>;
/** The seller accepted a buyer's offer: that buyer may buy the listing at the offer's price until `payBy`. */
export type ListingOfferAccepted = DomainEvent<
  'ListingOfferAccepted',
  Of<{ offerId: number; buyerAccountId: string; priceCents: number; payBy: number }>
>;
/** A lease of the name ended: paid up (the buyer owns it) or defaulted (it went back to the seller). */
export type ListingLeaseEnded = DomainEvent<'ListingLeaseEnded', Of<{ outcome: 'COMPLETED' | 'DEFAULTED' }>>;
export type ListingEvent =
  | ListingCreated
  | ListingUpdated
  | ListingCancelled
  | ListingReserved
  | ListingReleased
  | ListingPurchased
  | ListingOfferAccepted
  | ListingLeaseEnded;
export const LISTING_EVENT_TYPES: readonly ListingEvent['type'][] = [
  'ListingCreated',
  'ListingUpdated',
  'ListingCancelled',
  'ListingReserved',
  'ListingReleased',
  'ListingPurchased',
  'ListingOfferAccepted',
  'ListingLeaseEnded',
];

export type CreateListing = DomainCommand<'CreateListing', ListingCreated['data']>;
export type UpdateListing = DomainCommand<'UpdateListing', Of<{ sellerAccountId: string; terms: ListingTerms }>>;
export type CancelListing = DomainCommand<'CancelListing', Of<{ sellerAccountId: string }>>;
/** `priceCents`: what the buyer was quoted (the listing's price, or an offer the seller accepted). */
export type ReserveListing = DomainCommand<'ReserveListing', ListingReserved['data']>;
export type ReleaseListing = DomainCommand<'ReleaseListing', ListingReleased['data']>;
export type PurchaseListing = DomainCommand<'PurchaseListing', Of<{ orderId: string; leased: boolean }>>;
export type EndListingLease = DomainCommand<'EndListingLease', ListingLeaseEnded['data']>;
export type AcceptListingOffer = DomainCommand<'AcceptListingOffer', ListingOfferAccepted['data']>;
export type ListingCommand =
  | CreateListing
  | UpdateListing
  | CancelListing
  | ReserveListing
  | ReleaseListing
  | PurchaseListing
  | AcceptListingOffer
  | EndListingLease;

export interface OpenListing {
  readonly listingId: number;
  readonly sellerAccountId: string;
  readonly terms: ListingTerms;
  readonly createdAt: number;
}

export interface ListingReservation {
  readonly orderId: string;
  readonly productId: number;
  readonly buyerAccountId: string;
  readonly priceCents: number;
}

export interface MarketListing {
  /** The listing last opened, while it is not cancelled nor bought (it may have expired: see `openListingAt`). */
  readonly open: OpenListing | null;
  /** The order paying for the open listing, if one is. */
  readonly reservation: ListingReservation | null;
  /** The listing leased to its buyer, until the lease ends: the name cannot be listed meanwhile. */
  readonly leased: { readonly listingId: number; readonly buyerAccountId: string } | null;
  /** Offers the seller accepted on the open listing, each its buyer's to pay until its `payBy`. */
  readonly accepted: readonly AcceptedListingOffer[];
}

export interface AcceptedListingOffer {
  readonly offerId: number;
  readonly buyerAccountId: string;
  readonly priceCents: number;
  readonly payBy: number;
}

/** The offer of the buyer's that the seller accepted last and that can still be paid at `now`; null without one. */
export const acceptedOfferOf = (
  market: MarketListing,
  buyerAccountId: string,
  now: number,
): AcceptedListingOffer | null =>
  market.accepted.findLast((offer) => offer.buyerAccountId === buyerAccountId && now < offer.payBy) ?? null;

/**
 * The listing open at `now`: not cancelled, not bought, not expired. A reserved listing stays open to the order that
 * reserved it, even past its end: its buyer was quoted before it ended.
 */
export const openListingAt = (market: MarketListing, now: number): OpenListing | null =>
  market.open && (now < market.open.terms.expiresAt || market.reservation) ? market.open : null;

const evolve = (market: MarketListing, event: ListingEvent): MarketListing => {
  switch (event.type) {
    case 'ListingCreated': {
      const { listingId, sellerAccountId, terms, at } = event.data;
      return { ...market, open: { listingId, sellerAccountId, terms, createdAt: at }, reservation: null, accepted: [] };
    }
    case 'ListingUpdated':
      return market.open ? { ...market, open: { ...market.open, terms: event.data.terms } } : market;
    case 'ListingCancelled':
      return { ...market, open: null, reservation: null, accepted: [] };
    case 'ListingReserved': {
      const { orderId, productId, buyerAccountId, priceCents } = event.data;
      return { ...market, reservation: { orderId, productId, buyerAccountId, priceCents } };
    }
    case 'ListingReleased':
      return { ...market, reservation: null };
    case 'ListingPurchased': {
      const { listingId, buyerAccountId, leased } = event.data;
      return { open: null, reservation: null, leased: leased ? { listingId, buyerAccountId } : null, accepted: [] };
    }
    case 'ListingOfferAccepted': {
      const { offerId, buyerAccountId, priceCents, payBy } = event.data;
      return { ...market, accepted: [...market.accepted, { offerId, buyerAccountId, priceCents, payBy }] };
    }
    case 'ListingLeaseEnded':
      return { ...market, leased: null };
    default:
      return assertNever(event);
  }
};

const assertTerms = (terms: ListingTerms, at: number): void => {
  const problem = listingTermsProblemOf(terms, at);
  if (problem) throw new Refused('VALIDATION', problem);
};

/** The seller's listing open now; another's, a cancelled or an expired one is no listing of the seller's. */
const sellersListing = (
  market: MarketListing,
  { listingId, sellerAccountId, at }: { listingId: number; sellerAccountId: string; at: number },
): OpenListing => {
  const open = openListingAt(market, at);
  if (!open || open.listingId !== listingId || open.sellerAccountId !== sellerAccountId)
    throw new NotFound('listing', String(listingId));
  if (market.reservation)
    throw new Refused('CONFLICT', `listing ${listingId} is being bought: it can change again if the sale fails`);
  return open;
};

const reserve = (market: MarketListing, data: ReserveListing['data']): ListingEvent[] => {
  const { name, listingId, orderId, buyerAccountId, at } = data;
  if (market.reservation?.orderId === orderId) return [];
  const open = openListingAt(market, at);
  if (!open || open.listingId !== listingId) throw new Refused('NOT_AVAILABLE', `${name} is no longer listed`);
  if (open.sellerAccountId === buyerAccountId)
    throw new Refused('VALIDATION', `${name} is your own listing: cancel it instead`);
  if (market.reservation) throw new Refused('NOT_AVAILABLE', `${name} is being bought by another buyer`);
  return [{ type: 'ListingReserved', data }];
};

const purchase = (market: MarketListing, data: PurchaseListing['data']): ListingEvent[] => {
  const { reservation } = market;
  if (!reservation) {
    // told twice (a finisher run again): the purchase stands
    if (market.leased?.listingId === data.listingId || (!market.open && !market.leased)) return [];
    throw new Refused('CONFLICT', `listing ${data.listingId} is not reserved for order ${data.orderId}`);
  }
  if (reservation.orderId !== data.orderId)
    throw new Refused('CONFLICT', `listing ${data.listingId} is reserved for another order`);
  const { buyerAccountId, priceCents } = reservation;
  return [{ type: 'ListingPurchased', data: { ...data, buyerAccountId, priceCents } }];
};

const decide = (command: ListingCommand, market: MarketListing): ListingEvent[] => {
  switch (command.type) {
    case 'CreateListing': {
      const { name, at, terms } = command.data;
      const open = openListingAt(market, at);
      if (open) throw new Refused('CONFLICT', `${name} is listed already (listing ${open.listingId})`);
      if (market.leased)
        throw new Refused('CONFLICT', `${name} is leased to its buyer: it can be listed when the lease ends`);
      assertTerms(terms, at);
      return [{ type: 'ListingCreated', data: command.data }];
    }
    case 'UpdateListing': {
      const { name, listingId, terms, at } = command.data;
      sellersListing(market, command.data);
      assertTerms(terms, at);
      return [{ type: 'ListingUpdated', data: { name, listingId, terms, at } }];
    }
    case 'CancelListing': {
      const { name, listingId, at } = command.data;
      sellersListing(market, command.data);
      return [{ type: 'ListingCancelled', data: { name, listingId, at } }];
    }
    case 'ReserveListing':
      return reserve(market, command.data);
    case 'ReleaseListing':
      // only the order that holds it lets it go; told twice, nothing more
      return market.reservation?.orderId === command.data.orderId
        ? [{ type: 'ListingReleased', data: command.data }]
        : [];
    case 'PurchaseListing':
      return purchase(market, command.data);
    case 'AcceptListingOffer': {
      const { listingId, offerId, at } = command.data;
      const open = openListingAt(market, at);
      if (!open || open.listingId !== listingId)
        throw new Refused(
          'NOT_AVAILABLE',
          `listing ${listingId} is closed: offer ${offerId} can no longer be accepted`,
        );
      return market.accepted.some((offer) => offer.offerId === offerId)
        ? []
        : [{ type: 'ListingOfferAccepted', data: command.data }];
    }
    case 'EndListingLease':
      return market.leased?.listingId === command.data.listingId
        ? [{ type: 'ListingLeaseEnded', data: command.data }]
        : [];
    default:
      return assertNever(command);
  }
};

export const marketListingDecider: Decider<ListingCommand, ListingEvent, MarketListing> = {
  initialState: () => ({ open: null, reservation: null, leased: null, accepted: [] }),
  evolve,
  decide,
};
