import { ReadQueries } from './read-connections';
import {
  AnalyticsGrouping,
  AnalyticsSeries,
  AnalyticsSeriesRow,
  AnsweredSeriesRow,
  seriesRowOf,
} from '../../projections/analytics/analytics-series.port';

/**
 * The analytics' points summed in PostgreSQL: the live generation's facts that reach into the range (index of
 * migration 0017), their points in it, grouped by the UTC hour or day they fall in.
 */
export class PostgresAnalyticsSeries extends AnalyticsSeries {
  constructor(private readonly pool: ReadQueries) {
    super();
  }

  async rows(from: number, to: number, grouping: AnalyticsGrouping): Promise<readonly AnalyticsSeriesRow[]> {
    const bucket =
      grouping === 'total'
        ? '$1::bigint'
        : `(extract(epoch from date_trunc('${grouping}', to_timestamp(t / 1000.0) at time zone 'UTC')) * 1000)::bigint`;
    const { rows } = await this.pool.query<AnsweredSeriesRow>(
      `with facts as (
         select d.doc from projection_documents d
          where d.projection = 'analytics'
            and d.generation = (select generation from projection_generations where name = 'analytics' and live)
            and (d.doc->>'last')::bigint >= $1 and (d.doc->>'first')::bigint < $2
       ), points as (
         select (p->>'t')::bigint as t, p->>'m' as metric, p->>'d' as dimension, (p->>'v')::bigint as v
           from facts, jsonb_array_elements(facts.doc->'points') p
       )
       select ${bucket} as bucket, metric, dimension, count(*) as count, sum(v) as sum,
              percentile_disc(0.5) within group (order by v) as p50,
              percentile_disc(0.9) within group (order by v) as p90,
              percentile_disc(0.99) within group (order by v) as p99
         from points where t >= $1 and t < $2
        group by 1, 2, 3 order by 1, 2, 3`,
      [from, to],
    );
    return rows.map(seriesRowOf);
  }
}
