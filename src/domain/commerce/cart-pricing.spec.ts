import fc from 'fast-check';
import { expectRefusal, exactly } from '../../../test/support/decision-spec';
import { Refused } from '../shared/errors';
import { Discount, Funds, priceCart, PricedLine, ProductKind, salesTaxOf, sharedInProportion } from './cart-pricing';

const registration = (productId: number, priceCents: number): PricedLine => ({
  productId,
  kind: 'REGISTRATION',
  priceCents,
});
const renewal = (productId: number, priceCents: number): PricedLine => ({ productId, kind: 'RENEWAL', priceCents });
const noFunds: Funds = { accountBalanceCents: 0, promoCreditsCents: 0, useAccountBalance: true };
const tenPercent: Discount = {
  code: 'TEN',
  title: '10% off registrations',
  off: { percentBasisPoints: 1000 },
  kinds: ['REGISTRATION'],
  minimumSpendCents: 0,
};
const validation = (message: string) => ({ code: 'VALIDATION', message: exactly(message), context: {} }) as const;

/** A line without discount, tax or funds spent on it. */
const unpaid = (productId: number, priceCents: number) => ({
  productId,
  originalPriceCents: priceCents,
  discountCents: 0,
  priceCents,
  salesTaxCents: 0,
  accountBalanceCents: 0,
  promoCreditsCents: 0,
});

