import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { LeaseChoice } from '../marketplace/listed-purchase';
import { ProductKind } from './cart-pricing';

/**
 * A user account's cart (`decisions.md` §1): one line per domain, each with a numeric product id that stays the
 * line's for as long as it is in the cart and is never given to another line. A line keeps the price it was added
 * at, so that a read can say when the price changed since.
 */
export const cartStream = (accountId: string): string => `cart-${accountId}`;

/** Lines a cart holds at most: fifty names per call, twice over. */
export const CART_MAX_LINES = 100;

export interface CartLine {
  readonly productId: number;
  readonly kind: ProductKind;
  readonly domain: string;
  /** Years of a registration or renewal; 1 for a purchase. */
  readonly quantity: number;
  /** The price for all its years when it was added, in cents (of a lease: its first payment). */
  readonly addedPriceCents: number;
  /** A listed name leased: the plan the buyer picked; absent for anything bought at once. */
  readonly lease?: LeaseChoice;
}

type Of<Data> = MessageData<{ accountId: string }, Data>;
export type CartLineAdded = DomainEvent<'CartLineAdded', Of<{ line: CartLine }>>;
export type CartLineChanged = DomainEvent<
  'CartLineChanged',
  Of<{ productId: number; quantity: number; addedPriceCents: number; lease?: LeaseChoice }>
>;
export type CartLinesRemoved = DomainEvent<'CartLinesRemoved', Of<{ productIds: number[] }>>;
/** Checkout placed an order of the cart: no other checkout starts until its payment is told. */
export type CartCheckoutStarted = DomainEvent<'CartCheckoutStarted', Of<{ orderId: string }>>;
/** The order's payment was told: the lines it paid for leave the cart (none when it failed). */
export type CartCheckoutEnded = DomainEvent<'CartCheckoutEnded', Of<{ orderId: string; productIds: number[] }>>;
export type CartEvent = CartLineAdded | CartLineChanged | CartLinesRemoved | CartCheckoutStarted | CartCheckoutEnded;

/** A line asked for: the application has checked that it can be bought and priced it. */
export type CartItem = Omit<CartLine, 'productId'>;
export type AddToCart = DomainCommand<'AddToCart', Of<{ items: readonly CartItem[] }>>;
export type RemoveFromCart = DomainCommand<'RemoveFromCart', Of<{ productIds: readonly number[] }>>;
export type StartCheckout = DomainCommand<'StartCheckout', CartCheckoutStarted['data']>;
export type EndCheckout = DomainCommand<'EndCheckout', CartCheckoutEnded['data']>;
export type CartCommand = AddToCart | RemoveFromCart | StartCheckout | EndCheckout;

export interface Cart {
  readonly lines: readonly CartLine[];
  /** The product id the next new line gets. */
  readonly nextProductId: number;
  /** The order being paid for, if any. */
  readonly checkout: string | null;
}

/** Why an item cannot go into the cart as asked. */
export type CartItemProblem = 'IN_CART_AS_ANOTHER_KIND' | 'CART_FULL';

/** What became of each item asked for: its line's product id, or why it was not added. */
export type CartAddition =
  | { readonly domain: string; readonly productId: number }
  | { readonly domain: string; readonly problem: CartItemProblem };

const emptyCart = (): Cart => ({ lines: [], nextProductId: 1, checkout: null });

const withoutLease = ({ lease: _lease, ...line }: CartLine): CartLine => line;

const sameLease = (a: LeaseChoice | undefined, b: LeaseChoice | undefined): boolean =>
  a === b ||
  (!!a &&
    !!b &&
    a.type === b.type &&
    a.termLength === b.termLength &&
    a.downPaymentPercentage === b.downPaymentPercentage);

