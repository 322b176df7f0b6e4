import { DAY_MS, HOUR_MS } from '../../domain/analytics/search-funnel';
import { bucketStartsOf, csvOf, figuresOf, reportOf } from './analytics-report';
import { AnalyticsSeriesRow } from './analytics-series.port';

/** A midnight UTC (2024-09-21). */
const DAY = Date.UTC(2024, 8, 21);
const at = (hours: number, minutes = 0): number => DAY + hours * HOUR_MS + minutes * 60_000;

const row = (metric: string, dimension: string, change: Partial<AnalyticsSeriesRow> = {}): AnalyticsSeriesRow => ({
  bucket: DAY,
  metric,
  dimension,
  count: 1,
  sum: 1,
  p50: 0,
  p90: 0,
  p99: 0,
  ...change,
});

const NOTHING = {
  registrations: 0,
  renewals: 0,
  transfers: 0,
  claims: 0,
  returns: 0,
  sales: 0,
  salesCents: 0,
  commissionsCents: 0,
  revenueCents: 0,
  refundsCents: 0,
  signups: 0,
  searches: 0,
  searchesConverted: 0,
};

const EMPTY = {
  metrics: NOTHING,
  conversionRate: null,
  operations: [],
  webhooks: { delivered: 0, dropped: 0, attempts: 0 },
};

describe('the buckets of a range', () => {
  it('start with the hour the range starts in, and stop before its end', () =>
    expect(bucketStartsOf(at(10, 30), at(13), 'hour')).toEqual([at(10), at(11), at(12)]));

  it('include the hour the range ends in when it ends after that hour starts', () =>
    expect(bucketStartsOf(at(10), at(12, 1), 'hour')).toEqual([at(10), at(11), at(12)]));

  it('are days from the midnight UTC of the range start', () =>
    expect(bucketStartsOf(at(5), DAY + 2 * DAY_MS, 'day')).toEqual([DAY, DAY + DAY_MS]));

  it('are the bucket itself when the range starts and ends on its edges', () =>
    expect(bucketStartsOf(DAY, DAY + DAY_MS, 'day')).toEqual([DAY]));
});

describe('the figures of a bucket', () => {
  it('are all zero, with no conversion rate, when nothing happened', () => expect(figuresOf([])).toEqual(EMPTY));

  it('sum the values of each metric across its dimensions', () =>
    expect(
      figuresOf([
        row('registrations', 'web3', { count: 2, sum: 2 }),
        row('registrations', 'reseller', { count: 3, sum: 3 }),
        row('revenueCents', 'orders', { count: 2, sum: 1_000 }),
        row('revenueCents', 'partners', { count: 1, sum: 300 }),
      ]).metrics,
    ).toEqual({ ...NOTHING, registrations: 5, revenueCents: 1_300 }));

  it('ignore a metric they do not report', () => expect(figuresOf([row('legacy', 'web3', { sum: 7 })])).toEqual(EMPTY));

  it("give each operation kind's count and duration percentiles, by surface, type and status", () =>
    expect(
      figuresOf([
        row('operations', 'web3 DOMAIN_CLAIM COMPLETED', { count: 4, sum: 1_000, p50: 100, p90: 200, p99: 300 }),
        row('operations', 'reseller REGISTER FAILED', { count: 1, sum: 50, p50: 50, p90: 50, p99: 50 }),
      ]),
    ).toEqual({
      ...EMPTY,
      operations: [
        { surface: 'web3', type: 'DOMAIN_CLAIM', status: 'COMPLETED', count: 4, p50Ms: 100, p90Ms: 200, p99Ms: 300 },
        { surface: 'reseller', type: 'REGISTER', status: 'FAILED', count: 1, p50Ms: 50, p90Ms: 50, p99Ms: 50 },
      ],
    }));

  it('count webhook deliveries delivered and dropped, and every attempt they took', () =>
    expect(
      figuresOf([
        row('webhooks', 'DELIVERED', { count: 5, sum: 7 }),
        row('webhooks', 'DROPPED', { count: 2, sum: 10 }),
      ]),
    ).toEqual({ ...EMPTY, webhooks: { delivered: 5, dropped: 2, attempts: 17 } }));

  it('convert the searches that led to an order, of all searches', () =>
    expect(
      figuresOf([
        row('searches', 'agents', { count: 3, sum: 4 }),
        row('searchesConverted', 'agents', { count: 1, sum: 1 }),
      ]).conversionRate,
    ).toBe(0.25));

  it('convert none of the searches when none led to an order', () =>
    expect(figuresOf([row('searches', 'agents', { sum: 4 })]).conversionRate).toBe(0));
});

describe('the report of a range', () => {
  it('has figures for every bucket, empty ones too, and totals for the range', () =>
    expect(
      reportOf(
        { from: at(10, 30), to: at(13), groupBy: 'hour' },
        [row('claims', 'web3', { bucket: at(11), sum: 2 }), row('claims', 'web3', { bucket: at(12), sum: 1 })],
        [row('claims', 'web3', { bucket: at(10, 30), sum: 3 })],
      ),
    ).toEqual({
      from: at(10, 30),
      to: at(13),
      groupBy: 'hour',
      buckets: [
        { start: at(10), ...EMPTY },
        { start: at(11), ...EMPTY, metrics: { ...NOTHING, claims: 2 } },
        { start: at(12), ...EMPTY, metrics: { ...NOTHING, claims: 1 } },
      ],
      totals: { ...EMPTY, metrics: { ...NOTHING, claims: 3 } },
    }));
});

describe('the CSV export', () => {
  const HEADER = 'bucket_start,metric,dimension,count,sum,p50,p90,p99\r\n';

  it('is its header alone when nothing happened', () => expect(csvOf([])).toBe(HEADER));

  it('has a line per bucket, metric and dimension, times in ISO 8601 UTC, each ending in CRLF', () =>
    expect(
      csvOf([
        row('operations', 'web3 DOMAIN_CLAIM COMPLETED', {
          bucket: at(10),
          count: 4,
          sum: 1_000,
          p50: 100,
          p90: 200,
          p99: 300,
        }),
        row('claims', 'web3', { bucket: at(11), count: 2, sum: 2 }),
      ]),
    ).toBe(
      HEADER +
        '2024-09-21T10:00:00.000Z,operations,web3 DOMAIN_CLAIM COMPLETED,4,1000,100,200,300\r\n' +
        '2024-09-21T11:00:00.000Z,claims,web3,2,2,0,0,0\r\n',
    ));

  it.each([
    ['a comma', 'a,b', '"a,b"'],
    ['a quote, doubled', 'say "hi"', '"say ""hi"""'],
    ['a carriage return', 'a\rb', '"a\rb"'],
    ['a line feed', 'a\nb', '"a\nb"'],
  ])('quotes a field holding %s', (_, dimension, field) =>
    expect(csvOf([row('claims', dimension)])).toBe(`${HEADER}2024-09-21T00:00:00.000Z,claims,${field},1,1,0,0,0\r\n`),
  );
});
