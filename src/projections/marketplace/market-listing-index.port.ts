import { MarketListingRow } from './market-listings.projection';

/** What surface D's `GET /marketplace/domains/listings` asks for, defaults applied. */
export interface MarketListingCriteria {
  /** Lowercase TLDs without the dot; every TLD when empty. */
  readonly tlds: readonly string[];
  /** Lowercase text the name holds, in either form. */
  readonly text?: string;
  /** The name breaks ties. */
  readonly orderBy: 'price' | 'name' | 'listedAt';
  readonly direction: 'asc' | 'desc';
}

/** The open listings searched by their fields, a page at a time; a listing past its expiry at `now` is not there. */
export abstract class MarketListingIndex {
  abstract page(
    criteria: MarketListingCriteria,
    now: number,
    offset: number,
    limit: number,
  ): Promise<readonly MarketListingRow[]>;
}