const evolve = (cart: Cart, event: CartEvent): Cart => {
  switch (event.type) {
    case 'CartLineAdded':
      return { ...cart, lines: [...cart.lines, event.data.line], nextProductId: event.data.line.productId + 1 };
    case 'CartLineChanged': {
      const { productId, quantity, addedPriceCents, lease } = event.data;
      const lines = cart.lines.map((line) =>
        line.productId === productId
          ? { ...withoutLease(line), quantity, addedPriceCents, ...(lease ? { lease } : {}) }
          : line,
      );
      return { ...cart, lines };
    }
    case 'CartLinesRemoved':
      return { ...cart, lines: cart.lines.filter((line) => !event.data.productIds.includes(line.productId)) };
    case 'CartCheckoutStarted':
      return { ...cart, checkout: event.data.orderId };
    case 'CartCheckoutEnded':
      return {
        ...cart,
        checkout: null,
        lines: cart.lines.filter((line) => !event.data.productIds.includes(line.productId)),
      };
    default:
      return assertNever(event);
  }
};

/**
 * Items added in order: a domain already in the cart as the same kind has its line changed (same product id), as
 * another kind it is refused (remove the line first); a new domain gets the next product id while the cart has room.
 * An item asked again as it is changes nothing. A name asked twice in one call is taken as its last asking.
 */
export const cartAdditionsOf = (
  cart: Cart,
  { accountId, items, at }: AddToCart['data'],
): { events: CartEvent[]; additions: CartAddition[] } => {
  const events: CartEvent[] = [];
  const additions: CartAddition[] = [];
  let current = cart;
  for (const item of items) {
    const held = current.lines.find((line) => line.domain === item.domain);
    let event: CartEvent | null = null;
    if (held && held.kind !== item.kind) {
      additions.push({ domain: item.domain, problem: 'IN_CART_AS_ANOTHER_KIND' });
      continue;
    }
    if (held) {
      additions.push({ domain: item.domain, productId: held.productId });
      if (
        held.quantity !== item.quantity ||
        held.addedPriceCents !== item.addedPriceCents ||
        !sameLease(held.lease, item.lease)
      ) {
        const { quantity, addedPriceCents, lease } = item;
        event = {
          type: 'CartLineChanged',
          data: { accountId, productId: held.productId, quantity, addedPriceCents, ...(lease ? { lease } : {}), at },
        };
      }
    } else if (current.lines.length >= CART_MAX_LINES) {
      additions.push({ domain: item.domain, problem: 'CART_FULL' });
    } else {
      const line = { productId: current.nextProductId, ...item };
      additions.push({ domain: item.domain, productId: line.productId });
      event = { type: 'CartLineAdded', data: { accountId, line, at } };
    }
    if (event) {
      events.push(event);
      current = evolve(current, event);
    }
  }
  return { events, additions };
};

const decide = (command: CartCommand, cart: Cart): CartEvent[] => {
  switch (command.type) {
    case 'AddToCart':
      return cartAdditionsOf(cart, command.data).events;
    case 'RemoveFromCart': {
      const { accountId, at } = command.data;
      const productIds = cart.lines
        .map((line) => line.productId)
        .filter((productId) => command.data.productIds.includes(productId));
      return productIds.length === 0 ? [] : [{ type: 'CartLinesRemoved', data: { accountId, productIds, at } }];
    }
    case 'StartCheckout':
      if (cart.checkout === command.data.orderId) return [];
      if (cart.checkout !== null)
        throw new Refused('CONFLICT', `the cart is being checked out by order ${cart.checkout}: wait for its payment`, {
          orderId: cart.checkout,
        });
      return [{ type: 'CartCheckoutStarted', data: command.data }];
    case 'EndCheckout': {
      // told twice, or of an order that is not the one being paid: nothing to end
      if (cart.checkout !== command.data.orderId) return [];
      const held = new Set(cart.lines.map((line) => line.productId));
      const productIds = command.data.productIds.filter((productId) => held.has(productId));
      return [{ type: 'CartCheckoutEnded', data: { ...command.data, productIds } }];
    }
    default:
      return assertNever(command);
  }
};

export const cartDecider: Decider<CartCommand, CartEvent, Cart> = { initialState: emptyCart, evolve, decide };
