import { Module } from '@nestjs/common';
import { CommerceModule } from '../../../application/commerce/commerce.module';
import { ProcessorEventsController } from './processor-events.controller';

/** The card processor's calls to the service: Stripe's signed webhook events. */
@Module({ imports: [CommerceModule], controllers: [ProcessorEventsController] })
export class PaymentsHttpModule {}
