import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { OpenListing } from './listing';
import { DAY_MS, MAX_LISTING_PRICE_CENTS } from './listing-terms';

/**
 * A buyer's offer on a listed name, one stream per offer (`svc_offer_respond`): its seller accepts or rejects it at
 * its price, then the buyer pays within a few days. The clock alone expires it; the end of its listing or a sale to
 * someone else closes it. An offer is its seller's to answer: to anyone else it is told like one that does not exist.
 */
export const marketOfferStream = (offerId: number): string => `market-offer-${offerId}`;

export const OFFER_DAYS = 7;
export const PAYMENT_DAYS = 7;
/** What a listing may ask at most: above it an offer is a typo or a prank, never a price. */
export const MAX_OFFER_CENTS = MAX_LISTING_PRICE_CENTS;

export type OfferCloseReason = 'LISTING_ENDED' | 'SOLD_TO_ANOTHER';

type Of<Data> = MessageData<{ offerId: number; name: string }, Data>;
export type OfferMade = DomainEvent<
  'OfferMade',
  Of<{ listingId: number; buyerAccountId: string; sellerAccountId: string; priceCents: number; expiresAt: number }>
>;
/** The buyer now has until `payBy` to pay the offer's price. */
export type OfferAccepted = DomainEvent<'OfferAccepted', Of<{ payBy: number }>>;
export type OfferRejected = DomainEvent<'OfferRejected', Of<unknown>>;
/** The buyer paid: the name is sold. */
export type OfferCompleted = DomainEvent<'OfferCompleted', Of<{ orderId: string }>>;
export type OfferClosed = DomainEvent<'OfferClosed', Of<{ reason: OfferCloseReason }>>;
export type OfferEvent = OfferMade | OfferAccepted | OfferRejected | OfferCompleted | OfferClosed;
export const OFFER_EVENT_TYPES: readonly OfferEvent['type'][] = [
  'OfferMade',
  'OfferAccepted',
  'OfferRejected',
  'OfferCompleted',
  'OfferClosed',
];

/** `listing` is the name's listing open now, as the caller read it. */
export type MakeOffer = DomainCommand<
  'MakeOffer',
  Of<{ buyerAccountId: string; priceCents: number; listing: OpenListing | null }>
>;
export type RespondToOffer = DomainCommand<
  'RespondToOffer',
  Of<{ sellerAccountId: string; action: 'accept' | 'reject' }>
>;
export type CompleteOffer = DomainCommand<'CompleteOffer', Of<{ orderId: string }>>;
export type CloseOffer = DomainCommand<'CloseOffer', Of<{ reason: OfferCloseReason }>>;
export type OfferCommand = MakeOffer | RespondToOffer | CompleteOffer | CloseOffer;

export interface Offer {
  /** As last decided; `offerStatusAt` adds what the clock did since. */
  readonly status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'COMPLETED' | 'CLOSED';
  readonly offerId: number;
  readonly name: string;
  readonly listingId: number;
  readonly buyerAccountId: string;
  readonly sellerAccountId: string;
  readonly priceCents: number;
  readonly expiresAt: number;
  readonly payBy: number | null;
  readonly orderId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}
export type MarketOffer = { readonly status: 'NONE' } | Offer;

export type OfferStatus = Offer['status'] | 'EXPIRED';
export type OfferGroup = 'active' | 'sold';

/** What is wrong with an offer made at `now`, the first rule it breaks; none when it holds. */
export const offerProblemOf = (
  listing: OpenListing | null,
  buyerAccountId: string,
  priceCents: number,
  now: number,
): string | undefined => {
  if (!listing || now >= listing.terms.expiresAt) return 'the name is not listed for sale';
  const { offers } = listing.terms;
  if (!offers.enabled) return 'the listing takes no offers';
  if (listing.sellerAccountId === buyerAccountId) return 'you cannot make an offer on your own listing';
  if (!Number.isSafeInteger(priceCents) || priceCents < 1) return 'priceInCents: a whole number of cents, 1 or more';
  if (priceCents > MAX_OFFER_CENTS) return `priceInCents: at most ${MAX_OFFER_CENTS}`;
  if (priceCents < offers.minimumCents) return `priceInCents: at least the listing's minimum of ${offers.minimumCents}`;
  return undefined;
};

/** An offer is open for a week, never past its listing. */
export const offerExpiryOf = (listing: OpenListing, now: number): number =>
  Math.min(now + OFFER_DAYS * DAY_MS, listing.terms.expiresAt);

/** The offer's status at `now`: unanswered past its expiry, or accepted and unpaid by its payBy, it has expired. */
export const offerStatusAt = (offer: Offer, now: number): OfferStatus => {
  if (offer.status === 'PENDING' && now >= offer.expiresAt) return 'EXPIRED';
  if (offer.status === 'ACCEPTED' && now >= (offer.payBy ?? 0)) return 'EXPIRED';
  return offer.status;
};

