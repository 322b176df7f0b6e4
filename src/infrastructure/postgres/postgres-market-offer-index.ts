import { ReadQueries } from './read-connections';
import {
  MarketOfferCriteria,
  MarketOfferIndex,
  MarketOfferPage,
} from '../../projections/marketplace/market-offer-index.port';
import { MarketOfferRow } from '../../projections/marketplace/market-offers.projection';

const LIVE = `e.generation = (select generation from projection_generations where name = 'market-offers' and live)`;

/**
 * The marketplace's offers searched on `market_offer_entries` (migration 0015), the typed rows the database keeps
 * beside the projection's documents: the page and its total in one pass, then the page's documents.
 */
export class PostgresMarketOfferIndex extends MarketOfferIndex {
  constructor(private readonly pool: ReadQueries) {
    super();
  }

  async page(criteria: MarketOfferCriteria, now: number, offset: number, limit: number): Promise<MarketOfferPage> {
    const params: unknown[] = [];
    const param = (value: unknown): string => `$${params.push(value)}`;
    const conditions = [LIVE, `e.seller = ${param(criteria.sellerAccountId)}`];
    if (criteria.name !== undefined) conditions.push(`e.name = ${param(criteria.name)}`);
    if (criteria.group === 'sold') conditions.push(`e.status = 'COMPLETED'`);
    if (criteria.group === 'active') {
      const at = param(now);
      conditions.push(
        `((e.status = 'PENDING' and e.expires_at > ${at}) or (e.status = 'ACCEPTED' and e.pay_by > ${at}))`,
      );
    }
    const { rows } = await this.pool.query<{ doc: MarketOfferRow; total: string }>(
      `with page as (
         select e.generation, e.id, e.created_at, count(*) over () as total from market_offer_entries e
         where ${conditions.join(' and ')}
         order by e.created_at desc, e.id desc
         limit ${param(limit)} offset ${param(offset)}
       )
       select d.doc, page.total from page
       join projection_documents d on d.projection = 'market-offers' and d.generation = page.generation and d.id = page.id
       order by page.created_at desc, page.id desc`,
      params,
    );
    if (rows.length > 0) return { rows: rows.map(({ doc }) => doc), total: Number(rows[0].total) };
    if (offset === 0) return { rows: [], total: 0 };
    // a page past the end has no row to carry the total
    const counted = await this.pool.query<{ count: string }>(
      `select count(*) from market_offer_entries e where ${conditions.join(' and ')}`,
      params.slice(0, -2),
    );
    return { rows: [], total: Number(counted.rows[0].count) };
  }

  /** `OpenOffers`: the offers its end closes. */
  async openOn(listingId: number): Promise<readonly MarketOfferRow[]> {
    const { rows } = await this.pool.query<{ doc: MarketOfferRow }>(
      `select d.doc from market_offer_entries e
       join projection_documents d on d.projection = 'market-offers' and d.generation = e.generation and d.id = e.id
       where ${LIVE} and e.listing_id = $1 and e.status in ('PENDING', 'ACCEPTED')`,
      [listingId],
    );
    return rows.map(({ doc }) => doc);
  }
}
