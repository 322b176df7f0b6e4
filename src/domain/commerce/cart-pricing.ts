import { Refused } from '../shared/errors';

/**
 * What a cart costs, to the cent (`decisions.md` §1, `svc_cart_get`'s pricing): the lines at their current prices,
 * less a promo code's discount, plus sales tax, less the account's balance and then its promo credits (the order in
 * which checkout spends them). Every amount is a whole number of cents and none is negative.
 */

/**
 * What a cart line buys: a registration or a renewal from us, a name listed on our marketplace (bought at once or
 * leased), or a name an external marketplace sells.
 */
export type ProductKind = 'REGISTRATION' | 'RENEWAL' | 'LISTED' | 'EXTMARKET_A' | 'EXTMARKET_B';

export interface PricedLine {
  readonly productId: number;
  readonly kind: ProductKind;
  /** The line's price now, for all its years. */
  readonly priceCents: number;
}

/** A promo code's terms: a percentage (in basis points: 1000 is 10%) or a fixed amount off the lines it covers. */
export interface Discount {
  readonly code: string;
  readonly title: string;
  readonly off: { readonly percentBasisPoints: number } | { readonly fixedCents: number };
  /** The kinds of line it covers; all when empty. */
  readonly kinds: readonly ProductKind[];
  /** What the lines it covers must add up to before it applies. */
  readonly minimumSpendCents: number;
}

/** What the account may pay with besides a card. */
export interface Funds {
  readonly accountBalanceCents: number;
  readonly promoCreditsCents: number;
  readonly useAccountBalance: boolean;
}

/**
 * One line's part of every amount: its discount, its sales tax, and what of its due the balance, the promo credits
 * and the card pay (each shared among the lines in proportion, so that the parts add up to the cart's amounts and a
 * line refunded goes back to where it was paid from).
 */
export interface LinePricing {
  readonly productId: number;
  readonly originalPriceCents: number;
  readonly discountCents: number;
  readonly priceCents: number;
  readonly salesTaxCents: number;
  readonly accountBalanceCents: number;
  readonly promoCreditsCents: number;
  /** What the card pays of it. */
  readonly amountDueCents: number;
}

export interface CartPricing {
  readonly lines: readonly LinePricing[];
  readonly subtotalCents: number;
  readonly discounts: readonly { code: string; title: string; amountCents: number; productIds: number[] }[];
  readonly discountCents: number;
  readonly preTaxAmountDueCents: number;
  /** Parts per million of the pre-tax amount: 88,750 is 8.875%. */
  readonly taxRatePpm: number;
  readonly salesTaxCents: number;
  readonly accountBalanceUsedCents: number;
  readonly promoCreditsUsedCents: number;
  readonly totalAmountDueCents: number;
}

const PPM = 1_000_000;
const BASIS_POINTS = 10_000;

const wholeCents = (...amounts: number[]): void => {
  if (!amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 0))
    throw new Refused('VALIDATION', 'amounts are whole cents, never negative');
};

/**
 * `total` cents shared among `weights` in proportion, each share rounded down and the cents left over given one each
 * to the largest remainders (the earlier line first on a tie): the shares add up to `total` exactly, and none
 * exceeds its weight while `total` does not exceed their sum.
 */
export const sharedInProportion = (total: number, weights: readonly number[]): number[] => {
  // in big integers: a price times a discount can pass 2^53 cents
  const sum = weights.reduce((all, weight) => all + BigInt(weight), 0n);
  if (sum === 0n) return weights.map(() => 0);
  const parts = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = parts.map((part) => Number(part / sum));
  const left = total - shares.reduce((all, share) => all + share, 0);
  // a stable sort: the earlier line first on a tie
  const byRemainder = parts.map((part, index) => ({ index, rest: part % sum })).sort((a, b) => Number(b.rest - a.rest));
  for (const { index } of byRemainder.slice(0, left)) shares[index] += 1;
  return shares;
};

