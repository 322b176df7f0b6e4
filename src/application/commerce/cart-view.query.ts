import { Injectable } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { accountFundsDecider, accountFundsStream, PotAmounts } from '../../domain/commerce/account-funds';
import { CartLine, cartDecider, cartStream } from '../../domain/commerce/cart';
import { CartOffer } from '../../domain/commerce/cart-offers';
import { CartPricing, priceCart } from '../../domain/commerce/cart-pricing';
import { taxRateOf, TaxPlace } from '../../domain/commerce/sales-tax';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { storedNameOf } from '../../domain/shared/names';
import { CartQuotes } from './cart-quotes';
import { discountOf } from './promo-codes';

/** A line as the cart holds it and what it costs now (or why it cannot be bought now). */
export interface QuotedLine {
  readonly line: CartLine;
  readonly offer: CartOffer;
}

export interface PricedCart {
  readonly lines: readonly QuotedLine[];
  /** The lines that can be bought now, priced: a line that cannot is shown but neither counted nor checked out. */
  readonly pricing: CartPricing;
  readonly discountCode: string | null;
  readonly funds: PotAmounts;
}

export interface CartPricingAsked {
  readonly discountCode?: string;
  /** Where the buyer is taxed: the registrant contact's country (and state); null when it has none yet. */
  readonly taxPlace: TaxPlace | null;
  readonly useAccountBalance: boolean;
}

/** `svc_cart_get`: the account's cart with every line priced again now, discounted, taxed and paid from its funds. */
export class GetPricedCart extends Query<PricedCart> {
  constructor(
    readonly accountId: string,
    readonly asked: CartPricingAsked,
  ) {
    super();
  }
}

/** Prices an account's cart now: what `svc_cart_get` shows and what checkout charges. */
@Injectable()
export class CartPricer {
  constructor(
    private readonly store: EventStore,
    private readonly quotes: CartQuotes,
    private readonly clock: Clock,
  ) {}

  async price(accountId: string, asked: CartPricingAsked): Promise<PricedCart> {
    const [cart, funds, discount] = await Promise.all([
      loadStream(this.store, cartStream(accountId), cartDecider),
      loadStream(this.store, accountFundsStream(accountId), accountFundsDecider),
      asked.discountCode === undefined ? null : discountOf(this.store, asked.discountCode, accountId, this.clock.now()),
    ]);
    const { lines } = cart.state;
    const offers = await this.quotes.offers(
      accountId,
      lines.map((line) => ({
        kind: line.kind,
        name: storedNameOf(line.domain),
        years: line.quantity,
        ...(line.lease ? { lease: line.lease } : {}),
      })),
    );
    const quoted = lines.map((line, index) => ({ line, offer: offers[index] }));
    const buyable = quoted.flatMap(({ line, offer }) =>
      'priceCents' in offer ? [{ productId: line.productId, kind: line.kind, priceCents: offer.priceCents }] : [],
    );
    const { balanceCents, promoCreditsCents } = funds.state;
    const pricing = priceCart(buyable, discount, taxRateOf(asked.taxPlace), {
      accountBalanceCents: balanceCents,
      promoCreditsCents,
      useAccountBalance: asked.useAccountBalance,
    });
    return {
      lines: quoted,
      pricing,
      discountCode: discount?.code ?? null,
      funds: { balanceCents, promoCreditsCents },
    };
  }
}

@QueryHandler(GetPricedCart)
export class GetPricedCartHandler implements IQueryHandler<GetPricedCart> {
  constructor(private readonly pricer: CartPricer) {}

  execute({ accountId, asked }: GetPricedCart): Promise<PricedCart> {
    return this.pricer.price(accountId, asked);
  }
}
