import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { analyticsFacts } from './analytics.projection';
import { ExportAnalyticsHandler, GetAnalyticsReportHandler } from './analytics.queries';

/** The operator's analytics: facts kept from the history, reported by hour or day, and exported as CSV. */
@Module({ providers: [GetAnalyticsReportHandler, ExportAnalyticsHandler] })
export class AnalyticsModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(analyticsFacts);
  }
}
