import { Injectable } from '@nestjs/common';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import { cartDecider, cartStream } from '../../domain/commerce/cart';
import { decidePayment } from '../../domain/commerce/checkout-decision';
import { Order, orderDecider, orderStream, placedOf } from '../../domain/commerce/order';
import { promoCodeDecider, promoCodeStream } from '../../domain/commerce/promo-code';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { loadStream, transact, writeAfter } from '../shared/handle-command';
import { CardProcessor, Payment, ProcessorEvent } from './card-processor.port';
import { listingReleasesOf } from './listing-reservations';

/** The processor's answer as the order records it. */
const outcomeOf = (payment: Payment): { paymentId: string } | { failure: string } => {
  switch (payment.status) {
    case 'SUCCEEDED':
      return { paymentId: payment.paymentId };
    case 'DECLINED':
      return { failure: payment.reason };
    case 'REQUIRES_ACTION':
      // an agent cannot authenticate for the person: the checkout page can (svc_cart_get_url)
      return { failure: 'authentication_required' };
  }
};

/**
 * Takes an order's card part, once: the order id is the processor's idempotency key, so the checkout that placed the
 * order and the reactor that finishes one left by a crash can both ask, and the card is charged once.
 */
@Injectable()
export class OrderPayments {
  constructor(
    private readonly store: EventStore,
    private readonly processor: CardProcessor,
    private readonly clock: Clock,
  ) {}

  async pay(orderId: string): Promise<Order> {
    const { state } = await loadStream(this.store, orderStream(orderId), orderDecider);
    if (state.status !== 'AWAITING_PAYMENT') return state;
    const { accountId, totals, paymentMethodId } = state.placed;
    const outcome =
      totals.cardCents === 0 || paymentMethodId === null
        ? { paymentId: null }
        : outcomeOf(
            await this.processor.pay({
              idempotencyKey: orderId,
              customerId: accountId,
              paymentMethodId,
              amountCents: totals.cardCents,
            }),
          );
    return this.record(orderId, outcome);
  }

  /**
   * What the processor told of a payment later (a webhook event): an order still awaiting it is paid or fails; a
   * payment that succeeds for an order that had failed (the person authenticated after all) is refunded at once, so
   * that nothing is charged for an order the user was told was not paid.
   */
  async processorEvent(event: ProcessorEvent): Promise<void> {
    if (event.kind === 'OTHER' || event.orderId === null) return;
    let { state } = await loadStream(this.store, orderStream(event.orderId), orderDecider);
    if (state.status === 'AWAITING_PAYMENT')
      state = await this.record(
        event.orderId,
        event.kind === 'PAYMENT_SUCCEEDED' ? { paymentId: event.paymentId } : { failure: event.reason },
      );
    if (event.kind === 'PAYMENT_SUCCEEDED' && state.status === 'PAYMENT_FAILED')
      await this.processor.refund({
        idempotencyKey: `${event.orderId}:late-payment`,
        paymentId: event.paymentId,
        amountCents: state.placed.totals.cardCents,
      });
  }

  /**
   * Records the payment's outcome on an order awaiting it; an order answered meanwhile (the checkout and a processor
   * event racing) is left as it is and returned: its state says whether this payment came late.
   */
  private async record(orderId: string, outcome: { paymentId: string | null } | { failure: string }): Promise<Order> {
    const { result } = await transact(this.store, {}, async (streams) => {
      const order = await streams.load(orderStream(orderId), orderDecider);
      if (order.state.status !== 'AWAITING_PAYMENT') return { writes: [], result: order.state };
      const placed = placedOf(order.state);
      const { accountId, discountCode } = placed.placed;
      const cart = await streams.load(cartStream(accountId), cartDecider);
      const funds = await streams.load(accountFundsStream(accountId), accountFundsDecider);
      const promo = await streams.load(promoCodeStream(discountCode ?? '-'), promoCodeDecider);
      const decision = decidePayment(outcome, this.clock.now(), {
        order: placed,
        cart: cart.state,
        funds: funds.state,
        promo: promo.state,
      });
      // a failed payment lets go of the listings the order reserved
      const failed = decision.order.some((event) => event.type === 'OrderPaymentFailed');
      const releases = failed ? await listingReleasesOf(streams, orderId, placed.placed.lines, this.clock.now()) : [];
      const writes = [
        writeAfter(order, decision.order),
        writeAfter(cart, decision.cart),
        writeAfter(funds, decision.funds),
        ...(discountCode === null ? [] : [writeAfter(promo, decision.promo)]),
        ...releases,
      ].filter((write) => write.events.length > 0);
      return { writes, result: decision.order.reduce(orderDecider.evolve, order.state) };
    });
    return result;
  }
}
