import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  Cart,
  CART_MAX_LINES,
  CartAddition,
  cartAdditionsOf,
  cartDecider,
  CartItem,
  cartStream,
} from '../../domain/commerce/cart';
import { CartOffer } from '../../domain/commerce/cart-offers';
import { ListedSale } from '../../domain/marketplace/listed-purchase';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, transact, writeAfter } from '../shared/handle-command';
import { CartAsk, CartQuotes } from './cart-quotes';

/** What became of one line asked: its product id and the price it went in at, or why it did not. */
export type CartAskOutcome =
  | {
      readonly domain: string;
      readonly productId: number;
      readonly priceCents: number;
      readonly years: number;
      /** A name listed on our marketplace: the sale it will be. */
      readonly sale?: ListedSale;
    }
  | { readonly domain: string; readonly problem: string };

export interface CartChange<Outcome> {
  readonly outcomes: readonly Outcome[];
  readonly cart: Cart;
}

const KIND_TOLD: Readonly<Record<CartItem['kind'], string>> = {
  REGISTRATION: 'a registration',
  RENEWAL: 'a renewal',
  LISTED: 'a purchase on the marketplace',
  EXTMARKET_A: 'a purchase on extmarket_a',
  EXTMARKET_B: 'a purchase on extmarket_b',
};

const heldKindOf = (cart: Cart, domain: string): CartItem['kind'] =>
  cart.lines.find((line) => line.domain === domain)?.kind ?? 'REGISTRATION';

const toldOf = (addition: CartAddition, item: CartItem, cart: Cart, sale: ListedSale | undefined): CartAskOutcome => {
  if ('productId' in addition)
    return {
      domain: item.domain,
      productId: addition.productId,
      priceCents: item.addedPriceCents,
      years: item.quantity,
      ...(sale ? { sale } : {}),
    };
  return {
    domain: item.domain,
    problem:
      addition.problem === 'CART_FULL'
        ? `the cart holds ${CART_MAX_LINES} lines at most: check out or remove some first`
        : `${item.domain} is in the cart already as ${KIND_TOLD[heldKindOf(cart, item.domain)]}: remove that line first`,
  };
};

/**
 * `svc_cart_add_*`: each asked line is priced now and added, one outcome per line in the order asked; a line that
 * cannot be bought as asked is told why and the others go in all the same.
 */
export class AddCartItems extends Command<CartChange<CartAskOutcome>> {
  constructor(
    readonly accountId: string,
    readonly asks: readonly CartAsk[],
  ) {
    super();
  }
}

@CommandHandler(AddCartItems)
export class AddCartItemsHandler implements ICommandHandler<AddCartItems> {
  constructor(
    private readonly store: EventStore,
    private readonly quotes: CartQuotes,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, asks }: AddCartItems): Promise<CartChange<CartAskOutcome>> {
    const offers: CartOffer[] = await this.quotes.offers(accountId, asks);
    const items: CartItem[] = asks.flatMap((ask, index) => {
      const offer = offers[index];
      if ('problem' in offer) return [];
      return [
        {
          kind: ask.kind,
          domain: ask.name.name,
          quantity: ask.years,
          addedPriceCents: offer.priceCents,
          ...(ask.lease ? { lease: ask.lease } : {}),
        },
      ];
    });
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const cart = await streams.load(cartStream(accountId), cartDecider);
      const { events, additions } = cartAdditionsOf(cart.state, { accountId, items, at: this.clock.now() });
      const after = events.reduce(cartDecider.evolve, cart.state);
      return { writes: events.length === 0 ? [] : [writeAfter(cart, events)], result: { additions, cart: after } };
    });
    const saleOf = new Map(
      asks.flatMap((ask, index) => {
        const offer = offers[index];
        return 'sale' in offer && offer.sale ? [[ask.name.name, offer.sale] as const] : [];
      }),
    );
    const told = new Map(
      result.additions.map((addition, index) => {
        const { domain } = items[index];
        return [domain, toldOf(addition, items[index], result.cart, saleOf.get(domain))];
      }),
    );
    const outcomes = asks.map((ask, index): CartAskOutcome => {
      const offer = offers[index];
      return 'problem' in offer ? { domain: ask.name.name, problem: offer.problem } : told.get(ask.name.name)!;
    });
    return { outcomes, cart: result.cart };
  }
}

/** `svc_cart_remove`: takes the lines of these product ids out; ids the cart does not hold are left unnamed. */
export class RemoveCartItems extends Command<CartChange<number>> {
  constructor(
    readonly accountId: string,
    readonly productIds: readonly number[],
  ) {
    super();
  }
}

@CommandHandler(RemoveCartItems)
export class RemoveCartItemsHandler implements ICommandHandler<RemoveCartItems> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, productIds }: RemoveCartItems): Promise<CartChange<number>> {
    const command = { type: 'RemoveFromCart', data: { accountId, productIds, at: this.clock.now() } } as const;
    const { state, events } = await handleCommand(this.store, cartStream(accountId), cartDecider, command, {
      accountId,
    });
    return {
      outcomes: events.flatMap((event) => (event.type === 'CartLinesRemoved' ? event.data.productIds : [])),
      cart: state,
    };
  }
}
