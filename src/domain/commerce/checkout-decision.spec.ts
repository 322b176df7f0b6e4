// Equivalent mutants: a failed payment ending the checkout with other product ids (the cart keeps only the ids it
// holds, and a failed order's are none of them); the promo code released without a code (the order's promo stream
// is then one never created, which releases nothing).
import { decisionSpec, exactly } from '../../../test/support/decision-spec';
import { ORDER_AT as at, orderLine, orderPaid, orderPlaced } from '../../../test/support/order-events';
import { ListedSale } from '../marketplace/listed-purchase';
import { fold } from '../shared/decider';
import { Refused } from '../shared/errors';
import { accountFundsDecider, AccountFundsEvent } from './account-funds';
import { CartEvent, CartLine, cartDecider } from './cart';
import { CartOffer } from './cart-offers';
import { priceCart } from './cart-pricing';
import {
  CheckoutFacts,
  CheckoutRequest,
  decideCheckout,
  decideLineOutcome,
  decidePayment,
  decideServiceOrder,
} from './checkout-decision';
import { orderDecider, OrderEvent, placedOf } from './order';
import { promoCodeDecider, PromoCodeEvent, PromoTerms } from './promo-code';

const accountId = 'acc-1';
const streams = { cart: cartDecider, funds: accountFundsDecider, promo: promoCodeDecider, order: orderDecider };

const line = (productId: number, kind: CartLine['kind'] = 'REGISTRATION'): CartLine => ({
  productId,
  kind,
  domain: `name${productId}.com`,
  quantity: 1,
  addedPriceCents: 1000,
});
const inCart = (...lines: CartLine[]): CartEvent[] =>
  lines.map((cartLine) => ({ type: 'CartLineAdded', data: { accountId, line: cartLine, at } }));
const funded = (balanceCents: number, promoCreditsCents = 0): AccountFundsEvent[] => [
  {
    type: 'FundsAdded',
    data: { accountId, entryId: 'e-1', pot: 'BALANCE', amountCents: balanceCents, reason: 'r', at },
  },
  ...(promoCreditsCents > 0
    ? [
        {
          type: 'FundsAdded' as const,
          data: {
            accountId,
            entryId: 'e-2',
            pot: 'PROMO_CREDITS' as const,
            amountCents: promoCreditsCents,
            reason: 'r',
            at,
          },
        },
      ]
    : []),
];
const terms: PromoTerms = {
  code: 'TENOFF',
  title: '10%',
  off: { percentBasisPoints: 1000 },
  kinds: [],
  minimumSpendCents: 0,
  expiresAt: null,
  usesPerAccount: null,
  usesInAll: null,
};
const promoCreated: PromoCodeEvent = { type: 'PromoCodeCreated', data: { code: 'TENOFF', terms, at } };

/** The cart `lines`, each offered at 1,000 cents (or refused), priced with the funds and discount given. */
const factsOf = (
  lines: readonly CartLine[],
  funds: { balance?: number; promo?: number } = {},
  discount: PromoTerms | null = null,
  offers: readonly CartOffer[] = lines.map(() => ({ priceCents: 1000 })),
): CheckoutFacts => {
  const quoted = lines.map((cartLine, index) => ({ line: cartLine, offer: offers[index] }));
  const buyable = quoted.flatMap(({ line: cartLine, offer }) =>
    'priceCents' in offer ? [{ productId: cartLine.productId, kind: cartLine.kind, priceCents: offer.priceCents }] : [],
  );
  const pricing = priceCart(buyable, discount, 200_000, {
    accountBalanceCents: funds.balance ?? 0,
    promoCreditsCents: funds.promo ?? 0,
    useAccountBalance: true,
  });
  return { quoted, pricing, discountCode: discount?.code ?? null };
};
const request = (more: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderId: 'ord-1',
  accountId,
  contactId: 'con_1',
  paymentMethodId: 'pm_sbx_1',
  at,
  ...more,
});

