/** The bucket of a report: an hour, a day (UTC), or the whole range as one. */
export type AnalyticsGrouping = 'hour' | 'day' | 'total';

/** The points of one metric and dimension in one bucket: how many, their sum, and percentiles of their values. */
export interface AnalyticsSeriesRow {
  /** The bucket's start, epoch ms; the range's start for `total`. */
  readonly bucket: number;
  readonly metric: string;
  readonly dimension: string;
  readonly count: number;
  readonly sum: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
}

/** The analytics' points of `[from, to)` summed by bucket, metric and dimension, oldest bucket first. */
export abstract class AnalyticsSeries {
  abstract rows(from: number, to: number, grouping: AnalyticsGrouping): Promise<readonly AnalyticsSeriesRow[]>;
}
