import { Refused } from '../shared/errors';
import { AccountFunds, accountFundsDecider, AccountFundsEvent } from './account-funds';
import { Cart, cartDecider, CartEvent, CartLine } from './cart';
import { CartOffer } from './cart-offers';
import { CartPricing } from './cart-pricing';
import { OrderEvent, OrderLine, Order, orderDecider, PlacedOrder } from './order';
import { PromoCode, promoCodeDecider, PromoCodeEvent } from './promo-code';

/**
 * Checkout as one decision over the streams it changes together: the cart (no second checkout while this order is
 * paid for), the account's funds (the balance and promo credits the order spends), the promo code (one use) and the
 * order itself. Appended in one transaction, so an order is never placed without its funds spent, nor the other way.
 */
export interface CheckoutRequest {
  readonly orderId: string;
  readonly accountId: string;
  readonly contactId: string | null;
  readonly paymentMethodId: string | null;
  readonly at: number;
}

export interface CheckoutFacts {
  /** The cart's lines as they were priced, with what each costs now. */
  readonly quoted: readonly { readonly line: CartLine; readonly offer: CartOffer }[];
  readonly pricing: CartPricing;
  /** The promo code the pricing used; null without one. */
  readonly discountCode: string | null;
}

export interface CheckoutStates {
  readonly cart: Cart;
  readonly funds: AccountFunds;
  readonly promo: PromoCode;
  readonly order: Order;
}

export interface CheckoutDecision {
  readonly cart: readonly CartEvent[];
  readonly funds: readonly AccountFundsEvent[];
  readonly promo: readonly PromoCodeEvent[];
  readonly order: readonly OrderEvent[];
}

const sameLines = (cart: Cart, quoted: CheckoutFacts['quoted']): boolean =>
  cart.lines.length === quoted.length &&
  quoted.every(({ line }, index) => {
    const now = cart.lines[index];
    return now.productId === line.productId && now.kind === line.kind && now.quantity === line.quantity;
  });

const orderLinesOf = ({ quoted, pricing }: CheckoutFacts): OrderLine[] =>
  pricing.lines.map((priced) => {
    const { line, offer } = quoted.find((entry) => entry.line.productId === priced.productId)!;
    const sale = 'sale' in offer ? offer.sale : undefined;
    return {
      productId: line.productId,
      kind: line.kind,
      domain: line.domain,
      years: line.quantity,
      priceCents: priced.priceCents,
      discountCents: priced.discountCents,
      salesTaxCents: priced.salesTaxCents,
      balanceCents: priced.accountBalanceCents,
      promoCreditsCents: priced.promoCreditsCents,
      cardCents: priced.amountDueCents,
      ...(sale ? { sale } : {}),
    };
  });

/**
 * Places the order of the whole cart, refused at the first rule it breaks: a checkout already being paid for
 * (CONFLICT), a cart changed since it was priced (CONFLICT: price it again), an empty cart (VALIDATION), a line that
 * cannot be bought now (NOT_AVAILABLE, naming them), a registration or purchase without a registrant contact
 * (VALIDATION), an amount left for a card without one (VALIDATION).
 */
export const decideCheckout = (
  request: CheckoutRequest,
  facts: CheckoutFacts,
  states: CheckoutStates,
): CheckoutDecision => {
  const { orderId, accountId, at } = request;
  const { quoted } = facts;
  const started = cartDecider.decide({ type: 'StartCheckout', data: { accountId, orderId, at } }, states.cart);
  if (!sameLines(states.cart, quoted))
    throw new Refused('CONFLICT', 'the cart changed while it was being checked out: check out again');
  if (quoted.length === 0) throw new Refused('VALIDATION', 'the cart is empty: add what to buy first');
  const gone = quoted.flatMap(({ line, offer }) => ('problem' in offer ? [{ line, problem: offer.problem }] : []));
  if (gone.length > 0)
    throw new Refused(
      'NOT_AVAILABLE',
      `${gone.map(({ problem }) => problem).join('; ')}: remove ${gone.length === 1 ? 'that line' : 'those lines'} with svc_cart_remove`,
      { productIds: gone.map(({ line }) => line.productId) },
    );
  const { order, funds, promo } = placementOf(request, facts, states);
  return { cart: started, funds, promo, order };
};

/**
 * What placing an order appends besides the cart: the order, the funds it spends, the promo code's use. Refused for a
 * registration or purchase without a registrant contact (VALIDATION) and an amount left for a card without one
 * (VALIDATION).
 */