describe('checkout', () => {
  const given = decisionSpec(streams, (asked: { request: CheckoutRequest; facts: CheckoutFacts }, states) =>
    decideCheckout(asked.request, asked.facts, states),
  );

  it('places the order of the whole cart, spends the funds it uses, counts a promo use, and holds the cart', () => {
    const lines = [line(1), line(2, 'RENEWAL')];
    // 2,000 less 10% = 1,800, 20% VAT 360: 2,160 due, 500 balance, 300 credits, 1,360 by card
    const facts = factsOf(lines, { balance: 500, promo: 300 }, terms);
    given({ cart: inCart(...lines), funds: funded(500, 300), promo: [promoCreated] })
      .when({ request: request(), facts })
      .then({
        cart: [{ type: 'CartCheckoutStarted', data: { accountId, orderId: 'ord-1', at } }],
        funds: [
          { type: 'FundsSpent', data: { accountId, orderId: 'ord-1', balanceCents: 500, promoCreditsCents: 300, at } },
        ],
        promo: [{ type: 'PromoCodeUsed', data: { code: 'TENOFF', accountId, orderId: 'ord-1', at } }],
        order: [
          orderPlaced(
            [
              orderLine(1, {
                priceCents: 900,
                discountCents: 100,
                salesTaxCents: 180,
                balanceCents: 250,
                promoCreditsCents: 150,
                cardCents: 680,
              }),
              orderLine(2, {
                kind: 'RENEWAL',
                priceCents: 900,
                discountCents: 100,
                salesTaxCents: 180,
                balanceCents: 250,
                promoCreditsCents: 150,
                cardCents: 680,
              }),
            ],
            { discountCode: 'TENOFF' },
          ),
        ],
      });
  });

  it('places a listed name with the sale it was quoted, and a line quoted without one with no sale at all', () => {
    const lines = [line(1, 'LISTED'), line(2)];
    const sale: ListedSale = { listingId: 7, sellerAccountId: 'acc-2', priceCents: 1000, offerId: null, lease: null };
    const facts = factsOf(lines, {}, null, [{ priceCents: 1000, sale }, { priceCents: 1000 }]);
    const states = {
      cart: fold(cartDecider, inCart(...lines)),
      funds: accountFundsDecider.initialState(),
      promo: promoCodeDecider.initialState(),
      order: orderDecider.initialState(),
    };
    const { order } = decideCheckout(request(), facts, states);
    // strictly: a line bought otherwise has no sale key, not one left undefined
    expect(order).toStrictEqual([
      orderPlaced([
        orderLine(1, { kind: 'LISTED', salesTaxCents: 200, cardCents: 1200, sale }),
        orderLine(2, { salesTaxCents: 200, cardCents: 1200 }),
      ]),
    ]);
  });

  it('needs no card, nor keeps one, when the funds pay it all', () => {
    const lines = [line(1)];
    given({ cart: inCart(...lines), funds: funded(5000) })
      .when({ request: request({ paymentMethodId: null }), facts: factsOf(lines, { balance: 5000 }) })
      .thenState({ order: { placed: { paymentMethodId: null, totals: { balanceCents: 1200, cardCents: 0 } } } });
    given({ cart: inCart(...lines), funds: funded(5000) })
      .when({ request: request(), facts: factsOf(lines, { balance: 5000 }) })
      .thenState({ order: { placed: { paymentMethodId: null } } });
  });

  it('takes a renewals-only order without a contact', () => {
    const lines = [line(1, 'RENEWAL')];
    given({ cart: inCart(...lines) })
      .when({ request: request({ contactId: null }), facts: factsOf(lines) })
      .thenState({ order: { status: 'AWAITING_PAYMENT', placed: { contactId: null } } });
  });

  const refusals: [string, CartEvent[], { request: CheckoutRequest; facts: CheckoutFacts }, object][] = [
    [
      'a second checkout while one is being paid',
      [...inCart(line(1)), { type: 'CartCheckoutStarted', data: { accountId, orderId: 'ord-0', at } }],
      { request: request(), facts: factsOf([line(1)]) },
      {
        code: 'CONFLICT',
        message: exactly('the cart is being checked out by order ord-0: wait for its payment'),
        context: { orderId: 'ord-0' },
      },
    ],
    [
      'a cart changed since it was priced (a line added)',
      inCart(line(1), line(2)),
      { request: request(), facts: factsOf([line(1)]) },
      {
        code: 'CONFLICT',
        message: exactly('the cart changed while it was being checked out: check out again'),
        context: {},
      },
    ],
    [
      'a cart changed since it was priced (other years)',
      inCart({ ...line(1), quantity: 2 }),
      { request: request(), facts: factsOf([line(1)]) },
      { code: 'CONFLICT', message: /the cart changed/, context: {} },
    ],
    [
      'a cart changed since it was priced (another kind)',
      inCart(line(1, 'RENEWAL')),
      { request: request(), facts: factsOf([line(1)]) },
      { code: 'CONFLICT', message: /the cart changed/, context: {} },
    ],
    [
      'a cart changed since it was priced (another line)',
      inCart(line(2)),
      { request: request(), facts: factsOf([line(1)]) },
      { code: 'CONFLICT', message: /the cart changed/, context: {} },
    ],
    [
      'an empty cart',
      [],
      { request: request(), facts: factsOf([]) },
      { code: 'VALIDATION', message: exactly('the cart is empty: add what to buy first'), context: {} },
    ],
    [
      'a line that cannot be bought now',
      inCart(line(1), line(2)),
      {
        request: request(),
        facts: factsOf([line(1), line(2)], {}, null, [{ priceCents: 1000 }, { problem: 'name2.com is taken' }]),
      },
      {
        code: 'NOT_AVAILABLE',
        message: exactly('name2.com is taken: remove that line with svc_cart_remove'),
        context: { productIds: [2] },
      },
    ],
    [
      'lines that cannot be bought now',
      inCart(line(1), line(2)),
      { request: request(), facts: factsOf([line(1), line(2)], {}, null, [{ problem: 'a' }, { problem: 'b' }]) },
      {
        code: 'NOT_AVAILABLE',
        message: exactly('a; b: remove those lines with svc_cart_remove'),
        context: { productIds: [1, 2] },
      },
    ],
    [
      'a registration without a contact',
      inCart(line(1, 'RENEWAL'), line(2, 'EXTMARKET_A')),
      { request: request({ contactId: null }), facts: factsOf([line(1, 'RENEWAL'), line(2, 'EXTMARKET_A')]) },
      {
        code: 'VALIDATION',
        message: exactly('a registrant contact is needed: create one with svc_contact_create'),
        context: {},
      },
    ],
    [
      'an amount left without a card',
      inCart(line(1)),
      { request: request({ paymentMethodId: null }), facts: factsOf([line(1)], { balance: 1199 }) },
      {
        code: 'VALIDATION',
        message: exactly('paymentMethodId: 1 cents are left to pay by card after the balance and credits'),
        context: {},
      },
    ],
  ];

  it.each(refusals)('refuses %s', (_what, cart, asked, refusal) =>
    given({ cart, funds: funded(1199) })
      .when(asked)
      .thenThrows(Refused, refusal as never),
  );

  it('refuses funds spent meanwhile, and a promo code used up meanwhile', () => {
    const lines = [line(1)];
    given({ cart: inCart(...lines), funds: funded(100) })
      .when({ request: request(), facts: factsOf(lines, { balance: 500 }) })
      .thenThrows(Refused, { code: 'INSUFFICIENT_BALANCE', message: /no longer cover/, context: { orderId: 'ord-1' } });
    const usedUp: PromoCodeEvent[] = [
      { type: 'PromoCodeCreated', data: { code: 'TENOFF', terms: { ...terms, usesInAll: 1 }, at } },
      { type: 'PromoCodeUsed', data: { code: 'TENOFF', accountId: 'acc-2', orderId: 'ord-0', at } },
    ];
    given({ cart: inCart(...lines), promo: usedUp })
      .when({ request: request(), facts: factsOf(lines, {}, terms) })
      .thenThrows(Refused, {
        code: 'PROMO_CODE_INVALID',
        message: exactly('promo code TENOFF: USED_UP'),
        context: { code: 'TENOFF', problem: 'USED_UP' },
      });
  });
});