/** The group `svc_offers_list` shows an offer in; none for an offer that is over without a sale. */
export const offerGroupOf = (status: OfferStatus): OfferGroup | null => {
  if (status === 'PENDING' || status === 'ACCEPTED') return 'active';
  return status === 'COMPLETED' ? 'sold' : null;
};

const updated = (offer: MarketOffer, change: Partial<Offer> & { updatedAt: number }): MarketOffer =>
  offer.status === 'NONE' ? offer : { ...offer, ...change };

const evolve = (offer: MarketOffer, event: OfferEvent): MarketOffer => {
  switch (event.type) {
    case 'OfferMade': {
      const { at, ...made } = event.data;
      return { status: 'PENDING', ...made, payBy: null, orderId: null, createdAt: at, updatedAt: at };
    }
    case 'OfferAccepted':
      return updated(offer, { status: 'ACCEPTED', payBy: event.data.payBy, updatedAt: event.data.at });
    case 'OfferRejected':
      return updated(offer, { status: 'REJECTED', updatedAt: event.data.at });
    case 'OfferCompleted':
      return updated(offer, { status: 'COMPLETED', orderId: event.data.orderId, updatedAt: event.data.at });
    case 'OfferClosed':
      return updated(offer, { status: 'CLOSED', updatedAt: event.data.at });
    default:
      return assertNever(event);
  }
};

const makeOffer = (offer: MarketOffer, data: MakeOffer['data']): OfferEvent[] => {
  const { offerId, name, buyerAccountId, priceCents, listing, at } = data;
  if (offer.status !== 'NONE') throw new Refused('CONFLICT', `offer ${offerId} exists already`);
  const problem = offerProblemOf(listing, buyerAccountId, priceCents, at);
  if (problem) throw new Refused('VALIDATION', problem);
  const open = listing as OpenListing; // an offer without a problem has its listing open
  const { listingId, sellerAccountId } = open;
  const expiresAt = offerExpiryOf(open, at);
  const made = { offerId, name, listingId, buyerAccountId, sellerAccountId, priceCents, expiresAt, at };
  return [{ type: 'OfferMade', data: made }];
};

const respondToOffer = (offer: MarketOffer, data: RespondToOffer['data']): OfferEvent[] => {
  const { offerId, name, sellerAccountId, action, at } = data;
  if (offer.status === 'NONE' || offer.sellerAccountId !== sellerAccountId)
    throw new NotFound('offer', String(offerId));
  const answered = action === 'accept' ? 'ACCEPTED' : 'REJECTED';
  if (offer.status === answered) return []; // the same answer again: a retried request
  const status = offerStatusAt(offer, at);
  if (status !== 'PENDING')
    throw new Refused('CONFLICT', `offer ${offerId} is ${status.toLowerCase()}, it can no longer be answered`);
  return action === 'accept'
    ? [{ type: 'OfferAccepted', data: { offerId, name, payBy: at + PAYMENT_DAYS * DAY_MS, at } }]
    : [{ type: 'OfferRejected', data: { offerId, name, at } }];
};

const completeOffer = (offer: MarketOffer, data: CompleteOffer['data']): OfferEvent[] => {
  const { offerId, orderId, at } = data;
  if (offer.status === 'NONE') throw new NotFound('offer', String(offerId));
  if (offer.orderId === orderId) return []; // paid once, told twice
  const status = offerStatusAt(offer, at);
  if (status !== 'ACCEPTED')
    throw new Refused('CONFLICT', `offer ${offerId} is ${status.toLowerCase()}, it can no longer be paid`);
  return [{ type: 'OfferCompleted', data }];
};

/** Closed only while it is still open: an offer answered, paid or expired keeps its end. */
const closeOffer = (offer: MarketOffer, data: CloseOffer['data']): OfferEvent[] =>
  offer.status !== 'NONE' && offerGroupOf(offerStatusAt(offer, data.at)) === 'active'
    ? [{ type: 'OfferClosed', data }]
    : [];

const decide = (command: OfferCommand, offer: MarketOffer): OfferEvent[] => {
  switch (command.type) {
    case 'MakeOffer':
      return makeOffer(offer, command.data);
    case 'RespondToOffer':
      return respondToOffer(offer, command.data);
    case 'CompleteOffer':
      return completeOffer(offer, command.data);
    case 'CloseOffer':
      return closeOffer(offer, command.data);
    default:
      return assertNever(command);
  }
};

export const marketOfferDecider: Decider<OfferCommand, OfferEvent, MarketOffer> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
