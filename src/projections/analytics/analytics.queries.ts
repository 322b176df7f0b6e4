import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { AnalyticsReport, csvOf, reportOf } from './analytics-report';
import { AnalyticsSeries } from './analytics-series.port';

export interface AnalyticsRange {
  readonly from: number;
  readonly to: number;
  readonly groupBy: AnalyticsReport['groupBy'];
}

/** The operator's report of a range: every hour's or day's figures and the range's totals. */
export class GetAnalyticsReport extends Query<AnalyticsReport> {
  constructor(readonly range: AnalyticsRange) {
    super();
  }
}

@QueryHandler(GetAnalyticsReport)
export class GetAnalyticsReportHandler implements IQueryHandler<GetAnalyticsReport> {
  constructor(private readonly series: AnalyticsSeries) {}

  async execute({ range }: GetAnalyticsReport): Promise<AnalyticsReport> {
    const [grouped, total] = await Promise.all([
      this.series.rows(range.from, range.to, range.groupBy),
      this.series.rows(range.from, range.to, 'total'),
    ]);
    return reportOf(range, grouped, total);
  }
}

/** The same range as CSV, one line per bucket, metric and dimension. */
export class ExportAnalytics extends Query<string> {
  constructor(readonly range: AnalyticsRange) {
    super();
  }
}

@QueryHandler(ExportAnalytics)
export class ExportAnalyticsHandler implements IQueryHandler<ExportAnalytics> {
  constructor(private readonly series: AnalyticsSeries) {}

  async execute({ range }: ExportAnalytics): Promise<string> {
    return csvOf(await this.series.rows(range.from, range.to, range.groupBy));
  }
}
