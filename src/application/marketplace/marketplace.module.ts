import { Module, OnModuleInit } from '@nestjs/common';
import { OperationFinishers } from '../operations/operation-finishers';
import { MarketTransferSettlement } from './market-transfer-settlement';
import { DnsDomainsModule } from '../dns-domains/dns-domains.module';
import { MarketParties } from './market-parties';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { MarketConversations } from './market-conversations';
import { MarketMessageMailer, OfferClosings } from './market-reactors';
import { LeasePayments } from './lease-payments';
import { LeasePaymentTrigger, LeaseTransfers } from './lease-transfers';
import { MakeMarketOfferHandler, RespondToMarketOffersHandler } from './offers.commands';
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
    MarketConversations,
    MakeMarketOfferHandler,
    RespondToMarketOffersHandler,
    OfferClosings,
    MarketMessageMailer,
    LeasePayments,
    LeaseTransfers,
    LeasePaymentTrigger,
  ],
  exports: [MarketParties, MarketConversations, LeasePayments],
})
export class MarketplaceModule implements OnModuleInit {
  constructor(
    private readonly finishers: OperationFinishers,
    private readonly settlement: MarketTransferSettlement,
    private readonly consumers: ConsumerRegistry,
    private readonly closings: OfferClosings,
    private readonly mailer: MarketMessageMailer,
    private readonly leaseTransfers: LeaseTransfers,
    private readonly leaseTrigger: LeasePaymentTrigger,
  ) {}

  onModuleInit(): void {
    this.finishers.register(this.settlement);
    this.consumers.addReactor(this.closings);
    this.consumers.addReactor(this.mailer);
    this.consumers.addReactor(this.leaseTransfers);
    this.consumers.addReactor(this.leaseTrigger);
  }
}