describe('an order the service places (an auto-renewal)', () => {
  const given = decisionSpec(
    { funds: accountFundsDecider, promo: promoCodeDecider, order: orderDecider },
    (asked: { request: CheckoutRequest; facts: CheckoutFacts }, states) =>
      decideServiceOrder(asked.request, asked.facts, states),
  );

  it('is placed from no cart, paid as checkout pays', () =>
    given({ funds: funded(500) })
      .when({ request: request({ contactId: null }), facts: factsOf([line(1, 'RENEWAL')], { balance: 500 }) })
      .then({
        funds: [
          { type: 'FundsSpent', data: { accountId, orderId: 'ord-1', balanceCents: 500, promoCreditsCents: 0, at } },
        ],
        order: [
          orderPlaced([orderLine(1, { kind: 'RENEWAL', salesTaxCents: 200, balanceCents: 500, cardCents: 700 })], {
            contactId: null,
          }),
        ],
      }));

  it('refuses lines that cannot be bought now, naming why', () =>
    given()
      .when({
        request: request(),
        facts: factsOf([line(1, 'RENEWAL'), line(2, 'RENEWAL')], {}, null, [{ problem: 'a' }, { problem: 'b' }]),
      })
      .thenThrows(Refused, { code: 'NOT_AVAILABLE', message: exactly('a; b'), context: {} }));
});

