import { Module } from '@nestjs/common';
import { CommerceModule } from '../../application/commerce/commerce.module';
import { IdentityModule } from '../../application/identity/identity.module';
import { MarketplaceModule } from '../../application/marketplace/marketplace.module';
import { ForSalePageController } from './market/for-sale-page.controller';
import { AccountPagesController } from './account/account-pages.controller';
import { AgentActionsModule } from '../http/agent-actions/agent-actions.module';
import { AddCardController } from './add-card/add-card.controller';
import { CheckoutPageController } from './checkout/checkout-page.controller';
import { StylesheetController } from './shared/stylesheet.controller';
import { ConsoleController } from './console/console.controller';
import { ConsoleAssetsController } from './console/console-assets.controller';
import { OperatorHttpModule } from '../http/operator/operator-http.module';

/**
 * The pages people open from an agent's links (`ARCHITECTURE.md`: pages) and the operator's console, with their one
 * layout and stylesheet.
 */
@Module({
  imports: [CommerceModule, MarketplaceModule, IdentityModule, AgentActionsModule, OperatorHttpModule],
  controllers: [
    StylesheetController,
    AddCardController,
    CheckoutPageController,
    ForSalePageController,
    AccountPagesController,
    ConsoleController,
    ConsoleAssetsController,
  ],
})
export class WebModule {}
