import { orderLine as line, placedData as placed } from '../../../test/support/order-events';
import { AnalyticsPoint } from './analytics-facts';
import {
  instalmentCredited,
  instalmentPaid,
  OrderFact,
  orderLineRefunded,
  orderPaid,
  orderPlaced,
  saleSettled,
} from './order-facts';

/** An order of a listed name (product 1, 5 000 cents paid 5 450 with tax) and a registration (product 2). */
const order = (): OrderFact =>
  orderPlaced(
    placed([
      line(1, { kind: 'LISTED', priceCents: 5_000, cardCents: 5_000, balanceCents: 400, promoCreditsCents: 50 }),
      line(2, { priceCents: 1_200, salesTaxCents: 100, cardCents: 1_300 }),
    ]),
  );

const newPoints = (before: OrderFact, after: OrderFact): readonly AnalyticsPoint[] =>
  after.points.slice(before.points.length);

describe('an order placed', () => {
  it('is paid by card, balance and promo credits together, and each line by its own', () =>
    expect(
      orderPlaced(
        placed([
          line(7, { priceCents: 900, salesTaxCents: 75, cardCents: 600, balanceCents: 250, promoCreditsCents: 125 }),
        ]),
      ),
    ).toEqual({
      points: [],
      first: null,
      last: null,
      kind: 'order',
      paidCents: 975,
      lines: [{ productId: 7, saleCents: 900, paidCents: 975 }],
      instalments: {},
    }));
});

describe('an order paid', () => {
  it('is revenue of what it was paid, when it was paid', () => {
    const fact = orderPlaced(placed([line(1, { cardCents: 700, balanceCents: 200, promoCreditsCents: 100 })]));
    expect(orderPaid(fact, 300)).toMatchObject({
      points: [{ t: 300, m: 'revenueCents', d: 'orders', v: 1_000 }],
      first: 300,
      last: 300,
    });
  });
});

describe('a line of an order refunded', () => {
  it('gives back what paid for the line, tax included', () =>
    expect(orderLineRefunded(order(), 2, 400).points).toEqual([{ t: 400, m: 'refundsCents', d: 'orders', v: 1_300 }]));

  it('changes nothing when the order has no such line', () => {
    const fact = order();
    expect(orderLineRefunded(fact, 9, 400)).toBe(fact);
  });
});

describe('a listed name sold by an order', () => {
  it('is one marketplace sale of its price, with what the seller was not credited as commission', () =>
    expect(saleSettled(order(), 1, 4_500, 500).points).toEqual([
      { t: 500, m: 'sales', d: 'marketplace', v: 1 },
      { t: 500, m: 'salesCents', d: 'marketplace', v: 5_000 },
      { t: 500, m: 'commissionsCents', d: 'marketplace', v: 500 },
    ]));

  it('changes nothing when the order has no such line', () => {
    const fact = order();
    expect(saleSettled(fact, 9, 4_500, 500)).toBe(fact);
  });

  it("counts the agreed price the seller is credited from, not the buyer's discounted line", () => {
    const sale = { listingId: 1, sellerAccountId: 'acc-s', priceCents: 5_000, offerId: null, lease: null };
    const fact = orderPlaced(placed([line(1, { kind: 'LISTED', priceCents: 4_000, discountCents: 1_000, sale })]));
    expect(saleSettled(fact, 1, 4_500, 500).points).toEqual([
      { t: 500, m: 'sales', d: 'marketplace', v: 1 },
      { t: 500, m: 'salesCents', d: 'marketplace', v: 5_000 },
      { t: 500, m: 'commissionsCents', d: 'marketplace', v: 500 },
    ]);
  });

  it("counts a lease's first payment, the part of the price its seller is credited from at the sale", () => {
    const lease = {
      type: 'equal_installments' as const,
      termLength: 3,
      downPaymentPercentage: null,
      priceCents: 1_200,
    };
    const sale = { listingId: 1, sellerAccountId: 'acc-s', priceCents: 1_200, offerId: null, lease };
    const fact = orderPlaced(placed([line(1, { kind: 'LISTED', priceCents: 400, sale })]));
    expect(fact.lines[0].saleCents).toBe(400);
    expect(saleSettled(fact, 1, 360, 500).points.at(-1)).toEqual({
      t: 500,
      m: 'commissionsCents',
      d: 'marketplace',
      v: 40,
    });
  });
});

