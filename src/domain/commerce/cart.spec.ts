import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { LeaseChoice } from '../marketplace/listed-purchase';
import { fold } from '../shared/decider';
import { Refused } from '../shared/errors';
import { AddToCart, CART_MAX_LINES, cartAdditionsOf, cartDecider, CartEvent, CartItem, cartStream } from './cart';

const at = Date.UTC(2026, 10, 26);
const accountId = 'acc-1';
const given = deciderSpec(cartDecider);

const registration = (domain: string, quantity = 1, addedPriceCents = 1299 * quantity): CartItem => ({
  kind: 'REGISTRATION',
  domain,
  quantity,
  addedPriceCents,
});
const add = (...items: CartItem[]): AddToCart => ({ type: 'AddToCart', data: { accountId, items, at } });
const added = (productId: number, item: CartItem): CartEvent => ({
  type: 'CartLineAdded',
  data: { accountId, line: { productId, ...item }, at },
});
const removed = (...productIds: number[]): CartEvent => ({
  type: 'CartLinesRemoved',
  data: { accountId, productIds, at },
});

describe('a cart', () => {
  it('is a stream per account, empty at first, its first line product 1', () => {
    expect(cartStream('acc-1')).toBe('cart-acc-1');
    given().thenState({ lines: [], nextProductId: 1, checkout: null });
  });

  it('adds new names as lines with the next product ids, in the order asked', () =>
    given(added(1, registration('one.com')))
      .when(
        add(registration('two.com', 2), {
          kind: 'EXTMARKET_A',
          domain: 'three.com',
          quantity: 1,
          addedPriceCents: 450_000,
        }),
      )
      .then(
        added(2, registration('two.com', 2)),
        added(3, { kind: 'EXTMARKET_A', domain: 'three.com', quantity: 1, addedPriceCents: 450_000 }),
      ));

  it('changes the line of a name asked again as the same kind, keeping its product id', () =>
    given(added(1, registration('one.com')), added(2, registration('two.com')))
      .when(add(registration('one.com', 3)))
      .then({
        type: 'CartLineChanged',
        data: { accountId, productId: 1, quantity: 3, addedPriceCents: 3897, at },
      }));

  it('records a new price for the same years, new years at the same price, and nothing for a name asked again as it is', () => {
    given(added(1, registration('one.com')))
      .when(add(registration('one.com', 1, 1399)))
      .then({ type: 'CartLineChanged', data: { accountId, productId: 1, quantity: 1, addedPriceCents: 1399, at } });
    given(added(1, registration('one.com')))
      .when(add(registration('one.com')))
      .thenNothing();
    given(added(1, registration('one.com')))
      .when(add(registration('one.com', 2, 1299)))
      .then({ type: 'CartLineChanged', data: { accountId, productId: 1, quantity: 2, addedPriceCents: 1299, at } });
  });

  it('keeps the changed years and price of a line', () =>
    given(added(1, registration('one.com')), added(2, registration('two.com')))
      .when(add(registration('two.com', 2, 2000)))
      .thenState({
        lines: [
          { productId: 1, kind: 'REGISTRATION', domain: 'one.com', quantity: 1, addedPriceCents: 1299 },
          { productId: 2, kind: 'REGISTRATION', domain: 'two.com', quantity: 2, addedPriceCents: 2000 },
        ],
        nextProductId: 3,
      }));

  it('never gives a removed line’s product id to another line', () =>
    given(added(1, registration('one.com')), added(2, registration('two.com')), removed(2))
      .when(add(registration('two.com')))
      .then(added(3, registration('two.com'))));

  it('says what became of each item: its product id, or why not', () => {
    const cart = fold(cartDecider, [added(1, registration('one.com'))]);
    const renewal: CartItem = { kind: 'RENEWAL', domain: 'one.com', quantity: 1, addedPriceCents: 2998 };
    expect(
      cartAdditionsOf(cart, add(renewal, registration('two.com'), registration('one.com')).data).additions,
    ).toEqual([
      { domain: 'one.com', problem: 'IN_CART_AS_ANOTHER_KIND' },
      { domain: 'two.com', productId: 2 },
      { domain: 'one.com', productId: 1 },
    ]);
  });

  it('takes a name asked twice in one call as its last asking', () =>
    given()
      .when(add(registration('one.com', 1), registration('one.com', 2)))
      .then(added(1, registration('one.com', 1)), {
        type: 'CartLineChanged',
        data: { accountId, productId: 1, quantity: 2, addedPriceCents: 2598, at },
      }));

  it(`holds ${CART_MAX_LINES} lines at most, and still changes the lines it holds when full`, () => {
    const full = Array.from({ length: CART_MAX_LINES }, (_, index) => added(index + 1, registration(`n${index}.com`)));
    const cart = fold(cartDecider, full.slice(0, -1));
    expect(cartAdditionsOf(cart, add(registration('last.com'), registration('over.com')).data).additions).toEqual([
      { domain: 'last.com', productId: CART_MAX_LINES },
      { domain: 'over.com', problem: 'CART_FULL' },
    ]);
    given(...full)
      .when(add(registration('over.com'), registration('n0.com', 2)))
      .then({ type: 'CartLineChanged', data: { accountId, productId: 1, quantity: 2, addedPriceCents: 2598, at } });
  });

  it('removes the lines asked for that it holds, in the cart’s order, and nothing when it holds none of them', () => {
    const three = [
      added(1, registration('one.com')),
      added(2, registration('two.com')),
      added(3, registration('three.com')),
    ];
    given(...three)
      .when({ type: 'RemoveFromCart', data: { accountId, productIds: [3, 9, 1], at } })
      .then(removed(1, 3));
    given(...three, removed(1, 3)).thenState({
      lines: [{ productId: 2, kind: 'REGISTRATION', domain: 'two.com', quantity: 1, addedPriceCents: 1299 }],
      nextProductId: 4,
    });
    given(...three)
      .when({ type: 'RemoveFromCart', data: { accountId, productIds: [9], at } })
      .thenNothing();
  });

  describe('a listed name leased', () => {
    const lease = (change: Partial<LeaseChoice> = {}): LeaseChoice => ({
      type: 'down_payment_plus_equal_installments',
      termLength: 12,
      downPaymentPercentage: 20,
      ...change,
    });
    const listed = (choice?: LeaseChoice, addedPriceCents = 50_000): CartItem => ({
      kind: 'LISTED',
      domain: 'sun.com',
      quantity: 1,
      addedPriceCents,
      ...(choice ? { lease: choice } : {}),
    });
    const changed = (choice?: LeaseChoice, addedPriceCents = 50_000): CartEvent => ({
      type: 'CartLineChanged',
      data: { accountId, productId: 1, quantity: 1, addedPriceCents, ...(choice ? { lease: choice } : {}), at },
    });
    const eventsOf = (given: CartEvent[], item: CartItem) =>
      cartAdditionsOf(fold(cartDecider, given), add(item).data).events;
    const linesAfter = (...events: CartEvent[]) => fold(cartDecider, events).lines;

    it('keeps the plan its buyer picked on its line', () => {
      given()
        .when(add(listed(lease())))
        .then(added(1, listed(lease())));
      expect(linesAfter(added(1, listed(lease())))).toStrictEqual([
        { productId: 1, kind: 'LISTED', domain: 'sun.com', quantity: 1, addedPriceCents: 50_000, lease: lease() },
      ]);
    });

    it('changes nothing when asked again on the same plan, told anew', () => {
      given(added(1, listed(lease())))
        .when(add(listed(lease())))
        .thenNothing();
      const same = lease();
      given(added(1, listed(same)))
        .when(add(listed(same)))
        .thenNothing();
    });

    it('changes its line to another term, plan type or down payment', () => {
      const others = [
        lease({ termLength: 24 }),
        // the type alone told apart: the cart keeps plans as asked, listedOfferOf checks them against the listing
        lease({ type: 'equal_installments' }),
        lease({ downPaymentPercentage: 30 }),
      ];
      for (const other of others) {
        given(added(1, listed(lease())))
          .when(add(listed(other)))
          .then(changed(other));
        expect(linesAfter(added(1, listed(lease())), changed(other))).toMatchObject([{ productId: 1, lease: other }]);
      }
    });

    it('is bought at once when asked again without a plan, and leased when asked again with one', () => {
      expect(eventsOf([added(1, listed(lease()))], listed(undefined, 250_000))).toStrictEqual([
        changed(undefined, 250_000),
      ]);
      expect(linesAfter(added(1, listed(lease())), changed(undefined, 250_000))).toStrictEqual([
        { productId: 1, kind: 'LISTED', domain: 'sun.com', quantity: 1, addedPriceCents: 250_000 },
      ]);
      // at the same price too: the plan alone changes the line
      expect(eventsOf([added(1, listed(lease()))], listed())).toStrictEqual([changed()]);
      expect(linesAfter(added(1, listed(lease())), changed())).toStrictEqual([
        { productId: 1, kind: 'LISTED', domain: 'sun.com', quantity: 1, addedPriceCents: 50_000 },
      ]);
      expect(eventsOf([added(1, listed())], listed(lease()))).toStrictEqual([changed(lease())]);
      expect(linesAfter(added(1, listed()), changed(lease()))).toStrictEqual([
        { productId: 1, kind: 'LISTED', domain: 'sun.com', quantity: 1, addedPriceCents: 50_000, lease: lease() },
      ]);
    });
  });

  it('fails loudly on a command or an event of a newer version', () => {
    expect(() => cartDecider.decide({ type: 'CheckOut' } as never, cartDecider.initialState())).toThrow(
      /unexpected value/,
    );
    expect(() => fold(cartDecider, [{ type: 'CartMerged' } as never])).toThrow(/unexpected value/);
  });
});

