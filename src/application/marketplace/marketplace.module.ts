import { Module, OnModuleInit } from '@nestjs/common';
import { OperationFinishers } from '../operations/operation-finishers';
import { MarketTransferSettlement } from './market-transfer-settlement';
import { DnsDomainsModule } from '../dns-domains/dns-domains.module';
import { MarketParties } from './market-parties';
import { StartMarketTransferHandler } from './market-transfer.command';
import { CancelListingsHandler, CreateListingsHandler, UpdateListingsHandler } from './listings.commands';

/**
 * The marketplace context (`ARCHITECTURE.md`): names their holders list for sale on our own marketplace, and (as
 * they come) offers, leads and the sales they end in, paid through the commerce context.
 */
@Module({
  imports: [DnsDomainsModule],
  providers: [
    CreateListingsHandler,
    UpdateListingsHandler,
    CancelListingsHandler,
    MarketParties,
    StartMarketTransferHandler,
    MarketTransferSettlement,
  ],
  exports: [MarketParties],
})
export class MarketplaceModule implements OnModuleInit {
  constructor(
    private readonly finishers: OperationFinishers,
    private readonly settlement: MarketTransferSettlement,
  ) {}

  onModuleInit(): void {
    this.finishers.register(this.settlement);
  }
}
