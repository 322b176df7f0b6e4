import { Price, PriceType } from '../shared/price';
import { Web3Name, unicodeLabelOf } from './names';

export type PricingOptions = Readonly<{
  /** Per-ending factor on standard prices, e.g. `{ x: 2 }`; premium prices are set per name and not scaled. */
  tldMultipliers?: Readonly<Record<string, number>>;
  /** Taken off the list price (never below zero): where a promotion or partner discount will plug in. */
  discountCents?: number;
}>;

/**
 * Standard prices by the label's length in Unicode code points (`café` is 4, not the 11 of `xn--caf-dma`):
 * short names are scarce, so they cost more. Index 0 is one character; the last entry holds for every longer label.
 * 1: $10,000, 2: $5,000, 3: $1,000, 4: $200, 5 and more: $40.
 */
export const STANDARD_PRICES_CENTS: readonly number[] = [10_000_00, 5_000_00, 1_000_00, 200_00, 40_00];

/** No ending is priced differently yet. */
export const TLD_PRICE_MULTIPLIERS: Readonly<Record<string, number>> = {};

/**
 * Names whose value does not follow from their length: common words of the crypto and commerce vocabulary.
 * Keys are A-labels (priced under every ending) or full names (that name only, looked up first).
 * Each is priced at least at the standard price of its length, so a premium name is never a bargain.
 */
export const PREMIUM_NAMES: ReadonlyMap<string, number> = new Map([
  ['crypto.wallet', 100_000_00],
  ['wallet.crypto', 100_000_00],
  ['bitcoin.crypto', 100_000_00],
  ['ai', 50_000_00],
  ['crypto', 50_000_00],
  ['bitcoin', 50_000_00],
  ['btc', 25_000_00],
  ['eth', 25_000_00],
  ['nft', 25_000_00],
  ['ethereum', 25_000_00],
  ['wallet', 25_000_00],
  ['dao', 10_000_00],
  ['defi', 10_000_00],
  ['web3', 10_000_00],
  ['meta', 10_000_00],
  ['money', 10_000_00],
  ['bank', 10_000_00],
  ['pay', 10_000_00],
  ['coin', 10_000_00],
  ['game', 5_000_00],
  ['shop', 5_000_00],
  ['token', 5_000_00],
  ['dex', 5_000_00],
  ['bet', 5_000_00],
  ['art', 5_000_00],
  ['cash', 5_000_00],
  ['casino', 5_000_00],
  ['blockchain', 5_000_00],
  ['metaverse', 5_000_00],
  ['games', 2_500_00],
  ['store', 2_500_00],
  ['trade', 2_500_00],
  ['exchange', 2_500_00],
  ['swap', 2_500_00],
  ['finance', 2_500_00],
  ['invest', 2_500_00],
  ['poker', 2_500_00],
  ['music', 2_500_00],
  ['news', 2_500_00],
  ['chat', 2_500_00],
  ['cloud', 2_500_00],
  ['data', 2_500_00],
  ['vip', 2_500_00],
  ['gold', 2_500_00],
  ['love', 2_500_00],
  ['home', 2_500_00],
  ['social', 1_000_00],
  ['travel', 1_000_00],
]);

export const standardPriceCents = (codePoints: number): number =>
  STANDARD_PRICES_CENTS[Math.min(Math.max(codePoints, 1), STANDARD_PRICES_CENTS.length) - 1] as number;

const withDiscount = (type: PriceType, listPriceCents: number, discountCents = 0): Price => ({
  type,
  listPriceCents,
  subTotalCents: listPriceCents - Math.min(listPriceCents, Math.max(0, Math.round(discountCents))),
});

export const priceOf = (name: Web3Name, options: PricingOptions = {}): Price => {
  const premium = PREMIUM_NAMES.get(name.name) ?? PREMIUM_NAMES.get(name.label);
  if (premium !== undefined) return withDiscount('PREMIUM', premium, options.discountCents);
  const multipliers = options.tldMultipliers ?? TLD_PRICE_MULTIPLIERS;
  const multiplier = Object.hasOwn(multipliers, name.tld) ? (multipliers[name.tld] as number) : 1;
  const standard = standardPriceCents([...unicodeLabelOf(name)].length);
  return withDiscount('STANDARD', Math.round(standard * multiplier), options.discountCents);
};
