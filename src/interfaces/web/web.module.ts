import { Module } from '@nestjs/common';
import { CommerceModule } from '../../application/commerce/commerce.module';
import { AddCardController } from './add-card/add-card.controller';
import { CheckoutPageController } from './checkout/checkout-page.controller';
import { StylesheetController } from './shared/stylesheet.controller';

/** The pages people open from an agent's links (`ARCHITECTURE.md`: pages), with their one layout and stylesheet. */
@Module({
  imports: [CommerceModule],
  controllers: [StylesheetController, AddCardController, CheckoutPageController],
})
export class WebModule {}
