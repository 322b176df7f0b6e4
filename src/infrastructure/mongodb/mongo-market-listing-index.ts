import { Document } from 'mongodb';
import { MarketListingCriteria, MarketListingIndex } from '../../projections/marketplace/market-listing-index.port';
import { MarketListingRow } from '../../projections/marketplace/market-listings.projection';
import { holdsText } from './mongo-expressions';
import { MongoReadModels } from './mongo-read-models';

const FIELD: Readonly<Record<MarketListingCriteria['orderBy'], string>> = {
  price: 'doc.priceCents',
  name: 'doc.name',
  listedAt: 'doc.listedAt',
};

/**
 * The aggregation of a page of open listings on the live generation's documents, with PostgreSQL's
 * `market_listing_entries` meaning (migration 0014; indexes `market_listings_price` and `market_listings_listed`).
 */
export const marketListingPipeline = (
  generation: number,
  criteria: MarketListingCriteria,
  now: number,
  offset: number,
  limit: number,
): Document[] => {
  const order = criteria.direction === 'desc' ? -1 : 1;
  return [
    {
      $match: {
        p: 'market-listings',
        g: generation,
        'doc.expiresAt': { $gt: now },
        ...(criteria.tlds.length > 0 ? { 'doc.tld': { $in: [...criteria.tlds] } } : {}),
      },
    },
    ...(criteria.text ? [{ $match: { $expr: holdsText('searchText', criteria.text) } }] : []),
    { $sort: { [FIELD[criteria.orderBy]]: order, 'doc.name': order, i: order } },
    { $skip: offset },
    { $limit: limit },
    { $project: { _id: 0, doc: 1 } },
  ];
};

/** The marketplace's open listings searched on MongoDB. */
export class MongoMarketListingIndex extends MarketListingIndex {
  constructor(private readonly models: MongoReadModels) {
    super();
  }

  async page(
    criteria: MarketListingCriteria,
    now: number,
    offset: number,
    limit: number,
  ): Promise<readonly MarketListingRow[]> {
    const generation = await this.models.liveGeneration('market-listings');
    if (generation === undefined) return [];
    const found = await this.models.documents
      .aggregate<{ doc: MarketListingRow }>(marketListingPipeline(generation, criteria, now, offset, limit))
      .toArray();
    return found.map(({ doc }) => doc);
  }
}
