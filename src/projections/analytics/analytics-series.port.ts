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

/** A row as a database answers it, its numbers as text (PostgreSQL's bigint) or 64-bit integers (MongoDB's long). */
export type AnsweredSeriesRow = {
  readonly [Key in keyof AnalyticsSeriesRow]: AnalyticsSeriesRow[Key] | string | bigint;
};

/** A row answered by a database, every count and value a plain number. */
export const seriesRowOf = (row: AnsweredSeriesRow): AnalyticsSeriesRow => ({
  bucket: Number(row.bucket),
  metric: String(row.metric),
  dimension: String(row.dimension),
  count: Number(row.count),
  sum: Number(row.sum),
  p50: Number(row.p50),
  p90: Number(row.p90),
  p99: Number(row.p99),
});

/** The analytics' points of `[from, to)` summed by bucket, metric and dimension, oldest bucket first. */
export abstract class AnalyticsSeries {
  abstract rows(from: number, to: number, grouping: AnalyticsGrouping): Promise<readonly AnalyticsSeriesRow[]>;
}
