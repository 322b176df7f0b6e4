import { ReadQueries } from './read-connections';
import { MarketListingCriteria, MarketListingIndex } from '../../projections/marketplace/market-listing-index.port';
import { MarketListingRow } from '../../projections/marketplace/market-listings.projection';

const COLUMN: Readonly<Record<MarketListingCriteria['orderBy'], string>> = {
  price: 'e.price_cents',
  name: 'e.name',
  listedAt: 'e.listed_at',
};

/**
 * The marketplace's open listings searched on `market_listing_entries`, the typed rows the database keeps beside the
 * projection's documents (migration 0014): the page's keys there, then its documents.
 */
export class PostgresMarketListingIndex extends MarketListingIndex {
  constructor(private readonly pool: ReadQueries) {
    super();
  }

  async page(
    criteria: MarketListingCriteria,
    now: number,
    offset: number,
    limit: number,
  ): Promise<readonly MarketListingRow[]> {
    const params: unknown[] = [];
    const param = (value: unknown): string => `$${params.push(value)}`;
    const conditions = [
      `e.generation = (select generation from projection_generations where name = 'market-listings' and live)`,
      `e.expires_at > ${param(now)}`,
    ];
    if (criteria.tlds.length > 0) conditions.push(`e.tld = any(${param(criteria.tlds)}::text[])`);
    if (criteria.text) conditions.push(`strpos(e.search_text, ${param(criteria.text)}) > 0`);
    const direction = criteria.direction === 'desc' ? 'desc' : 'asc';
    const sort = COLUMN[criteria.orderBy];
    const { rows } = await this.pool.query<{ doc: MarketListingRow }>(
      `with page as (
         select e.generation, e.id, e.name, ${sort} as sort_value from market_listing_entries e
         where ${conditions.join(' and ')}
         order by ${sort} ${direction}, e.name ${direction}
         limit ${param(limit)} offset ${param(offset)}
       )
       select d.doc from page
       join projection_documents d on d.projection = 'market-listings' and d.generation = page.generation and d.id = page.id
       order by page.sort_value ${direction}, page.name ${direction}`,
      params,
    );
    return rows.map(({ doc }) => doc);
  }
}
