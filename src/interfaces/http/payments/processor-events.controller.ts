import { Body, Controller, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { FastifyRequest } from 'fastify';
import { CardProcessor } from '../../../application/commerce/card-processor.port';
import { OrderPayments } from '../../../application/commerce/order-payments';
import { Refused } from '../../../domain/shared/errors';
import { KEEPS_RAW_BODY, rawBodyOf } from '../shared/http-input';
import { NoQuery } from '../shared/request-params';

/**
 * Stripe's webhook endpoint: an event is taken only with Stripe's signature over its raw body
 * (`STRIPE_WEBHOOK_SECRET`); what it says of an order's payment is recorded once (`OrderPayments`).
 */
@Controller('payments/stripe')
export class ProcessorEventsController {
  constructor(
    private readonly processor: CardProcessor,
    private readonly payments: OrderPayments,
  ) {}

  @Post('events')
  @HttpCode(200)
  @RouteConfig(KEEPS_RAW_BODY)
  async receive(
    @Body() _event: unknown,
    @Headers('stripe-signature') signature: string | undefined,
    @Req() request: FastifyRequest,
    @Query() _query: NoQuery,
  ): Promise<{ received: true }> {
    const raw = rawBodyOf(request);
    const event = raw === undefined ? undefined : this.processor.eventOf(raw, signature);
    if (!event) throw new Refused('BAD_REQUEST', 'this is not an event signed by the card processor');
    await this.payments.processorEvent(event);
    return { received: true };
  }
}
