import { Module } from '@nestjs/common';
import { DnsDomainsModule } from '../dns-domains/dns-domains.module';
import { MarketParties } from './market-parties';
import { CancelListingsHandler, CreateListingsHandler, UpdateListingsHandler } from './listings.commands';

/**
 * The marketplace context (`ARCHITECTURE.md`): names their holders list for sale on our own marketplace, and (as
 * they come) offers, leads and the sales they end in, paid through the commerce context.
 */
@Module({
  imports: [DnsDomainsModule],
  providers: [CreateListingsHandler, UpdateListingsHandler, CancelListingsHandler, MarketParties],
  exports: [MarketParties],
})
export class MarketplaceModule {}