/** The discount a promo code gives on the lines it covers, in cents: none below its minimum spend. */
const discountOf = (discount: Discount, coveredCents: number): number => {
  if (coveredCents < discount.minimumSpendCents) return 0;
  if ('fixedCents' in discount.off) return Math.min(discount.off.fixedCents, coveredCents);
  return Math.floor((coveredCents * discount.off.percentBasisPoints) / BASIS_POINTS);
};

/** Sales tax on an amount, rounded half up to the cent. */
export const salesTaxOf = (amountCents: number, taxRatePpm: number): number =>
  Math.floor((amountCents * taxRatePpm + PPM / 2) / PPM);

export const priceCart = (
  lines: readonly PricedLine[],
  discount: Discount | null,
  taxRatePpm: number,
  funds: Funds,
): CartPricing => {
  wholeCents(...lines.map((line) => line.priceCents), funds.accountBalanceCents, funds.promoCreditsCents);
  if (!Number.isSafeInteger(taxRatePpm) || taxRatePpm < 0)
    throw new Refused('VALIDATION', 'a tax rate is a whole number of parts per million, never negative');
  if (taxRatePpm > PPM) throw new Refused('VALIDATION', 'a tax rate is at most 100%');
  if (discount) {
    const off = 'fixedCents' in discount.off ? discount.off.fixedCents : discount.off.percentBasisPoints;
    wholeCents(off, discount.minimumSpendCents);
    if ('percentBasisPoints' in discount.off && off > BASIS_POINTS)
      throw new Refused('VALIDATION', 'a discount is at most 100%');
  }
  const covered = discount
    ? lines.filter((line) => discount.kinds.length === 0 || discount.kinds.includes(line.kind))
    : [];
  const coveredCents = covered.reduce((all, line) => all + line.priceCents, 0);
  const discountCents = discount ? discountOf(discount, coveredCents) : 0;
  const shares = sharedInProportion(
    discountCents,
    covered.map((line) => line.priceCents),
  );
  const shareOf = new Map(covered.map((line, index) => [line.productId, shares[index]]));
  const discounted = lines.map((line) => line.priceCents - (shareOf.get(line.productId) ?? 0));
  const subtotalCents = lines.reduce((all, line) => all + line.priceCents, 0);
  const preTaxAmountDueCents = subtotalCents - discountCents;
  const salesTaxCents = salesTaxOf(preTaxAmountDueCents, taxRatePpm);
  const due = preTaxAmountDueCents + salesTaxCents;
  const accountBalanceUsedCents = funds.useAccountBalance ? Math.min(funds.accountBalanceCents, due) : 0;
  const promoCreditsUsedCents = Math.min(funds.promoCreditsCents, due - accountBalanceUsedCents);
  const taxes = sharedInProportion(salesTaxCents, discounted);
  const lineDues = discounted.map((price, index) => price + taxes[index]);
  const balances = sharedInProportion(accountBalanceUsedCents, lineDues);
  const afterBalance = lineDues.map((lineDue, index) => lineDue - balances[index]);
  const credits = sharedInProportion(promoCreditsUsedCents, afterBalance);
  const priced = lines.map((line, index) => ({
    productId: line.productId,
    originalPriceCents: line.priceCents,
    discountCents: line.priceCents - discounted[index],
    priceCents: discounted[index],
    salesTaxCents: taxes[index],
    accountBalanceCents: balances[index],
    promoCreditsCents: credits[index],
    amountDueCents: afterBalance[index] - credits[index],
  }));
  return {
    lines: priced,
    subtotalCents,
    discounts:
      discount && discountCents > 0
        ? [
            {
              code: discount.code,
              title: discount.title,
              amountCents: discountCents,
              productIds: covered.map((line) => line.productId),
            },
          ]
        : [],
    discountCents,
    preTaxAmountDueCents,
    taxRatePpm,
    salesTaxCents,
    accountBalanceUsedCents,
    promoCreditsUsedCents,
    totalAmountDueCents: due - accountBalanceUsedCents - promoCreditsUsedCents,
  };
};
