import { Projection } from '../../application/shared/projection';
import { LISTING_EVENT_TYPES, ListingEvent } from '../../domain/marketplace/listing';
import { LeaseToOwnOptions } from '../../domain/marketplace/listing-terms';
import { unicodeFormOf } from '../../domain/shared/idna';

/**
 * A name listed on our marketplace, one document per name while its listing is open (surface D's browsing, the
 * for-sale pages' lists). A listing's expiry is kept, not acted on: queries compare it with their own time.
 */
export interface MarketListingRow {
  readonly name: string;
  readonly unicodeName: string;
  /** `name` and `unicodeName`, for the text filter. */
  readonly searchText: string;
  readonly tld: string;
  readonly listingId: number;
  readonly sellerAccountId: string;
  /** 0: for offers only. */
  readonly priceCents: number;
  readonly offersEnabled: boolean;
  readonly minimumOfferCents: number;
  readonly displayName: string | null;
  readonly leaseToOwn: LeaseToOwnOptions | null;
  readonly listedAt: number;
  readonly expiresAt: number;
}

const rowOf = ({ data }: Extract<ListingEvent, { type: 'ListingCreated' }>): MarketListingRow => {
  const unicodeName = unicodeFormOf(data.name);
  return {
    name: data.name,
    unicodeName,
    searchText: unicodeName === data.name ? data.name : `${data.name} ${unicodeName}`,
    tld: data.name.slice(data.name.lastIndexOf('.') + 1),
    listingId: data.listingId,
    sellerAccountId: data.sellerAccountId,
    ...termsOf(data.terms),
    listedAt: data.at,
  };
};

const termsOf = (terms: Extract<ListingEvent, { type: 'ListingCreated' }>['data']['terms']) => ({
  priceCents: terms.priceCents,
  offersEnabled: terms.offers.enabled,
  minimumOfferCents: terms.offers.minimumCents,
  displayName: terms.displayName,
  leaseToOwn: terms.leaseToOwn,
  expiresAt: terms.expiresAt,
});

export const marketListings: Projection<MarketListingRow, ListingEvent> = {
  name: 'market-listings',
  version: 1,
  handles: LISTING_EVENT_TYPES,
  idOf: (event) => event.data.name,
  evolve: (row, event) => {
    switch (event.type) {
      case 'ListingCreated':
        return rowOf(event);
      case 'ListingUpdated':
        return row?.listingId === event.data.listingId ? { ...row, ...termsOf(event.data.terms) } : (row ?? null);
      case 'ListingCancelled':
      case 'ListingPurchased':
        return row?.listingId === event.data.listingId ? null : (row ?? null);
      default:
        // a reservation comes and goes while a buyer pays: the listing is still shown
        return row ?? null;
    }
  },
};
