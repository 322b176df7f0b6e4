import { Injectable } from '@nestjs/common';
import { AccountFunds } from '../../domain/commerce/account-funds';
import { CartLine } from '../../domain/commerce/cart';
import { CartPricing, priceCart } from '../../domain/commerce/cart-pricing';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import { CheckoutFacts, CheckoutRequest, decideServiceOrder } from '../../domain/commerce/checkout-decision';
import { orderDecider, orderStream } from '../../domain/commerce/order';
import { promoCodeDecider } from '../../domain/commerce/promo-code';
import { TaxPlace, taxRateOf } from '../../domain/commerce/sales-tax';
import { isCardExpired } from '../../domain/commerce/sandbox-cards';
import { SecondLevelName } from '../../domain/shared/names';
import { Clock } from '../shared/clock';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';
import { CardProcessor } from './card-processor.port';
import { CartQuotes } from './cart-quotes';

/** A one-line order the service places for the user, priced: what `decideServiceOrder` takes, and its total. */
export type PricedServiceOrder = { readonly facts: CheckoutFacts; readonly pricing: CartPricing };

/**
 * The orders the service places for a user without a cart (an auto-renewal, a won backorder): one line priced as
 * checkout prices it, paid from the balance, then the promo credits, then a card.
 */
@Injectable()
export class ServiceOrders {
  constructor(
    private readonly quotes: CartQuotes,
    private readonly processor: CardProcessor,
    private readonly clock: Clock,
  ) {}

  /** The line priced now with the user's funds, or why it cannot be bought now. */
  async priced(
    accountId: string,
    asked: { readonly kind: 'RENEWAL' | 'REGISTRATION'; readonly name: SecondLevelName },
    taxPlace: TaxPlace | null,
    funds: AccountFunds,
  ): Promise<PricedServiceOrder | { readonly problem: string }> {
    const [offer] = await this.quotes.offers(accountId, [{ ...asked, years: 1 }]);
    if ('problem' in offer) return { problem: offer.problem };
    const line: CartLine = {
      productId: 1,
      kind: asked.kind,
      domain: asked.name.name,
      quantity: 1,
      addedPriceCents: offer.priceCents,
    };
    const pricing = priceCart(
      [{ productId: 1, kind: asked.kind, priceCents: offer.priceCents }],
      null,
      taxRateOf(taxPlace),
      {
        accountBalanceCents: funds.balanceCents,
        promoCreditsCents: funds.promoCreditsCents,
        useAccountBalance: true,
      },
    );
    return { facts: { quoted: [{ line, offer }], pricing, discountCode: null }, pricing };
  }

  /**
   * The writes that place and pay (from the balance and credits; the card part follows) the order priced, in the
   * caller's transaction with what the order is for.
   */
  async placementWrites(streams: StreamReader, request: CheckoutRequest, facts: CheckoutFacts): Promise<StreamWrite[]> {
    const order = await streams.load(orderStream(request.orderId), orderDecider);
    const funds = await streams.load(accountFundsStream(request.accountId), accountFundsDecider);
    const decision = decideServiceOrder(request, facts, {
      funds: funds.state,
      order: order.state,
      promo: promoCodeDecider.initialState(),
    });
    return [writeAfter(order, decision.order), writeAfter(funds, decision.funds)].filter(
      (write) => write.events.length > 0,
    );
  }

  /** The card saved last that has not expired: what a service order is charged to unless the user named one. */
  async defaultCardOf(accountId: string): Promise<string | null> {
    const cards = await this.processor.savedCards(accountId);
    const now = this.clock.now();
    return cards.filter((card) => !isCardExpired(card.expMonth, card.expYear, now)).at(-1)?.id ?? null;
  }
}