describe("a lease's instalment", () => {
  const paid = (fact: OrderFact, number: number, at: number, lease = 'ord-1:1') =>
    instalmentPaid(fact, lease, number, 2_000, at);
  const credited = (fact: OrderFact, number: number, at: number, lease = 'ord-1:1') =>
    instalmentCredited(fact, lease, number, 1_800, at);

  it('is revenue and marketplace sales in cents when the lessee pays it', () =>
    expect(paid(order(), 1, 600).points).toEqual([
      { t: 600, m: 'revenueCents', d: 'leases', v: 2_000 },
      { t: 600, m: 'salesCents', d: 'leases', v: 2_000 },
    ]));

  it('counts nothing when only the seller is credited', () => expect(credited(order(), 1, 600).points).toEqual([]));

  it('is commission of what was paid less what was credited, once the credit follows the payment', () => {
    const before = paid(order(), 1, 600);
    expect(newPoints(before, credited(before, 1, 700))).toEqual([
      { t: 700, m: 'commissionsCents', d: 'leases', v: 200 },
    ]);
  });

  it('is commission of what was paid less what was credited, once the payment follows the credit', () => {
    const before = credited(order(), 1, 600);
    expect(newPoints(before, paid(before, 1, 700))).toEqual([
      { t: 700, m: 'revenueCents', d: 'leases', v: 2_000 },
      { t: 700, m: 'salesCents', d: 'leases', v: 2_000 },
      { t: 700, m: 'commissionsCents', d: 'leases', v: 200 },
    ]);
  });

  it('counts no commission when the credit is of another instalment', () =>
    expect(credited(paid(order(), 1, 600), 2, 700).points).toEqual([
      { t: 600, m: 'revenueCents', d: 'leases', v: 2_000 },
      { t: 600, m: 'salesCents', d: 'leases', v: 2_000 },
    ]));

  it("keeps two leases of one order apart: one lease's credit is no commission of the other's payment", () => {
    const both = paid(credited(paid(order(), 2, 600, 'ord-1:1'), 2, 650, 'ord-1:1'), 2, 700, 'ord-1:2');
    expect(both.points.filter((point) => point.m === 'commissionsCents')).toEqual([
      { t: 650, m: 'commissionsCents', d: 'leases', v: 200 },
    ]);
    expect(newPoints(both, credited(both, 2, 800, 'ord-1:2'))).toEqual([
      { t: 800, m: 'commissionsCents', d: 'leases', v: 200 },
    ]);
  });

  it('counts its commission once while later instalments count theirs', () => {
    const first = credited(paid(order(), 1, 600), 1, 700);
    const second = paid(first, 2, 800);
    expect(newPoints(first, second)).toEqual([
      { t: 800, m: 'revenueCents', d: 'leases', v: 2_000 },
      { t: 800, m: 'salesCents', d: 'leases', v: 2_000 },
    ]);
    expect(newPoints(second, credited(second, 2, 900))).toEqual([
      { t: 900, m: 'commissionsCents', d: 'leases', v: 200 },
    ]);
  });

  it('remembers what is known of each instalment', () =>
    expect(credited(paid(paid(order(), 1, 600), 2, 700), 1, 800).instalments).toEqual({
      'ord-1:1#1': { amountCents: 2_000, proceedsCents: 1_800 },
      'ord-1:1#2': { amountCents: 2_000 },
    }));
});
