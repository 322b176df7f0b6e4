import { Document } from 'mongodb';
import { Pool } from 'pg';
import { AnalyticsGrouping } from '../../src/projections/analytics/analytics-series.port';
import { MarketListingCriteria } from '../../src/projections/marketplace/market-listing-index.port';
import { MarketOfferCriteria } from '../../src/projections/marketplace/market-offer-index.port';
import { PortfolioCriteria } from '../../src/projections/portfolio/portfolio-index.port';
import { analyticsPipeline } from '../../src/infrastructure/mongodb/mongo-analytics-series';
import { marketListingPipeline } from '../../src/infrastructure/mongodb/mongo-market-listing-index';
import { marketOfferPipeline, openOffersPipeline } from '../../src/infrastructure/mongodb/mongo-market-offer-index';
import { portfolioPipeline } from '../../src/infrastructure/mongodb/mongo-portfolio-index';
import { createPool } from '../../src/infrastructure/postgres/database';
import { PostgresAnalyticsSeries } from '../../src/infrastructure/postgres/postgres-analytics-series';
import { PostgresMarketListingIndex } from '../../src/infrastructure/postgres/postgres-market-listing-index';
import { PostgresMarketOfferIndex } from '../../src/infrastructure/postgres/postgres-market-offer-index';
import { PostgresPortfolioIndex } from '../../src/infrastructure/postgres/postgres-portfolio-index';
import { onServer } from '../support/mingo-server';
import { createTestDatabase } from '../support/test-database';

/**
 * The MongoDB adapter's searches (portfolio, open listings, offers, analytics) answer as PostgreSQL's typed tables
 * do. No MongoDB server runs here, so its aggregation pipelines are evaluated by mingo (MongoDB's query language in
 * JavaScript, a test tool only, told how the driver stores numbers and the server writes them:
 * `test/support/mingo-server.ts`) over the same documents PostgreSQL holds, and each answer is compared with
 * PostgreSQL's, case by case. The adapters themselves run these pipelines unchanged.
 */
const NOW = Date.UTC(2026, 10, 27, 12);
const DAY = 86_400_000;

const portfolioDoc = (name: string, fields: Record<string, unknown>) => ({
  holder: 'acct-1',
  holding: `op-${name}`,
  registryType: 'dns',
  name,
  unicodeName: name,
  searchText: name,
  label: name.split('.')[0],
  labelLength: name.split('.')[0].length,
  extension: name.split('.')[1],
  blockchain: null,
  purchasedAt: NOW - 100 * DAY,
  expiresAt: NOW + 200 * DAY,
  transferStatus: 'none',
  tags: [],
  forSale: false,
  listingPriceCents: null,
  listing: null,
  offersCount: 0,
  leadsCount: 0,
  watchlistCount: 0,
  autoRenewal: false,
  ...fields,
});

const listing = (expiresAt: number, priceCents: number) => ({ id: priceCents, priceCents, createdAt: NOW, expiresAt });

const PORTFOLIO: Record<string, unknown> = {
  p1: portfolioDoc('alpha.com', { tags: ['gold', 'short'], autoRenewal: true, offersCount: 3 }),
  p2: portfolioDoc('beta.com', {
    expiresAt: NOW + 10 * DAY,
    forSale: true,
    listingPriceCents: 5000,
    listing: listing(NOW + DAY, 5000),
  }),
  // a tag that is also the label: a tag asked as `$doc.label` must not read the field
  p3: portfolioDoc('gammaray.net', { expiresAt: NOW - 5 * DAY, tags: ['gold', 'gammaray'], leadsCount: 2 }),
  p4: portfolioDoc('delta.com', {
    forSale: true,
    listingPriceCents: 900,
    listing: listing(NOW - DAY, 900),
    purchasedAt: null,
  }),
  p5: portfolioDoc('epsilon.crypto', { registryType: 'web3', expiresAt: null, holder: '0xabc' }),
  p6: portfolioDoc('zeta.crypto', { registryType: 'web3', expiresAt: null, holder: '0xabc', watchlistCount: 4 }),
  p7: portfolioDoc('eta.org', { holder: 'acct-2', expiresAt: NOW + 3 * DAY }),
  p8: { holder: '0xabc', registryType: 'web3', name: null, searchText: '', tags: [] },
  p9: portfolioDoc('theta.com', { expiresAt: null, listingPriceCents: 70 }),
};

const portfolioCriteria = (fields: Partial<PortfolioCriteria>): PortfolioCriteria => ({
  registryType: 'dns',
  status: 'all',
  tags: [],
  orderBy: 'name',
  direction: 'asc',
  ...fields,
});

