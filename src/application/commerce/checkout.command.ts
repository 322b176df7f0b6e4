import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import { cartDecider, cartStream } from '../../domain/commerce/cart';
import { decideCheckout } from '../../domain/commerce/checkout-decision';
import { Order, orderDecider, orderStream } from '../../domain/commerce/order';
import { promoCodeDecider, promoCodeStream } from '../../domain/commerce/promo-code';
import { TaxPlace } from '../../domain/commerce/sales-tax';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { loadStream, transact, writeAfter } from '../shared/handle-command';
import { keyedRequests } from '../shared/idempotency';
import { CardProcessor } from './card-processor.port';
import { CartPricer } from './cart-view.query';
import { OrderFulfilment } from './order-fulfilment';
import { OrderPayments } from './order-payments';
import { savedCardOf } from './saved-cards';
import { Registry } from '../registry/registry.port';
import { listingReservationsOf } from './listing-reservations';

export interface CheckoutAsked {
  /** A saved card of the account's, or a processor token to save first (a test PaymentMethod id in the sandbox). */
  readonly paymentMethodId: string | undefined;
  readonly useAccountBalance: boolean;
  readonly discountCode: string | undefined;
  /** The registrant (its id) and where the buyer is taxed; null when the account has no contact. */
  readonly contact: { readonly id: string; readonly place: TaxPlace } | null;
}

/**
 * `svc_cart_checkout`: places the order of the whole cart (priced now), takes its card part once, and starts the
 * operations that deliver its lines. Answers the order as it stands then: paid and delivering, or not paid and why.
 */
export class CheckoutCart extends Command<Order> {
  constructor(
    readonly accountId: string,
    readonly asked: CheckoutAsked,
  ) {
    super();
  }
}

@CommandHandler(CheckoutCart)
export class CheckoutCartHandler implements ICommandHandler<CheckoutCart> {
  constructor(
    private readonly store: EventStore,
    private readonly pricer: CartPricer,
    private readonly processor: CardProcessor,
    private readonly payments: OrderPayments,
    private readonly fulfilment: OrderFulfilment,
    private readonly registry: Registry,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, asked }: CheckoutCart): Promise<Order> {
    // made from the request's idempotency key when it has one: a repeat after a lost answer finds its order
    const orderId = keyedRequests.newOrderId();
    const before = await loadStream(this.store, orderStream(orderId), orderDecider);
    if (before.state.status === 'NONE') await this.place(orderId, accountId, asked);
    const paid = await this.payments.pay(orderId);
    if (paid.status === 'PAID') await this.fulfilment.start(orderId);
    return (await loadStream(this.store, orderStream(orderId), orderDecider)).state;
  }

  private async place(orderId: string, accountId: string, asked: CheckoutAsked): Promise<void> {
    const priced = await this.pricer.price(accountId, {
      discountCode: asked.discountCode,
      taxPlace: asked.contact?.place ?? null,
      useAccountBalance: asked.useAccountBalance,
    });
    const paymentMethodId =
      priced.pricing.totalAmountDueCents > 0 && asked.paymentMethodId !== undefined
        ? await savedCardOf(this.processor, accountId, asked.paymentMethodId)
        : null;
    const { discountCode } = priced;
    // the marketplace's time: a listing open when quoted is reserved only while it is still open
    const marketNow = await this.registry.now();
    await transact(this.store, { accountId }, async (streams) => {
      const cart = await streams.load(cartStream(accountId), cartDecider);
      const funds = await streams.load(accountFundsStream(accountId), accountFundsDecider);
      const promo = await streams.load(promoCodeStream(discountCode ?? '-'), promoCodeDecider);
      const order = await streams.load(orderStream(orderId), orderDecider);
      const decision = decideCheckout(
        { orderId, accountId, contactId: asked.contact?.id ?? null, paymentMethodId, at: this.clock.now() },
        { quoted: priced.lines, pricing: priced.pricing, discountCode },
        { cart: cart.state, funds: funds.state, promo: promo.state, order: order.state },
      );
      const reservations = await listingReservationsOf(streams, accountId, orderId, decision.order, marketNow);
      const writes = [
        writeAfter(order, decision.order),
        writeAfter(cart, decision.cart),
        writeAfter(funds, decision.funds),
        ...(discountCode === null ? [] : [writeAfter(promo, decision.promo)]),
        ...reservations,
      ];
      return { writes: writes.filter((write) => write.events.length > 0), result: null };
    });
  }
}
