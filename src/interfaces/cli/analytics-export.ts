import { DAY_MS } from '../../domain/analytics/search-funnel';
import { csvOf } from '../../projections/analytics/analytics-report';
import { AnalyticsSeries, AnalyticsSeriesRow } from '../../projections/analytics/analytics-series.port';
import { AnalyticsRange } from '../../projections/analytics/analytics.queries';
import { analyticsFacts } from '../../projections/analytics/analytics.projection';
import { analyticsRangeOf, isRange, RangeQuery } from '../http/operator/analytics-range';
import { withApp } from './app-context';
import { CliContext } from './cli-context';
import { commandProgress, StartProgress } from './progress';

/** How much of a range one query of an export reads: a month, so that the bar moves on a long range. */
const CHUNK_MS = 31 * DAY_MS;

/**
 * The pieces an export reads a range in: the first from `from`, each next one starting at a multiple of the chunk
 * from the start of `from`'s bucket, so that no bucket is split between two pieces.
 */
export const exportChunksOf = (range: AnalyticsRange): { from: number; to: number }[] => {
  const step = range.groupBy === 'hour' ? 3_600_000 : DAY_MS;
  const chunks: { from: number; to: number }[] = [];
  const origin = Math.floor(range.from / step) * step;
  for (let start = origin; start < range.to; start += CHUNK_MS)
    chunks.push({ from: Math.max(start, range.from), to: Math.min(start + CHUNK_MS, range.to) });
  return chunks;
};

/**
 * `domain-engine analytics export`: the analytics of a range as CSV on stdout (one line per bucket, metric and
 * dimension), read a month at a time with the progress on stderr.
 */
export const exportAnalytics = (
  context: CliContext,
  query: RangeQuery,
  write: (text: string) => void,
  progress: StartProgress = commandProgress('exporting analytics'),
): Promise<void> =>
  withApp(context, [analyticsFacts.name], async (app) => {
    const range = analyticsRangeOf(query, Date.now());
    if (!isRange(range)) throw new Error(`--${range.path}: ${range.message}`);
    const series = app.get(AnalyticsSeries);
    const chunks = exportChunksOf(range);
    const bar = progress(chunks.length);
    const rows: AnalyticsSeriesRow[] = [];
    for (const chunk of chunks) {
      rows.push(...(await series.rows(chunk.from, chunk.to, range.groupBy)));
      bar.advance();
    }
    bar.finish();
    write(csvOf(rows));
  });
