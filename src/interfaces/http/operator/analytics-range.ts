import { DAY_MS, HOUR_MS } from '../../../domain/analytics/search-funnel';
import { AnalyticsRange } from '../../../projections/analytics/analytics.queries';

/** The most buckets a report holds: a month of hours, ten years of days. */
export const MAX_BUCKETS: Readonly<Record<AnalyticsRange['groupBy'], number>> = { hour: 24 * 31, day: 3660 };
const STEP: Readonly<Record<AnalyticsRange['groupBy'], number>> = { hour: HOUR_MS, day: DAY_MS };
/** Without `from`: the last day by the hour, the last week by the day. */
const DEFAULT_SPAN: Readonly<Record<AnalyticsRange['groupBy'], number>> = { hour: DAY_MS, day: 7 * DAY_MS };

export interface RangeQuery {
  readonly from?: string;
  readonly to?: string;
  readonly groupBy?: AnalyticsRange['groupBy'];
}

/** What is wrong with a range, by parameter; none when it can be reported. */
export type RangeIssue = { readonly path: 'from' | 'to'; readonly message: string };

/**
 * The range a report covers, from the query: `to` defaults to the end of the bucket `now` is in, `from` to a day (by
 * hour) or a week (by day) before `to`. Times are ISO 8601 (a date alone is its midnight UTC).
 */
export const analyticsRangeOf = (query: RangeQuery, now: number): AnalyticsRange | RangeIssue => {
  const groupBy = query.groupBy ?? 'day';
  const step = STEP[groupBy];
  const to = query.to === undefined ? Math.floor(now / step) * step + step : Date.parse(query.to);
  if (Number.isNaN(to)) return { path: 'to', message: 'is not an ISO 8601 date or time' };
  const from = query.from === undefined ? to - DEFAULT_SPAN[groupBy] : Date.parse(query.from);
  if (Number.isNaN(from)) return { path: 'from', message: 'is not an ISO 8601 date or time' };
  if (from >= to) return { path: 'from', message: 'must be before to' };
  // counted from the start of the bucket `from` falls in, as the report lists them
  if (Math.ceil((to - Math.floor(from / step) * step) / step) > MAX_BUCKETS[groupBy])
    return { path: 'from', message: `makes more than ${MAX_BUCKETS[groupBy]} buckets of one ${groupBy}` };
  return { from, to, groupBy };
};

export const isRange = (range: AnalyticsRange | RangeIssue): range is AnalyticsRange => 'groupBy' in range;
