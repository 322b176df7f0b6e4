import { Web3Name, parseWeb3Name } from './names';
import { PREMIUM_NAMES, STANDARD_PRICES_CENTS, priceOf, standardPriceCents } from './pricing';

const TLDS = ['crypto', 'wallet', 'x'];
const named = (input: string): Web3Name => {
  const parsed = parseWeb3Name(input, TLDS);
  if (!parsed.ok) throw new Error(`${input}: ${parsed.reason}`);
  return parsed;
};
const standard = (listPriceCents: number) => ({ type: 'STANDARD', listPriceCents, subTotalCents: listPriceCents });

describe('priceOf', () => {
  it.each([
    ['q.crypto', 10_000_00],
    ['qz.crypto', 5_000_00],
    ['qzx.crypto', 1_000_00],
    ['qzxw.crypto', 200_00],
    ['qzxwv.crypto', 40_00],
    [`${'q'.repeat(63)}.crypto`, 40_00],
  ])('prices %s by its length', (input, cents) => expect(priceOf(named(input))).toEqual(standard(cents)));

  it('counts the code points of the Unicode label, not the A-label', () => {
    expect(priceOf(named('café.x'))).toEqual(standard(200_00)); // xn--caf-dma is 11 characters
    expect(priceOf(named('😀.x'))).toEqual(standard(10_000_00)); // one code point, two UTF-16 units
  });

  it('gives a listed label the premium price under every ending', () => {
    expect(priceOf(named('bitcoin.x'))).toEqual({
      type: 'PREMIUM',
      listPriceCents: 50_000_00,
      subTotalCents: 50_000_00,
    });
    expect(priceOf(named('nft.wallet'))).toMatchObject({ type: 'PREMIUM', listPriceCents: 25_000_00 });
  });

  it('prefers a listed full name to its label', () => {
    expect(priceOf(named('bitcoin.crypto'))).toMatchObject({ type: 'PREMIUM', listPriceCents: 100_000_00 });
    expect(priceOf(named('crypto.wallet'))).toMatchObject({ type: 'PREMIUM', listPriceCents: 100_000_00 });
  });

  it('prices every premium name at its price: each is kept as the A-label or the full name it is looked up by', () => {
    for (const [key, cents] of PREMIUM_NAMES) {
      const name = key.includes('.') ? named(key) : named(`${key}.x`);
      expect(key.includes('.') ? name.name : name.label).toBe(key);
      expect(priceOf(name)).toEqual({ type: 'PREMIUM', listPriceCents: cents, subTotalCents: cents });
    }
  });

  it('never prices a premium name below the standard price of its length', () => {
    for (const [key, cents] of PREMIUM_NAMES) {
      expect(Number.isInteger(cents)).toBe(true);
      expect(cents).toBeGreaterThanOrEqual(standardPriceCents([...key.split('.')[0]!].length));
    }
  });

  it('scales standard prices by a per-ending multiplier, in whole cents', () => {
    const tldMultipliers = { x: 1.5, crypto: 0.333 };
    expect(priceOf(named('qzxwv.x'), { tldMultipliers })).toEqual(standard(60_00));
    expect(priceOf(named('qzxwv.crypto'), { tldMultipliers })).toEqual(standard(1332));
    expect(priceOf(named('qzxwv.wallet'), { tldMultipliers })).toEqual(standard(40_00));
    expect(priceOf(named('bitcoin.x'), { tldMultipliers })).toMatchObject({ listPriceCents: 50_000_00 });
  });

  it('reads multipliers as own entries only, so an ending named like an object property costs the standard price', () => {
    const parsed = parseWeb3Name('qzxwv.constructor', ['constructor']);
    expect(parsed.ok && priceOf(parsed)).toEqual(standard(40_00));
  });

  it('takes a discount off the subtotal, never below zero', () => {
    expect(priceOf(named('qzxwv.x'), { discountCents: 1_000 })).toEqual({
      type: 'STANDARD',
      listPriceCents: 40_00,
      subTotalCents: 30_00,
    });
    expect(priceOf(named('qzxwv.x'), { discountCents: 99_999 })).toMatchObject({ subTotalCents: 0 });
    expect(priceOf(named('qzxwv.x'), { discountCents: -5 })).toMatchObject({ subTotalCents: 40_00 });
  });

  it('has a price for every length, falling as labels grow', () => {
    expect(standardPriceCents(0)).toBe(STANDARD_PRICES_CENTS[0]);
    expect(standardPriceCents(1000)).toBe(STANDARD_PRICES_CENTS.at(-1));
    expect([...STANDARD_PRICES_CENTS].sort((a, b) => b - a)).toEqual(STANDARD_PRICES_CENTS);
  });
});
