import { Injectable, Logger } from '@nestjs/common';
import { lineOf, OrderEvent, orderDecider, orderStream, placedOf } from '../../domain/commerce/order';
import { Clock } from '../shared/clock';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';
import { Reactor } from '../shared/projection';
import { CardProcessor } from './card-processor.port';
import { OrderFulfilment } from './order-fulfilment';
import { OrderPayments } from './order-payments';

/**
 * Moves every order to its end whatever stopped the checkout that placed it (a crash, a cut connection): an order
 * placed is paid, an order paid has its lines started, a failed line's card part is refunded. Each step is made
 * once however often it is asked for (the order id and refund ids are the processor's idempotency keys; a line's
 * operation id is made from the line), so the checkout and this reactor can both run it.
 */
@Injectable()
export class OrderProgress implements Reactor<OrderEvent> {
  readonly name = 'order-progress';
  readonly handles = ['OrderPlaced', 'OrderPaid', 'OrderLineFailed'] as const;
  private readonly log = new Logger(OrderProgress.name);

  constructor(
    private readonly store: EventStore,
    private readonly payments: OrderPayments,
    private readonly fulfilment: OrderFulfilment,
    private readonly processor: CardProcessor,
    private readonly clock: Clock,
  ) {}

  async react(events: readonly StoredEvent<OrderEvent>[]): Promise<void> {
    for (const event of events) {
      switch (event.type) {
        case 'OrderPlaced':
          await this.payments.pay(event.data.orderId);
          break;
        case 'OrderPaid':
          await this.fulfilment.start(event.data.orderId);
          break;
        case 'OrderLineFailed':
          await this.refundCard(event.data.orderId, event.data.productId);
          break;
      }
    }
  }

  /** Gives a failed line's card part back to the card, once (the refund id is the processor's idempotency key). */
  private async refundCard(orderId: string, productId: number): Promise<void> {
    const order = placedOf((await loadStream(this.store, orderStream(orderId), orderDecider)).state);
    const { line, cardRefund } = lineOf(order, productId);
    if (!cardRefund || cardRefund.done || order.paymentId === null) return;
    const refund = await this.processor.refund({
      idempotencyKey: cardRefund.refundId,
      paymentId: order.paymentId,
      amountCents: line.cardCents,
    });
    // a refund the processor refuses is a fault of ours to look at, not a step to retry for ever (it would hold back
    // every order after it)
    if (!refund.ok) {
      this.log.error(`the card part of line ${productId} of order ${orderId} was not refunded: ${refund.reason}`);
      return;
    }
    await handleCommand(this.store, orderStream(orderId), orderDecider, {
      type: 'RecordCardRefund',
      data: { orderId, productId, processorRefundId: refund.refundId, at: this.clock.now() },
    });
  }
}
