import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { ListingTerms, listingTermsProblemOf } from './listing-terms';

/**
 * A name's listings on our marketplace, one stream per name: at most one listing is open at a time, for as long as
 * its terms say (the clock ends it), until its seller cancels it. A listing is its seller's: to anyone else it is
 * told like one that does not exist.
 */
export const marketListingStream = (name: string): string => `market-listing-${name}`;

type Of<Data> = MessageData<{ name: string; listingId: number }, Data>;
export type ListingCreated = DomainEvent<'ListingCreated', Of<{ sellerAccountId: string; terms: ListingTerms }>>;
export type ListingUpdated = DomainEvent<'ListingUpdated', Of<{ terms: ListingTerms }>>;
export type ListingCancelled = DomainEvent<'ListingCancelled', Of<unknown>>;
export type ListingEvent = ListingCreated | ListingUpdated | ListingCancelled;
export const LISTING_EVENT_TYPES: readonly ListingEvent['type'][] = [
  'ListingCreated',
  'ListingUpdated',
  'ListingCancelled',
];

export type CreateListing = DomainCommand<'CreateListing', ListingCreated['data']>;
export type UpdateListing = DomainCommand<'UpdateListing', Of<{ sellerAccountId: string; terms: ListingTerms }>>;
export type CancelListing = DomainCommand<'CancelListing', Of<{ sellerAccountId: string }>>;
export type ListingCommand = CreateListing | UpdateListing | CancelListing;

export interface OpenListing {
  readonly listingId: number;
  readonly sellerAccountId: string;
  readonly terms: ListingTerms;
  readonly createdAt: number;
}

export interface MarketListing {
  /** The listing last opened, while it is not cancelled (it may have expired since: see `openListingAt`). */
  readonly open: OpenListing | null;
}

/** The listing open at `now`: not cancelled, not expired. */
export const openListingAt = (market: MarketListing, now: number): OpenListing | null =>
  market.open && now < market.open.terms.expiresAt ? market.open : null;

const evolve = (market: MarketListing, event: ListingEvent): MarketListing => {
  switch (event.type) {
    case 'ListingCreated': {
      const { listingId, sellerAccountId, terms, at } = event.data;
      return { open: { listingId, sellerAccountId, terms, createdAt: at } };
    }
    case 'ListingUpdated':
      return market.open ? { open: { ...market.open, terms: event.data.terms } } : market;
    case 'ListingCancelled':
      return { open: null };
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
  return open;
};

const decide = (command: ListingCommand, market: MarketListing): ListingEvent[] => {
  switch (command.type) {
    case 'CreateListing': {
      const { name, at, terms } = command.data;
      const open = openListingAt(market, at);
      if (open) throw new Refused('CONFLICT', `${name} is listed already (listing ${open.listingId})`);
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
    default:
      return assertNever(command);
  }
};

export const marketListingDecider: Decider<ListingCommand, ListingEvent, MarketListing> = {
  initialState: () => ({ open: null }),
  evolve,
  decide,
};