const PORTFOLIO_CASES: [string, readonly string[], PortfolioCriteria, number, number][] = [
  ['every DNS name by name', ['acct-1'], portfolioCriteria({}), 0, 20],
  ['descending', ['acct-1'], portfolioCriteria({ direction: 'desc' }), 0, 20],
  ['by expiry, none last', ['acct-1'], portfolioCriteria({ orderBy: 'expiresAt' }), 0, 20],
  [
    'by expiry descending, none still last',
    ['acct-1'],
    portfolioCriteria({ orderBy: 'expiresAt', direction: 'desc' }),
    0,
    20,
  ],
  ['by purchase', ['acct-1'], portfolioCriteria({ orderBy: 'purchasedAt' }), 0, 20],
  ['by listing price', ['acct-1'], portfolioCriteria({ orderBy: 'listingPrice', direction: 'desc' }), 0, 20],
  ['by offers', ['acct-1'], portfolioCriteria({ orderBy: 'offers', direction: 'desc' }), 0, 20],
  ['by leads', ['acct-1'], portfolioCriteria({ orderBy: 'leads' }), 0, 20],
  ['by length', ['acct-1'], portfolioCriteria({ orderBy: 'length' }), 0, 20],
  ['web3 by watchers', ['0xabc'], portfolioCriteria({ registryType: 'web3', orderBy: 'watchlistCount' }), 0, 20],
  ['two holders', ['acct-1', 'acct-2'], portfolioCriteria({}), 0, 20],
  ['a search term', ['acct-1'], portfolioCriteria({ searchTerm: 'ta' }), 0, 20],
  ['for sale now', ['acct-1'], portfolioCriteria({ status: 'for-sale' }), 0, 20],
  ['unlisted, an expired listing among them', ['acct-1'], portfolioCriteria({ status: 'unlisted' }), 0, 20],
  ['expiring within 30 days', ['acct-1', 'acct-2'], portfolioCriteria({ expiringWithinDays: 30 }), 0, 20],
  ['expired', ['acct-1'], portfolioCriteria({ expired: true }), 0, 20],
  ['not expired, never expiring among them', ['acct-1'], portfolioCriteria({ expired: false }), 0, 20],
  ['lengths 4 to 5', ['acct-1'], portfolioCriteria({ minLength: 4, maxLength: 5 }), 0, 20],
  ['auto-renewing', ['acct-1'], portfolioCriteria({ autoRenewal: true }), 0, 20],
  ['not auto-renewing', ['acct-1'], portfolioCriteria({ autoRenewal: false }), 0, 20],
  ['every tag asked', ['acct-1'], portfolioCriteria({ tags: ['gold', 'short'] }), 0, 20],
  ['one tag', ['acct-1'], portfolioCriteria({ tags: ['gold'] }), 0, 20],
  ['a second page', ['acct-1'], portfolioCriteria({ orderBy: 'expiresAt' }), 2, 2],
  ['a page past the end, with its total', ['acct-1'], portfolioCriteria({}), 40, 10],
];

const LISTINGS: Record<string, unknown> = Object.fromEntries(
  [
    ['alpha.com', 'com', 5000, 3, 10],
    ['beta.io', 'io', 900, 1, 10],
    ['gamma.com', 'com', 5000, 2, 10],
    ['delta.net', 'net', 120, 4, -1],
    ['alphabet.io', 'io', 30000, 5, 2],
  ].map(([name, tld, priceCents, listed, expires], n) => [
    `l${n}`,
    {
      name,
      searchText: name,
      tld,
      priceCents,
      listedAt: NOW - Number(listed) * DAY,
      expiresAt: NOW + Number(expires) * DAY,
    },
  ]),
);

const listingCriteria = (fields: Partial<MarketListingCriteria>): MarketListingCriteria => ({
  tlds: [],
  orderBy: 'price',
  direction: 'asc',
  ...fields,
});

const LISTING_CASES: [string, MarketListingCriteria, number, number][] = [
  ['open listings by price, the name breaking ties', listingCriteria({}), 0, 20],
  ['by price descending', listingCriteria({ direction: 'desc' }), 0, 20],
  ['by name', listingCriteria({ orderBy: 'name' }), 0, 20],
  ['newest first', listingCriteria({ orderBy: 'listedAt', direction: 'desc' }), 0, 20],
  ['some TLDs', listingCriteria({ tlds: ['io', 'net'] }), 0, 20],
  ['a text', listingCriteria({ text: 'alpha' }), 0, 20],
  ['a page', listingCriteria({}), 1, 2],
];