describe('the payment of an order', () => {
  const lines = [orderLine(1, { balanceCents: 300, promoCreditsCents: 200, cardCents: 500 }), orderLine(2)];
  const placedEvent = orderPlaced(lines, { discountCode: 'TENOFF' });
  const before = {
    order: [placedEvent],
    cart: [
      ...inCart(line(1), line(2), line(3)),
      { type: 'CartCheckoutStarted' as const, data: { accountId, orderId: 'ord-1', at } },
    ],
    funds: [
      ...funded(1000, 500),
      {
        type: 'FundsSpent' as const,
        data: { accountId, orderId: 'ord-1', balanceCents: 300, promoCreditsCents: 200, at },
      },
    ],
    promo: [
      promoCreated,
      { type: 'PromoCodeUsed' as const, data: { code: 'TENOFF', accountId, orderId: 'ord-1', at } },
    ],
  };
  const given = decisionSpec(streams, (outcome: { paymentId: string | null } | { failure: string }, states) =>
    decidePayment(outcome, at, { ...states, order: placedOf(states.order) }),
  );

  it('paid, takes the lines it paid for out of the cart', () =>
    given(before)
      .when({ paymentId: 'pi_1' })
      .then({
        order: [orderPaid()],
        cart: [{ type: 'CartCheckoutEnded', data: { accountId, orderId: 'ord-1', productIds: [1, 2], at } }],
      }));

  it('not paid, leaves the cart its lines and gives back the funds and the promo use', () =>
    given(before)
      .when({ failure: 'card_declined' })
      .then({
        order: [{ type: 'OrderPaymentFailed', data: { orderId: 'ord-1', reason: 'card_declined', at } }],
        cart: [{ type: 'CartCheckoutEnded', data: { accountId, orderId: 'ord-1', productIds: [], at } }],
        funds: [
          {
            type: 'FundsReturned',
            data: {
              accountId,
              orderId: 'ord-1',
              refundId: 'ord-1:payment',
              balanceCents: 300,
              promoCreditsCents: 200,
              at,
            },
          },
        ],
        promo: [{ type: 'PromoCodeUseReleased', data: { code: 'TENOFF', orderId: 'ord-1', at } }],
      }));

  it('not paid, without a promo code, gives back the funds alone', () => {
    const plain = { ...before, order: [orderPlaced(lines)], promo: [] };
    given(plain)
      .when({ failure: 'card_declined' })
      .thenState({
        funds: { balanceCents: 1000, promoCreditsCents: 500 },
        cart: { checkout: null, lines: [{}, {}, {}] },
      });
  });

  it('told twice, changes nothing more', () => {
    const states = {
      order: placedOf(fold(orderDecider, [placedEvent, orderPaid()])),
      cart: fold(cartDecider, before.cart),
      funds: fold(accountFundsDecider, before.funds),
      promo: fold(promoCodeDecider, before.promo),
    };
    expect(decidePayment({ paymentId: 'pi_1' }, at, states)).toEqual({ order: [], cart: [], funds: [], promo: [] });
  });
});

describe('the outcome of a line', () => {
  const lines = [
    orderLine(1, { balanceCents: 300, promoCreditsCents: 200, cardCents: 500 }),
    orderLine(2, { balanceCents: 1000, cardCents: 0 }),
  ];
  const before = {
    order: [orderPlaced(lines), orderPaid()],
    funds: [
      ...funded(2000, 500),
      {
        type: 'FundsSpent' as const,
        data: { accountId, orderId: 'ord-1', balanceCents: 1300, promoCreditsCents: 200, at },
      },
    ],
  };
  const given = decisionSpec(
    { order: orderDecider, funds: accountFundsDecider },
    (asked: { productId: number; operationId: string | null; outcome: 'DELIVERED' | { failure: string } }, states) =>
      decideLineOutcome(asked.productId, asked.operationId, asked.outcome, at, {
        order: placedOf(states.order),
        funds: states.funds,
      }),
  );

  it('delivered, is recorded with its operation', () =>
    given(before)
      .when({ productId: 1, operationId: 'op-1', outcome: 'DELIVERED' })
      .then({
        order: [{ type: 'OrderLineDelivered', data: { orderId: 'ord-1', productId: 1, operationId: 'op-1', at } }],
      }));

  it('failed, gives its balance and promo credits back at once, and owes its card part', () => {
    const lineFailed: OrderEvent = {
      type: 'OrderLineFailed',
      data: { orderId: 'ord-1', productId: 1, operationId: 'op-1', reason: 'taken', refundId: 'ord-1:1', at },
    };
    given(before)
      .when({ productId: 1, operationId: 'op-1', outcome: { failure: 'taken' } })
      .then({
        order: [lineFailed],
        funds: [
          {
            type: 'FundsReturned',
            data: { accountId, orderId: 'ord-1', refundId: 'ord-1:1', balanceCents: 300, promoCreditsCents: 200, at },
          },
        ],
      });
    given({ ...before, order: [...before.order, lineFailed] })
      .when({ productId: 1, operationId: 'op-1', outcome: { failure: 'taken' } })
      .then({});
  });

  it('failed before an operation started, is refunded the same way', () =>
    given(before)
      .when({ productId: 2, operationId: null, outcome: { failure: 'taken' } })
      .thenState({ funds: { balanceCents: 1700 }, order: { lines: [{}, { status: 'FAILED', cardRefund: null }] } }));
});
