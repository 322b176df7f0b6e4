import { Document } from 'mongodb';
import { OpenOffers } from '../../application/marketplace/open-offers.port';
import {
  MarketOfferCriteria,
  MarketOfferIndex,
  MarketOfferPage,
} from '../../projections/marketplace/market-offer-index.port';
import { MarketOfferRow } from '../../projections/marketplace/market-offers.projection';
import { orderedPage, PageFacet } from './mongo-expressions';
import { MongoReadModels } from './mongo-read-models';

/**
 * The aggregation of a page of a seller's offers, newest first, and their total, with PostgreSQL's
 * `market_offer_entries` meaning (migration 0015; index `market_offers_seller`).
 */
export const marketOfferPipeline = (
  generation: number,
  criteria: MarketOfferCriteria,
  now: number,
  offset: number,
  limit: number,
): Document[] => {
  const match: Document = { p: 'market-offers', g: generation, 'doc.sellerAccountId': criteria.sellerAccountId };
  if (criteria.name !== undefined) match['doc.name'] = criteria.name;
  if (criteria.group === 'sold') match['doc.status'] = 'COMPLETED';
  if (criteria.group === 'active')
    match.$or = [
      { 'doc.status': 'PENDING', 'doc.expiresAt': { $gt: now } },
      { 'doc.status': 'ACCEPTED', 'doc.payBy': { $gt: now } },
    ];
  return [{ $match: match }, ...orderedPage('createdAt', 'desc', ['i'], offset, limit)];
};

/** The offers that a listing's end closes: pending or accepted (index `market_offers_listing`). */
export const openOffersPipeline = (generation: number, listingId: number): Document[] => [
  {
    $match: {
      p: 'market-offers',
      g: generation,
      'doc.listingId': listingId,
      'doc.status': { $in: ['PENDING', 'ACCEPTED'] },
    },
  },
  { $project: { _id: 0, doc: 1 } },
];

/** The marketplace's offers searched on MongoDB. */
export class MongoMarketOfferIndex extends MarketOfferIndex implements OpenOffers {
  constructor(private readonly models: MongoReadModels) {
    super();
  }

  async page(criteria: MarketOfferCriteria, now: number, offset: number, limit: number): Promise<MarketOfferPage> {
    const generation = await this.models.liveGeneration('market-offers');
    if (generation === undefined) return { rows: [], total: 0 };
    const [page] = await this.models.documents
      .aggregate<PageFacet<MarketOfferRow>>(marketOfferPipeline(generation, criteria, now, offset, limit))
      .toArray();
    return { rows: page.rows.map(({ doc }) => doc), total: page.total[0]?.count ?? 0 };
  }

  async openOn(listingId: number): Promise<readonly MarketOfferRow[]> {
    const generation = await this.models.liveGeneration('market-offers');
    if (generation === undefined) return [];
    const found = await this.models.documents
      .aggregate<{ doc: MarketOfferRow }>(openOffersPipeline(generation, listingId))
      .toArray();
    return found.map(({ doc }) => doc);
  }
}
