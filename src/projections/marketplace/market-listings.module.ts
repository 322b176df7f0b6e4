import { Global, Module, OnModuleInit } from '@nestjs/common';
import { ActiveLeaseIndex } from '../../application/marketplace/active-lease-index.port';
import { DocumentActiveLeaseIndex } from './active-lease-index';
import { marketLeases } from './market-leases.projection';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { ListLeadsHandler } from './market-conversations.queries';
import { marketConversations } from './market-conversations.projection';
import { BrowseMarketListingsHandler, GetMarketListingsHandler } from './market-listings.queries';
import { marketListings } from './market-listings.projection';
import { ListMarketOffersHandler } from './market-offers.queries';
import { marketOffers } from './market-offers.projection';

/** The marketplace's read models: open listings (browsing, for-sale pages), offers, conversations, leases. */
@Global()
@Module({
  providers: [
    BrowseMarketListingsHandler,
    GetMarketListingsHandler,
    ListMarketOffersHandler,
    ListLeadsHandler,
    { provide: ActiveLeaseIndex, useClass: DocumentActiveLeaseIndex },
  ],
  exports: [ActiveLeaseIndex],
})
export class MarketListingsModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(marketListings);
    this.registry.addProjection(marketOffers);
    this.registry.addProjection(marketConversations);
    this.registry.addProjection(marketLeases);
  }
}
