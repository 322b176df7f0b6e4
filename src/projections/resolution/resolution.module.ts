import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { GetIndexingStatusHandler } from './indexing-status.query';
import { resolution } from './resolution.projection';
import {
  GetResolvedDomainHandler,
  GetResolvedTokenHandler,
  GetReverseDomainsHandler,
  ListResolvedDomainsHandler,
} from './resolution.queries';

/** The resolution read model (from the indexed chain streams) and its queries. */
@Module({
  providers: [
    GetResolvedDomainHandler,
    GetResolvedTokenHandler,
    GetReverseDomainsHandler,
    ListResolvedDomainsHandler,
    GetIndexingStatusHandler,
  ],
})
export class ResolutionModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(resolution);
  }
}
