import { Module } from '@nestjs/common';
import { DnsDomainsModule } from '../dns-domains/dns-domains.module';
import { AddCartItemsHandler, RemoveCartItemsHandler } from './cart.commands';
import { CartQuotes } from './cart-quotes';
import { GetPricedCartHandler } from './cart-view.query';
import { AddAccountFundsHandler, CreatePromoCodeHandler } from './operator-commerce.commands';

/** The commerce context (`ARCHITECTURE.md`): a user's cart, its pricing, and what the account pays with. */
@Module({
  imports: [DnsDomainsModule],
  providers: [
    CartQuotes,
    AddCartItemsHandler,
    RemoveCartItemsHandler,
    GetPricedCartHandler,
    CreatePromoCodeHandler,
    AddAccountFundsHandler,
  ],
})
export class CommerceModule {}
