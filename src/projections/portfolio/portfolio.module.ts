import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { portfolio } from './portfolio.projection';
import { GetPortfolioDomainsHandler, ListPortfolioHandler } from './portfolio.queries';

/** The accounts' portfolios (DNS and blockchain domains), and their queries. */
@Module({ providers: [ListPortfolioHandler, GetPortfolioDomainsHandler] })
export class PortfolioModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(portfolio);
  }
}
