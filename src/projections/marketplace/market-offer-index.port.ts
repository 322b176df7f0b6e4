import { OfferGroup } from '../../domain/marketplace/offer';
import { MarketOfferRow } from './market-offers.projection';

/** What `svc_offers_list` asks for. */
export interface MarketOfferCriteria {
  /** The seller whose names the offers are on. */
  readonly sellerAccountId: string;
  readonly name?: string;
  /** active: pending or accepted and not expired at `now`; sold: paid; every offer when absent. */
  readonly group?: OfferGroup;
}

export interface MarketOfferPage {
  readonly rows: readonly MarketOfferRow[];
  readonly total: number;
}

/** The offers made on a seller's names, newest first, a page at a time. */
export abstract class MarketOfferIndex {
  abstract page(criteria: MarketOfferCriteria, now: number, offset: number, limit: number): Promise<MarketOfferPage>;
}
