import { Module, OnModuleInit } from '@nestjs/common';
import { DnsDomainsModule } from '../dns-domains/dns-domains.module';
import { OperationFinishers } from '../operations/operation-finishers';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { AddCartItemsHandler, RemoveCartItemsHandler } from './cart.commands';
import { CartQuotes } from './cart-quotes';
import { CartPricer, GetPricedCartHandler } from './cart-view.query';
import { CheckoutCartHandler } from './checkout.command';
import { AddAccountFundsHandler, CreatePromoCodeHandler } from './operator-commerce.commands';
import { OrderFulfilment } from './order-fulfilment';
import { OrderLineSettlement } from './order-line-settlement';
import { OrderPayments } from './order-payments';
import { OrderProgress } from './order-progress.reactor';
import { UpdateAutoRenewalHandler } from './auto-renewal.commands';
import { AutoRenewals } from './auto-renewals';
import { BackorderOutcomes, BackorderReleaseTrigger } from './backorder-outcomes.reactor';
import { BackorderRegistrations } from './backorder-registrations';
import { ServiceOrders } from './service-orders';
import { AutoRenewalTrigger } from './auto-renewal-trigger.reactor';
import { IssuePageLinkHandler, PageLinks } from './page-links';
import { GetPaymentMethodsHandler } from './payment-methods.query';

/**
 * The commerce context (`ARCHITECTURE.md`): a user's cart and its pricing, what the account pays with, and orders:
 * placed and paid once, delivered line by line by operations, refunded line by line when one fails.
 */
@Module({
  imports: [DnsDomainsModule],
  providers: [
    CartQuotes,
    CartPricer,
    AddCartItemsHandler,
    RemoveCartItemsHandler,
    GetPricedCartHandler,
    CreatePromoCodeHandler,
    AddAccountFundsHandler,
    GetPaymentMethodsHandler,
    CheckoutCartHandler,
    OrderPayments,
    OrderFulfilment,
    OrderLineSettlement,
    OrderProgress,
    UpdateAutoRenewalHandler,
    AutoRenewals,
    ServiceOrders,
    AutoRenewalTrigger,
    BackorderRegistrations,
    BackorderOutcomes,
    BackorderReleaseTrigger,
    IssuePageLinkHandler,
    PageLinks,
  ],
  exports: [AutoRenewals, BackorderRegistrations, PageLinks, CartPricer, OrderPayments],
})
export class CommerceModule implements OnModuleInit {
  constructor(
    private readonly consumers: ConsumerRegistry,
    private readonly finishers: OperationFinishers,
    private readonly settlement: OrderLineSettlement,
    private readonly progress: OrderProgress,
    private readonly renewalTrigger: AutoRenewalTrigger,
    private readonly backorderOutcomes: BackorderOutcomes,
    private readonly backorderTrigger: BackorderReleaseTrigger,
  ) {}

  onModuleInit(): void {
    this.finishers.register(this.settlement);
    this.consumers.addReactor(this.progress);
    this.consumers.addReactor(this.renewalTrigger);
    this.consumers.addReactor(this.backorderOutcomes);
    this.consumers.addReactor(this.backorderTrigger);
  }
}
