import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { BrowseMarketListingsHandler, GetMarketListingsHandler } from './market-listings.queries';
import { marketListings } from './market-listings.projection';

/** The marketplace's open listings, for browsing and the for-sale pages. */
@Module({ providers: [BrowseMarketListingsHandler, GetMarketListingsHandler] })
export class MarketListingsModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(marketListings);
  }
}