const OFFERS: Record<string, unknown> = Object.fromEntries(
  [
    ['seller-1', 7, 'alpha.com', 'PENDING', 2, null, 1],
    ['seller-1', 7, 'alpha.com', 'PENDING', -1, null, 2],
    ['seller-1', 8, 'beta.com', 'ACCEPTED', 5, 1, 3],
    ['seller-1', 8, 'beta.com', 'ACCEPTED', 5, -1, 4],
    ['seller-1', 9, 'gamma.com', 'COMPLETED', 5, null, 5],
    ['seller-1', 9, 'gamma.com', 'DECLINED', 5, null, 6],
    ['seller-2', 10, 'delta.com', 'PENDING', 5, null, 7],
  ].map(([seller, listingId, name, status, expires, payBy, created], n) => [
    `o${n}`,
    {
      offerId: n,
      sellerAccountId: seller,
      listingId,
      name,
      status,
      expiresAt: NOW + Number(expires) * DAY,
      payBy: payBy === null ? null : NOW + Number(payBy) * DAY,
      createdAt: NOW - Number(created) * DAY,
    },
  ]),
);

const OFFER_CASES: [string, MarketOfferCriteria, number, number][] = [
  ['every offer of a seller, newest first', { sellerAccountId: 'seller-1' }, 0, 20],
  ['active ones', { sellerAccountId: 'seller-1', group: 'active' }, 0, 20],
  ['sold ones', { sellerAccountId: 'seller-1', group: 'sold' }, 0, 20],
  ['on one name', { sellerAccountId: 'seller-1', name: 'beta.com' }, 0, 20],
  ['a page', { sellerAccountId: 'seller-1' }, 2, 2],
  ['a page past the end, with its total', { sellerAccountId: 'seller-1' }, 10, 2],
];

const HOUR = 3_600_000;
const fact = (points: [number, string, string, number][]) => {
  const times = points.map(([t]) => t);
  return {
    kind: 'point',
    points: points.map(([t, m, d, v]) => ({ t, m, d, v })),
    first: times.length ? Math.min(...times) : null,
    last: times.length ? Math.max(...times) : null,
  };
};
const ANALYTICS: Record<string, unknown> = {
  f1: fact([
    [NOW - 30 * HOUR, 'orders', 'A', 500],
    [NOW - 29 * HOUR, 'orders', 'A', 700],
  ]),
  f2: fact([
    [NOW - 5 * HOUR, 'orders', 'A', 100],
    [NOW - 5 * HOUR + 60_000, 'orders', 'A', 300],
    [NOW - 5 * HOUR + 120_000, 'orders', 'B', 42],
  ]),
  f3: fact(
    Array.from({ length: 11 }, (_x, n): [number, string, string, number] => [
      NOW - 2 * HOUR + n,
      'latency',
      'C',
      10 * n,
    ]),
  ),
  f4: fact([[NOW + 10 * HOUR, 'orders', 'A', 9]]),
  f5: fact([]),
};

const ANALYTICS_CASES: [string, number, number, AnalyticsGrouping][] = [
  ['by hour', NOW - 48 * HOUR, NOW, 'hour'],
  ['by day', NOW - 48 * HOUR, NOW + 24 * HOUR, 'day'],
  ['as one total', NOW - 48 * HOUR, NOW, 'total'],
  ['a range that cuts a fact', NOW - 29.5 * HOUR, NOW - 3 * HOUR, 'hour'],
];

const insert = async (pool: Pool, projection: string, docs: Record<string, unknown>): Promise<void> => {
  await pool.query(
    `insert into projection_generations (name, generation, code_version, live) values ($1, 1, 1, true)`,
    [projection],
  );
  for (const [id, doc] of Object.entries(docs))
    await pool.query(
      `insert into projection_documents (projection, generation, id, doc, last_transaction_id, last_position) values ($1, 1, $2, $3, '0', 0)`,
      [projection, id, JSON.stringify(doc)],
    );
};

const storedAs = (projection: string, docs: Record<string, unknown>) =>
  Object.entries(docs).map(([id, doc]) => ({ _id: `${projection}/1/${id}`, p: projection, g: 1, i: id, doc }));

/** Every projection's documents as MongoDB holds them: the pipelines' first stage picks their own. */
const ALL_STORED = [
  ...storedAs('portfolio', PORTFOLIO),
  ...storedAs('market-listings', LISTINGS),
  ...storedAs('market-offers', OFFERS),
  ...storedAs('analytics', ANALYTICS),
];

const onMongo = <T>(pipeline: Document[]): T[] => onServer<T>(pipeline, ALL_STORED);
const namesOf = (rows: readonly unknown[]) =>
  rows.map((row) => (row as { name?: string; offerId?: number }).name ?? (row as { offerId: number }).offerId);

