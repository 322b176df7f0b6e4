import { Document } from 'mongodb';
import {
  PortfolioCriteria,
  PortfolioIndex,
  PortfolioOrder,
  PortfolioPage,
} from '../../projections/portfolio/portfolio-index.port';
import { PortfolioRow } from '../../projections/portfolio/portfolio.projection';
import { below, fieldOf, holdsText, orderedPage, PageFacet } from './mongo-expressions';
import { MongoReadModels } from './mongo-read-models';

const DAY_MS = 86_400_000;

const FIELD: Readonly<Record<PortfolioOrder, string>> = {
  name: 'name',
  length: 'labelLength',
  purchasedAt: 'purchasedAt',
  expiresAt: 'expiresAt',
  listingPrice: 'listingPriceCents',
  offers: 'offersCount',
  leads: 'leadsCount',
  watchlistCount: 'watchlistCount',
};

/** The criteria as conditions on the documents, with PostgreSQL's `portfolio_entries` meaning (migration 0009). */
const conditionsOf = (criteria: PortfolioCriteria, now: number): Document[] => {
  const conditions: Document[] = [];
  if (criteria.minLength !== undefined) conditions.push({ $gte: [fieldOf('labelLength'), criteria.minLength] });
  if (criteria.maxLength !== undefined)
    conditions.push({
      $not: [{ $or: [{ $eq: [fieldOf('labelLength'), null] }, { $gt: [fieldOf('labelLength'), criteria.maxLength] }] }],
    });
  if (criteria.searchTerm) conditions.push(holdsText('searchText', criteria.searchTerm));
  // a listing that has expired by the clock no longer puts the name up for sale
  const listed = { $and: [{ $eq: [fieldOf('forSale'), true] }, { $gt: [fieldOf('listing.expiresAt'), now] }] };
  if (criteria.status === 'for-sale') conditions.push(listed);
  if (criteria.status === 'unlisted') conditions.push({ $not: [listed] });
  if (criteria.expiringWithinDays !== undefined)
    conditions.push({
      $and: [
        { $gte: [fieldOf('expiresAt'), now] },
        { $not: [{ $gt: [fieldOf('expiresAt'), now + criteria.expiringWithinDays * DAY_MS] }] },
      ],
    });
  if (criteria.expired === true) conditions.push(below('expiresAt', now));
  // a domain without an expiry (a blockchain domain) has not expired
  if (criteria.expired === false) conditions.push({ $not: [below('expiresAt', now)] });
  if (criteria.autoRenewal !== undefined) conditions.push({ $eq: [fieldOf('autoRenewal'), criteria.autoRenewal] });
  if (criteria.tags.length > 0)
    conditions.push({ $setIsSubset: [{ $literal: criteria.tags }, { $ifNull: ['$doc.tags', []] }] });
  return conditions;
};

/** The aggregation of a portfolio page on the live generation's documents, and its total (index `portfolio_holder`). */
export const portfolioPipeline = (
  generation: number,
  holders: readonly string[],
  criteria: PortfolioCriteria,
  now: number,
  offset: number,
  limit: number,
): Document[] => {
  const conditions = conditionsOf(criteria, now);
  return [
    {
      $match: {
        p: 'portfolio',
        g: generation,
        'doc.holder': { $in: [...holders] },
        'doc.registryType': criteria.registryType,
        // a token whose name the registry has not logged yet is not listed
        'doc.name': { $type: 'string' },
      },
    },
    ...(conditions.length > 0 ? [{ $match: { $expr: { $and: conditions } } }] : []),
    ...orderedPage(FIELD[criteria.orderBy], criteria.direction, ['doc.name', 'i'], offset, limit),
  ];
};

/** The portfolio searched on MongoDB: one aggregation answers the page and the total. */
export class MongoPortfolioIndex extends PortfolioIndex {
  constructor(private readonly models: MongoReadModels) {
    super();
  }

  async page(
    holders: readonly string[],
    criteria: PortfolioCriteria,
    now: number,
    offset: number,
    limit: number,
  ): Promise<PortfolioPage> {
    const generation = await this.models.liveGeneration('portfolio');
    if (generation === undefined) return { rows: [], total: 0 };
    const [page] = await this.models.documents
      .aggregate<PageFacet<PortfolioRow>>(portfolioPipeline(generation, holders, criteria, now, offset, limit))
      .toArray();
    return { rows: page.rows.map(({ doc }) => doc), total: page.total[0]?.count ?? 0 };
  }
}
