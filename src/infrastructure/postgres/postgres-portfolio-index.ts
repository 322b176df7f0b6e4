import { ReadQueries } from './read-connections';
import {
  PortfolioCriteria,
  PortfolioIndex,
  PortfolioOrder,
  PortfolioPage,
} from '../../projections/portfolio/portfolio-index.port';
import { PortfolioRow } from '../../projections/portfolio/portfolio.projection';

const DAY_MS = 86_400_000;

const COLUMN: Readonly<Record<PortfolioOrder, string>> = {
  name: 'e.name',
  length: 'e.label_length',
  purchasedAt: 'e.purchased_at',
  expiresAt: 'e.expires_at',
  listingPrice: 'e.listing_price_cents',
  offers: 'e.offers_count',
  leads: 'e.leads_count',
  watchlistCount: 'e.watchlist_count',
};

/** The conditions of the criteria on `portfolio_entries e`, with their parameters after `params`. */
const conditionsOf = (holders: readonly string[], criteria: PortfolioCriteria, now: number, params: unknown[]) => {
  const param = (value: unknown): string => `$${params.push(value)}`;
  const conditions = [
    `e.generation = (select generation from projection_generations where name = 'portfolio' and live)`,
    `e.holder = any(${param(holders)}::text[])`,
    `e.registry_type = ${param(criteria.registryType)}`,
  ];
  if (criteria.minLength !== undefined) conditions.push(`e.label_length >= ${param(criteria.minLength)}`);
  if (criteria.maxLength !== undefined) conditions.push(`e.label_length <= ${param(criteria.maxLength)}`);
  if (criteria.searchTerm) conditions.push(`strpos(e.search_text, ${param(criteria.searchTerm)}) > 0`);
  // a listing that has expired by the clock no longer puts the name up for sale
  const listed = () => `(e.for_sale and e.listing_expires_at > ${param(now)})`;
  if (criteria.status === 'for-sale') conditions.push(listed());
  if (criteria.status === 'unlisted') conditions.push(`not ${listed()}`);
  if (criteria.expiringWithinDays !== undefined)
    conditions.push(`e.expires_at between ${param(now)} and ${param(now + criteria.expiringWithinDays * DAY_MS)}`);
  if (criteria.expired === true) conditions.push(`e.expires_at < ${param(now)}`);
  // a domain without an expiry (a blockchain domain) has not expired
  if (criteria.expired === false) conditions.push(`(e.expires_at >= ${param(now)} or e.expires_at is null)`);
  if (criteria.autoRenewal !== undefined) conditions.push(`e.auto_renewal = ${param(criteria.autoRenewal)}`);
  if (criteria.tags.length > 0) conditions.push(`e.tags @> ${param(criteria.tags)}::text[]`);
  return conditions.join(' and ');
};

/**
 * The portfolio searched on `portfolio_entries`, the typed rows the database keeps beside the projection's
 * documents: the page and its total in one pass over the matching rows, then the page's documents by key.
 */
export class PostgresPortfolioIndex extends PortfolioIndex {
  constructor(private readonly pool: ReadQueries) {
    super();
  }

  async page(
    holders: readonly string[],
    criteria: PortfolioCriteria,
    now: number,
    offset: number,
    limit: number,
  ): Promise<PortfolioPage> {
    const params: unknown[] = [];
    const where = conditionsOf(holders, criteria, now, params);
    const direction = criteria.direction === 'desc' ? 'desc' : 'asc';
    const sort = COLUMN[criteria.orderBy];
    const { rows } = await this.pool.query<{ doc: PortfolioRow; total: string }>(
      `with page as (
         select e.generation, e.id, e.name, ${sort} as sort_value, count(*) over () as total
         from portfolio_entries e where ${where}
         order by ${sort} ${direction} nulls last, e.name ${direction}, e.id ${direction}
         limit $${params.push(limit)} offset $${params.push(offset)}
       )
       select d.doc, page.total from page
       join projection_documents d on d.projection = 'portfolio' and d.generation = page.generation and d.id = page.id
       order by page.sort_value ${direction} nulls last, page.name ${direction}, page.id ${direction}`,
      params,
    );
    if (rows.length > 0) return { rows: rows.map(({ doc }) => doc), total: Number(rows[0].total) };
    // a page past the end has no row to carry the total
    const countParams: unknown[] = [];
    const counted = await this.pool.query<{ count: string }>(
      `select count(*) from portfolio_entries e where ${conditionsOf(holders, criteria, now, countParams)}`,
      countParams,
    );
    return { rows: [], total: Number(counted.rows[0].count) };
  }
}