const placementOf = (
  request: CheckoutRequest,
  facts: CheckoutFacts,
  states: Omit<CheckoutStates, 'cart'>,
): Omit<CheckoutDecision, 'cart'> => {
  const { orderId, accountId, at } = request;
  const { pricing, quoted } = facts;
  if (request.contactId === null && quoted.some(({ line }) => line.kind !== 'RENEWAL'))
    throw new Refused('VALIDATION', 'a registrant contact is needed: create one with svc_contact_create');
  if (pricing.totalAmountDueCents > 0 && request.paymentMethodId === null)
    throw new Refused(
      'VALIDATION',
      `paymentMethodId: ${pricing.totalAmountDueCents} cents are left to pay by card after the balance and credits`,
    );
  const totals = {
    subtotalCents: pricing.subtotalCents,
    discountCents: pricing.discountCents,
    salesTaxCents: pricing.salesTaxCents,
    balanceCents: pricing.accountBalanceUsedCents,
    promoCreditsCents: pricing.promoCreditsUsedCents,
    cardCents: pricing.totalAmountDueCents,
  };
  const order = orderDecider.decide(
    {
      type: 'PlaceOrder',
      data: {
        orderId,
        accountId,
        contactId: request.contactId,
        lines: orderLinesOf(facts),
        totals,
        paymentMethodId: totals.cardCents > 0 ? request.paymentMethodId : null,
        discountCode: facts.discountCode,
        at,
      },
    },
    states.order,
  );
  const funds = accountFundsDecider.decide(
    {
      type: 'SpendFunds',
      data: { accountId, orderId, balanceCents: totals.balanceCents, promoCreditsCents: totals.promoCreditsCents, at },
    },
    states.funds,
  );
  const promo =
    facts.discountCode === null
      ? []
      : promoCodeDecider.decide(
          { type: 'UsePromoCode', data: { code: facts.discountCode, accountId, orderId, at } },
          states.promo,
        );
  return { order, funds, promo };
};

/**
 * An order the service places for the user, from no cart (an auto-renewal): its lines priced as checkout prices
 * them, paid the same way; refused as checkout refuses a line that cannot be bought now or an amount left for a
 * card without one.
 */
export const decideServiceOrder = (
  request: CheckoutRequest,
  facts: CheckoutFacts,
  states: Omit<CheckoutStates, 'cart'>,
): Omit<CheckoutDecision, 'cart'> => {
  const gone = facts.quoted.flatMap(({ offer }) => ('problem' in offer ? [offer.problem] : []));
  if (gone.length > 0) throw new Refused('NOT_AVAILABLE', gone.join('; '));
  return placementOf(request, facts, states);
};

/** The streams a payment's outcome changes: those of checkout, the order placed by now. */
export type PaymentStates = Omit<CheckoutStates, 'order'> & { readonly order: PlacedOrder };

/**
 * What the processor answered for the order's card part (or that nothing was left for a card): paid, its lines leave
 * the cart; not paid, the cart keeps them and the balance, credits and promo code use come back, as if the checkout
 * had not been made.
 */
export const decidePayment = (
  outcome: { paymentId: string | null } | { failure: string },
  at: number,
  states: PaymentStates,
): CheckoutDecision => {
  const { orderId, accountId, lines, totals, discountCode } = states.order.placed;
  const order = orderDecider.decide({ type: 'RecordPayment', data: { orderId, outcome, at } }, states.order);
  if (order.length === 0) return { order, cart: [], funds: [], promo: [] };
  const paid = !('failure' in outcome);
  const cart = cartDecider.decide(
    {
      type: 'EndCheckout',
      data: { accountId, orderId, productIds: paid ? lines.map((line) => line.productId) : [], at },
    },
    states.cart,
  );
  if (paid) return { order, cart, funds: [], promo: [] };
  const funds = accountFundsDecider.decide(
    {
      type: 'ReturnFunds',
      data: {
        accountId,
        orderId,
        refundId: `${orderId}:payment`,
        balanceCents: totals.balanceCents,
        promoCreditsCents: totals.promoCreditsCents,
        at,
      },
    },
    states.funds,
  );
  const promo =
    discountCode === null
      ? []
      : promoCodeDecider.decide({ type: 'ReleasePromoCode', data: { code: discountCode, orderId, at } }, states.promo);
  return { order, cart, funds, promo };
};

/**
 * A line's operation finished: delivered, or failed and refunded to where it was paid from (its balance and promo
 * credits at once, here; its card part by the processor, named by `refundId`).
 */
export const decideLineOutcome = (
  productId: number,
  operationId: string | null,
  outcome: 'DELIVERED' | { failure: string },
  at: number,
  states: { readonly order: PlacedOrder; readonly funds: AccountFunds },
): { order: readonly OrderEvent[]; funds: readonly AccountFundsEvent[] } => {
  const { orderId, accountId } = states.order.placed;
  const refundId = `${orderId}:${productId}`;
  const order = orderDecider.decide(
    {
      type: 'SettleLine',
      data: {
        orderId,
        productId,
        operationId,
        outcome: outcome === 'DELIVERED' ? outcome : { ...outcome, refundId },
        at,
      },
    },
    states.order,
  );
  const failed = order.find((event) => event.type === 'OrderLineFailed');
  if (!failed) return { order, funds: [] };
  const line = states.order.lines.find((state) => state.line.productId === productId)!.line;
  const funds = accountFundsDecider.decide(
    {
      type: 'ReturnFunds',
      data: {
        accountId,
        orderId,
        refundId,
        balanceCents: line.balanceCents,
        promoCreditsCents: line.promoCreditsCents,
        at,
      },
    },
    states.funds,
  );
  return { order, funds };
};
