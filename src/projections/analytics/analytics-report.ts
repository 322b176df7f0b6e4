import { METRICS } from '../../domain/analytics/analytics-facts';
import { DAY_MS, HOUR_MS } from '../../domain/analytics/search-funnel';
import { AnalyticsGrouping, AnalyticsSeriesRow } from './analytics-series.port';

/** The metrics a report sums; operations and webhook deliveries are reported by their kinds. */
export const SUMMED_METRICS = METRICS.filter((metric) => metric !== 'operations' && metric !== 'webhooks');
export type SummedMetric = (typeof SUMMED_METRICS)[number];

export interface OperationFigures {
  readonly surface: string;
  readonly type: string;
  readonly status: string;
  readonly count: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
}

export interface AnalyticsFigures {
  readonly metrics: Readonly<Record<SummedMetric, number>>;
  /** Searches that led to an order of the same account within a day, of all searches; null without searches. */
  readonly conversionRate: number | null;
  readonly operations: readonly OperationFigures[];
  readonly webhooks: { readonly delivered: number; readonly dropped: number; readonly attempts: number };
}

export interface AnalyticsReport {
  readonly from: number;
  readonly to: number;
  readonly groupBy: Exclude<AnalyticsGrouping, 'total'>;
  readonly buckets: readonly (AnalyticsFigures & { readonly start: number })[];
  readonly totals: AnalyticsFigures;
}

const STEP: Readonly<Record<AnalyticsReport['groupBy'], number>> = { hour: HOUR_MS, day: DAY_MS };

/** Every bucket's start from the one `from` falls in up to `to` (exclusive), empty ones included: charts need them. */
export const bucketStartsOf = (from: number, to: number, groupBy: AnalyticsReport['groupBy']): number[] => {
  const step = STEP[groupBy];
  const starts: number[] = [];
  for (let start = Math.floor(from / step) * step; start < to; start += step) starts.push(start);
  return starts;
};

export const figuresOf = (rows: readonly AnalyticsSeriesRow[]): AnalyticsFigures => {
  const metrics = Object.fromEntries(SUMMED_METRICS.map((metric) => [metric, 0])) as Record<SummedMetric, number>;
  const operations: OperationFigures[] = [];
  const webhooks = { delivered: 0, dropped: 0, attempts: 0 };
  for (const row of rows) {
    if (row.metric === 'operations') {
      const [surface, type, status] = row.dimension.split(' ');
      operations.push({ surface, type, status, count: row.count, p50Ms: row.p50, p90Ms: row.p90, p99Ms: row.p99 });
    } else if (row.metric === 'webhooks') {
      if (row.dimension === 'DELIVERED') webhooks.delivered += row.count;
      else webhooks.dropped += row.count;
      webhooks.attempts += row.sum;
    } else if (Object.hasOwn(metrics, row.metric)) metrics[row.metric as SummedMetric] += row.sum;
  }
  const { searches, searchesConverted } = metrics;
  return { metrics, conversionRate: searches === 0 ? null : searchesConverted / searches, operations, webhooks };
};

/** The report of a range: each bucket's figures (every bucket, from the grouped rows) and the range's totals. */
export const reportOf = (
  range: Pick<AnalyticsReport, 'from' | 'to' | 'groupBy'>,
  grouped: readonly AnalyticsSeriesRow[],
  total: readonly AnalyticsSeriesRow[],
): AnalyticsReport => {
  // grouped once: a report of ten years of days must not compare every row with every bucket
  const byBucket = new Map<number, AnalyticsSeriesRow[]>();
  for (const row of grouped) byBucket.set(row.bucket, [...(byBucket.get(row.bucket) ?? []), row]);
  return {
    ...range,
    buckets: bucketStartsOf(range.from, range.to, range.groupBy).map((start) => ({
      start,
      ...figuresOf(byBucket.get(start) ?? []),
    })),
    totals: figuresOf(total),
  };
};

const CSV_HEADER = 'bucket_start,metric,dimension,count,sum,p50,p90,p99';

/** A field as CSV writes it: quoted when it holds a comma, a quote or a line break (dimensions are ours, but still). */
const csvField = (value: string | number): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The export: one line per bucket, metric and dimension (RFC 4180, CRLF), times in ISO 8601 UTC. */
export const csvOf = (rows: readonly AnalyticsSeriesRow[]): string =>
  [
    CSV_HEADER,
    ...rows.map((row) =>
      [new Date(row.bucket).toISOString(), row.metric, row.dimension, row.count, row.sum, row.p50, row.p90, row.p99]
        .map(csvField)
        .join(','),
    ),
  ].join('\r\n') + '\r\n';