describe("a cart's checkout", () => {
  const start = (orderId: string) => ({ type: 'StartCheckout' as const, data: { accountId, orderId, at } });
  const started = (orderId: string): CartEvent => ({ type: 'CartCheckoutStarted', data: { accountId, orderId, at } });
  const end = (orderId: string, productIds: number[]) => ({
    type: 'EndCheckout' as const,
    data: { accountId, orderId, productIds, at },
  });
  const ended = (orderId: string, productIds: number[]): CartEvent => ({
    type: 'CartCheckoutEnded',
    data: { accountId, orderId, productIds, at },
  });
  const two = [added(1, registration('one.com')), added(2, registration('two.com'))];

  it('starts once per order, and refuses a second order while one is being paid', () => {
    given(...two)
      .when(start('ord-1'))
      .then(started('ord-1'));
    given(...two, started('ord-1'))
      .when(start('ord-1'))
      .thenNothing();
    given(...two, started('ord-1'))
      .when(start('ord-2'))
      .thenThrows(Refused, {
        code: 'CONFLICT',
        message: exactly('the cart is being checked out by order ord-1: wait for its payment'),
        context: { orderId: 'ord-1' },
      });
  });

  it('takes out the lines an order paid for, keeping lines added since, and ends without them when it was not paid', () => {
    const addedSince = added(3, registration('three.com'));
    given(...two, started('ord-1'), addedSince)
      .when(end('ord-1', [1, 2]))
      .then(ended('ord-1', [1, 2]));
    given(...two, started('ord-1'), addedSince, ended('ord-1', [1, 2])).thenState({
      lines: [{ productId: 3 }],
      nextProductId: 4,
      checkout: null,
    });
    given(...two, started('ord-1'))
      .when(end('ord-1', []))
      .then(ended('ord-1', []));
    given(...two, started('ord-1'), ended('ord-1', [])).thenState({ lines: [{ productId: 1 }, { productId: 2 }] });
  });

  it('names only the lines still there, and lets the next checkout start', () => {
    given(...two, started('ord-1'), removed(2))
      .when(end('ord-1', [1, 2]))
      .then(ended('ord-1', [1]));
    given(...two, started('ord-1'), ended('ord-1', [1]))
      .when(start('ord-2'))
      .then(started('ord-2'));
  });

  it('ends nothing told twice, or for another order', () => {
    given(...two, started('ord-1'), ended('ord-1', [1, 2]))
      .when(end('ord-1', [1, 2]))
      .thenNothing();
    given(...two, started('ord-1'))
      .when(end('ord-9', [1]))
      .thenNothing();
    given(...two)
      .when(end('ord-1', [1]))
      .thenNothing();
  });

  it('keeps its checkout and its next product id while lines are added, changed and removed', () =>
    given(...two, started('ord-1'), removed(1))
      .when(add(registration('four.com'), registration('two.com', 3)))
      .thenState({ checkout: 'ord-1', nextProductId: 4 }));
});