describe('pricing a cart', () => {
  it('adds the lines up, with no discount, tax or funds: all of it is due', () =>
    expect(priceCart([registration(1, 1299), renewal(2, 2998)], null, 0, noFunds)).toEqual({
      lines: [
        { ...unpaid(1, 1299), amountDueCents: 1299 },
        { ...unpaid(2, 2998), amountDueCents: 2998 },
      ],
      subtotalCents: 4297,
      discounts: [],
      discountCents: 0,
      preTaxAmountDueCents: 4297,
      taxRatePpm: 0,
      salesTaxCents: 0,
      accountBalanceUsedCents: 0,
      promoCreditsUsedCents: 0,
      totalAmountDueCents: 4297,
    }));

  it('takes a percentage off the kinds a code covers, rounded down, and says which lines it covered', () => {
    const priced = priceCart([registration(1, 1299), renewal(2, 2998), registration(3, 999)], tenPercent, 0, noFunds);
    expect(priced.discounts).toEqual([
      { code: 'TEN', title: '10% off registrations', amountCents: 229, productIds: [1, 3] },
    ]);
    expect(priced.lines.map((line) => line.discountCents)).toEqual([129, 0, 100]);
    expect([priced.discountCents, priced.preTaxAmountDueCents, priced.totalAmountDueCents]).toEqual([229, 5067, 5067]);
  });

  it('takes a fixed amount off, never more than the lines it covers, on every kind when it names none', () => {
    const fiveDollars: Discount = { ...tenPercent, off: { fixedCents: 500 }, kinds: [] };
    expect(priceCart([registration(1, 300), renewal(2, 100)], fiveDollars, 0, noFunds)).toMatchObject({
      lines: [
        { productId: 1, discountCents: 300, priceCents: 0 },
        { productId: 2, discountCents: 100, priceCents: 0 },
      ],
      discountCents: 400,
      totalAmountDueCents: 0,
    });
    expect(priceCart([registration(1, 1000)], fiveDollars, 0, noFunds).discountCents).toBe(500);
  });

  it('gives no discount below the minimum spend of the lines it covers, nor on a cart with none of them', () => {
    const overTwenty = { ...tenPercent, minimumSpendCents: 2000 };
    expect(priceCart([registration(1, 1999), renewal(2, 5000)], overTwenty, 0, noFunds).discounts).toEqual([]);
    expect(priceCart([registration(1, 2000)], overTwenty, 0, noFunds).discountCents).toBe(200);
    expect(priceCart([renewal(1, 5000)], tenPercent, 0, noFunds)).toMatchObject({ discounts: [], discountCents: 0 });
  });

  it('taxes what is due after the discount, rounding half a cent up', () => {
    const priced = priceCart([registration(1, 2000)], tenPercent, 88_750, noFunds);
    expect(priced).toMatchObject({ preTaxAmountDueCents: 1800, taxRatePpm: 88_750, salesTaxCents: 160 });
    expect(priced.totalAmountDueCents).toBe(1960);
    expect([salesTaxOf(100, 5000), salesTaxOf(100, 4999), salesTaxOf(0, 88_750)]).toEqual([1, 0, 0]);
  });

  it('spends the account balance first, then promo credits, and the balance only when asked to', () => {
    const lines = [registration(1, 1000)];
    const funds = { accountBalanceCents: 700, promoCreditsCents: 500, useAccountBalance: true };
    expect(priceCart(lines, null, 100_000, funds)).toMatchObject({
      salesTaxCents: 100,
      accountBalanceUsedCents: 700,
      promoCreditsUsedCents: 400,
      totalAmountDueCents: 0,
    });
    expect(priceCart(lines, null, 0, { ...funds, useAccountBalance: false })).toMatchObject({
      accountBalanceUsedCents: 0,
      promoCreditsUsedCents: 500,
      totalAmountDueCents: 500,
    });
    expect(priceCart(lines, null, 0, { ...funds, accountBalanceCents: 5000 })).toMatchObject({
      accountBalanceUsedCents: 1000,
      promoCreditsUsedCents: 0,
      totalAmountDueCents: 0,
    });
  });

  it('splits the tax, the balance and the promo credits among the lines by what each is due, the card paying the rest', () => {
    const lines = [registration(1, 1000), renewal(2, 3000)];
    const funds = { accountBalanceCents: 1001, promoCreditsCents: 999, useAccountBalance: true };
    expect(priceCart(lines, null, 88_750, funds).lines).toEqual([
      { ...unpaid(1, 1000), salesTaxCents: 89, accountBalanceCents: 250, promoCreditsCents: 250, amountDueCents: 589 },
      {
        ...unpaid(2, 3000),
        salesTaxCents: 266,
        accountBalanceCents: 751,
        promoCreditsCents: 749,
        amountDueCents: 1766,
      },
    ]);
  });

  it('refuses amounts that are not whole cents, negative ones, and rates past 100%', () => {
    expectRefusal(
      () => priceCart([registration(1, 12.5)], null, 0, noFunds),
      Refused,
      validation('amounts are whole cents, never negative'),
    );
    expectRefusal(
      () => priceCart([], null, 0, { ...noFunds, promoCreditsCents: -1 }),
      Refused,
      validation('amounts are whole cents, never negative'),
    );
    expectRefusal(() => priceCart([], null, 1_000_001, noFunds), Refused, validation('a tax rate is at most 100%'));
    for (const rate of [-1, 0.5])
      expectRefusal(
        () => priceCart([], null, rate, noFunds),
        Refused,
        validation('a tax rate is a whole number of parts per million, never negative'),
      );
    expect(priceCart([registration(1, 100)], null, 1_000_000, noFunds).salesTaxCents).toBe(100);
    const tooMuch = { ...tenPercent, off: { percentBasisPoints: 10_001 } };
    expectRefusal(() => priceCart([], tooMuch, 0, noFunds), Refused, validation('a discount is at most 100%'));
    expect(
      priceCart([registration(1, 100)], { ...tenPercent, off: { percentBasisPoints: 10_000 } }, 0, noFunds)
        .discountCents,
    ).toBe(100);
    for (const bad of [
      { ...tenPercent, minimumSpendCents: -1 },
      { ...tenPercent, off: { fixedCents: 0.5 } },
    ])
      expectRefusal(
        () => priceCart([], bad, 0, noFunds),
        Refused,
        validation('amounts are whole cents, never negative'),
      );
  });

  it('shares an amount in proportion, the cents left over to the largest remainders, the earlier line on a tie', () => {
    expect(sharedInProportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(sharedInProportion(2, [1, 3, 3])).toEqual([0, 1, 1]);
    expect(sharedInProportion(5, [0, 0])).toEqual([0, 0]);
    expect(sharedInProportion(1_000_000_000, [1_000_000_000, 3_000_000_000])).toEqual([250_000_000, 750_000_000]);
  });
});

describe('pricing any cart (property-based)', () => {
  const kinds: ProductKind[] = ['REGISTRATION', 'RENEWAL', 'EXTMARKET_A', 'EXTMARKET_B'];
  const cents = fc.integer({ min: 0, max: 1_000_000_000 });
  const lines = fc
    .array(fc.record({ kind: fc.constantFrom(...kinds), priceCents: cents }), { maxLength: 30 })
    .map((drawn) => drawn.map((line, index): PricedLine => ({ ...line, productId: index + 1 })));
  const discount = fc.option(
    fc.record({
      code: fc.constant('CODE'),
      title: fc.constant('a code'),
      off: fc.oneof(
        fc.record({ percentBasisPoints: fc.integer({ min: 0, max: 10_000 }) }),
        fc.record({ fixedCents: cents }),
      ),
      kinds: fc.subarray(kinds),
      minimumSpendCents: fc.integer({ min: 0, max: 100_000 }),
    }),
  );
  const funds = fc.record({ accountBalanceCents: cents, promoCreditsCents: cents, useAccountBalance: fc.boolean() });
  const rate = fc.integer({ min: 0, max: 250_000 });

  it('adds up to the total due exactly, in whole cents, never negative, spending funds only while something is due', () =>
    fc.assert(
      fc.property(lines, discount, rate, funds, (drawn, code, taxRatePpm, available) => {
        const priced = priceCart(drawn, code, taxRatePpm, available);
        const sum = (amounts: number[]) => amounts.reduce((all, amount) => all + amount, 0);
        expect(priced.subtotalCents).toBe(sum(drawn.map((line) => line.priceCents)));
        expect(sum(priced.lines.map((line) => line.discountCents))).toBe(priced.discountCents);
        expect(sum(priced.discounts.map((entry) => entry.amountCents))).toBe(priced.discountCents);
        for (const line of priced.lines) {
          expect(line.discountCents).toBeGreaterThanOrEqual(0);
          expect(line.priceCents).toBe(line.originalPriceCents - line.discountCents);
          expect(line.priceCents).toBeGreaterThanOrEqual(0);
        }
        expect(priced.preTaxAmountDueCents).toBe(sum(priced.lines.map((line) => line.priceCents)));
        expect(sum(priced.lines.map((line) => line.salesTaxCents))).toBe(priced.salesTaxCents);
        expect(sum(priced.lines.map((line) => line.accountBalanceCents))).toBe(priced.accountBalanceUsedCents);
        expect(sum(priced.lines.map((line) => line.promoCreditsCents))).toBe(priced.promoCreditsUsedCents);
        expect(sum(priced.lines.map((line) => line.amountDueCents))).toBe(priced.totalAmountDueCents);
        for (const line of priced.lines) {
          const paid = line.accountBalanceCents + line.promoCreditsCents + line.amountDueCents;
          expect(paid).toBe(line.priceCents + line.salesTaxCents);
          expect(
            Math.min(line.salesTaxCents, line.accountBalanceCents, line.promoCreditsCents, line.amountDueCents),
          ).toBeGreaterThanOrEqual(0);
        }
        expect(
          priced.preTaxAmountDueCents +
            priced.salesTaxCents -
            priced.accountBalanceUsedCents -
            priced.promoCreditsUsedCents,
        ).toBe(priced.totalAmountDueCents);
        expect(priced.totalAmountDueCents).toBeGreaterThanOrEqual(0);
        expect(priced.accountBalanceUsedCents).toBeLessThanOrEqual(
          available.useAccountBalance ? available.accountBalanceCents : 0,
        );
        expect(priced.promoCreditsUsedCents).toBeLessThanOrEqual(available.promoCreditsCents);
        if (priced.totalAmountDueCents > 0) {
          expect(priced.promoCreditsUsedCents).toBe(available.promoCreditsCents);
          if (available.useAccountBalance) expect(priced.accountBalanceUsedCents).toBe(available.accountBalanceCents);
        }
        const amounts = Object.values(priced).filter((value): value is number => typeof value === 'number');
        expect(amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 0)).toBe(true);
      }),
      { numRuns: 500 },
    ));
});
