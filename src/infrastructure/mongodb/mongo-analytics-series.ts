import { Document } from 'mongodb';
import {
  AnalyticsGrouping,
  AnalyticsSeries,
  AnalyticsSeriesRow,
  AnsweredSeriesRow,
  seriesRowOf,
} from '../../projections/analytics/analytics-series.port';
import { MongoReadModels } from './mongo-read-models';

const PERCENTILES = { p50: 0.5, p90: 0.9, p99: 0.99 } as const;

/** SQL's `percentile_disc(fraction)`: the first value, in order, whose share of the values reaches the fraction. */
const percentileOf = (fraction: number): Document => {
  const rank = { $max: [1, { $ceil: { $multiply: [fraction, '$size'] } }] };
  return { $max: { $cond: [{ $eq: ['$rank', rank] }, '$v', null] } };
};

/**
 * The aggregation of the analytics' points in `[from, to)`: the live generation's facts that reach into the range
 * (index `analytics_last`), their points in it, summed by the UTC hour or day they fall in, as PostgreSQL sums them.
 * Each point is ranked within its group by a window (which spills to disk when large, where collecting a group's
 * values into one array could not), and a percentile is the value at its rank.
 */
export const analyticsPipeline = (
  generation: number,
  from: number,
  to: number,
  grouping: AnalyticsGrouping,
): Document[] => [
  { $match: { p: 'analytics', g: generation, 'doc.last': { $gte: from }, 'doc.first': { $lt: to } } },
  { $unwind: '$doc.points' },
  { $replaceWith: '$doc.points' },
  { $match: { t: { $gte: from, $lt: to } } },
  {
    $set: {
      bucket:
        grouping === 'total'
          ? { $literal: from }
          : // MongoDB truncates dates in UTC unless told a time zone
            { $toLong: { $dateTrunc: { date: { $toDate: '$t' }, unit: grouping } } },
      metric: { $ifNull: ['$m', null] },
      dimension: { $ifNull: ['$d', null] },
    },
  },
  {
    $setWindowFields: {
      partitionBy: { bucket: '$bucket', metric: '$metric', dimension: '$dimension' },
      sortBy: { v: 1 },
      output: {
        rank: { $documentNumber: {} },
        size: { $count: {}, window: { documents: ['unbounded', 'unbounded'] } },
      },
    },
  },
  {
    $group: {
      _id: { bucket: '$bucket', metric: '$metric', dimension: '$dimension' },
      count: { $sum: 1 },
      sum: { $sum: '$v' },
      ...Object.fromEntries(Object.entries(PERCENTILES).map(([name, fraction]) => [name, percentileOf(fraction)])),
    },
  },
  {
    $project: {
      _id: 0,
      bucket: '$_id.bucket',
      metric: '$_id.metric',
      dimension: '$_id.dimension',
      count: 1,
      sum: 1,
      ...Object.fromEntries(Object.keys(PERCENTILES).map((name) => [name, 1])),
    },
  },
  { $sort: { bucket: 1, metric: 1, dimension: 1 } },
];

/** The analytics' points summed on MongoDB. */
export class MongoAnalyticsSeries extends AnalyticsSeries {
  constructor(private readonly models: MongoReadModels) {
    super();
  }

  async rows(from: number, to: number, grouping: AnalyticsGrouping): Promise<readonly AnalyticsSeriesRow[]> {
    const generation = await this.models.liveGeneration('analytics');
    if (generation === undefined) return [];
    const rows = await this.models.documents
      .aggregate<AnsweredSeriesRow>(analyticsPipeline(generation, from, to, grouping))
      .toArray();
    return rows.map(seriesRowOf);
  }
}