describe('MongoDB read model searches (evaluated by mingo) against PostgreSQL’s indexes', () => {
  let pool: Pool;
  beforeAll(async () => {
    pool = createPool(await createTestDatabase(), 3);
    await insert(pool, 'portfolio', PORTFOLIO);
    await insert(pool, 'market-listings', LISTINGS);
    await insert(pool, 'market-offers', OFFERS);
    await insert(pool, 'analytics', ANALYTICS);
  });
  afterAll(() => pool.end());

  it.each(PORTFOLIO_CASES)(
    'given a portfolio, %s: MongoDB answers as PostgreSQL does',
    async (_label, holders, criteria, offset, limit) => {
      const expected = await new PostgresPortfolioIndex(pool).page(holders, criteria, NOW, offset, limit);
      expect(expected.total).toBeGreaterThan(0);
      const [page] = onMongo<{ rows: { doc: unknown }[]; total: { count: number }[] }>(
        portfolioPipeline(1, holders, criteria, NOW, offset, limit),
      );
      expect(namesOf(page.rows.map(({ doc }) => doc))).toEqual(namesOf(expected.rows));
      expect(page.total[0]?.count ?? 0).toBe(expected.total);
    },
  );

  it.each(LISTING_CASES)(
    'given open listings, %s: MongoDB answers as PostgreSQL does',
    async (_label, criteria, offset, limit) => {
      const expected = await new PostgresMarketListingIndex(pool).page(criteria, NOW, offset, limit);
      expect(expected.length).toBeGreaterThan(0);
      const found = onMongo<{ doc: unknown }>(marketListingPipeline(1, criteria, NOW, offset, limit));
      expect(namesOf(found.map(({ doc }) => doc))).toEqual(namesOf(expected));
    },
  );

  it.each(OFFER_CASES)(
    'given offers, %s: MongoDB answers as PostgreSQL does',
    async (_label, criteria, offset, limit) => {
      const expected = await new PostgresMarketOfferIndex(pool).page(criteria, NOW, offset, limit);
      expect(expected.total).toBeGreaterThan(0);
      const [page] = onMongo<{ rows: { doc: unknown }[]; total: { count: number }[] }>(
        marketOfferPipeline(1, criteria, NOW, offset, limit),
      );
      expect(namesOf(page.rows.map(({ doc }) => doc))).toEqual(namesOf(expected.rows));
      expect(page.total[0]?.count ?? 0).toBe(expected.total);
    },
  );

  it.each([7, 8, 9])(
    'given offers on listing %i, the open ones: MongoDB answers as PostgreSQL does',
    async (listingId) => {
      const sorted = (rows: readonly unknown[]) => namesOf(rows).sort();
      const expected = await new PostgresMarketOfferIndex(pool).openOn(listingId);
      const found = onMongo<{ doc: unknown }>(openOffersPipeline(1, listingId));
      expect(sorted(found.map(({ doc }) => doc))).toEqual(sorted(expected));
    },
  );

  it.each(ANALYTICS_CASES)(
    'given analytics points, %s: MongoDB sums them as PostgreSQL does',
    async (_label, from, to, grouping) => {
      const expected = await new PostgresAnalyticsSeries(pool).rows(from, to, grouping);
      expect(expected.length).toBeGreaterThan(0);
      const found = onMongo<Record<string, unknown>>(analyticsPipeline(1, from, to, grouping));
      expect(found.map((row) => ({ ...row, bucket: Number(row.bucket) }))).toEqual(expected);
    },
  );

  it.each(['$doc.searchText', '$name', '$', '$$ROOT'])(
    'given a search term that spells a field path (%s), when searched, then it is text, as PostgreSQL takes it',
    async (term) => {
      const criteria = portfolioCriteria({ searchTerm: term });
      const expected = await new PostgresPortfolioIndex(pool).page(['acct-1'], criteria, NOW, 0, 20);
      const [page] = onMongo<{ rows: unknown[]; total: { count: number }[] }>(
        portfolioPipeline(1, ['acct-1'], criteria, NOW, 0, 20),
      );
      expect({ rows: page.rows.length, total: page.total[0]?.count ?? 0 }).toEqual({ rows: 0, total: expected.total });
      const listings = onMongo<unknown>(marketListingPipeline(1, listingCriteria({ text: term }), NOW, 0, 20));
      expect(listings).toEqual(
        await new PostgresMarketListingIndex(pool).page(listingCriteria({ text: term }), NOW, 0, 20),
      );
    },
  );

  it('given a tag that spells a field path, when searched, then it is a tag, as PostgreSQL takes it', async () => {
    const criteria = portfolioCriteria({ tags: ['$doc.label'] });
    const expected = await new PostgresPortfolioIndex(pool).page(['acct-1'], criteria, NOW, 0, 20);
    const [page] = onMongo<{ rows: unknown[]; total: { count: number }[] }>(
      portfolioPipeline(1, ['acct-1'], criteria, NOW, 0, 20),
    );
    expect(expected.total).toBe(0);
    expect(page.total[0]?.count ?? 0).toBe(0);
  });
});
