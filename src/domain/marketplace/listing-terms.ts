/**
 * The terms a seller lists a name on (`svc_listing_create`, `svc_listing_update`; `interface-spec.md` Limits): a
 * price in cents, or offers only at a price of 0; an expiry 1 to 36,500 days ahead (90 by default); offers with a
 * minimum; lease-to-own plans of equal instalments, or a down payment and equal instalments.
 */
export const DAY_MS = 86_400_000;
export const DEFAULT_LISTING_DAYS = 90;
export const MAX_LISTING_DAYS = 36_500;

export type LeaseToOwnType = 'equal_installments' | 'down_payment_plus_equal_installments';

export interface LeaseToOwnOptions {
  readonly type: LeaseToOwnType;
  /** Monthly payments at most, 2 to 120. */
  readonly maxTermLength: number;
  /** Percent of the price paid first, 10 to 90: only, and always, for the down-payment plan. */
  readonly downPaymentPercentage: number | null;
}

export interface ListingTerms {
  readonly priceCents: number;
  readonly expiresAt: number;
  readonly offers: { readonly enabled: boolean; readonly minimumCents: number };
  readonly displayName: string | null;
  readonly leaseToOwn: LeaseToOwnOptions | null;
}

const isCents = (amount: number): boolean => Number.isSafeInteger(amount) && amount >= 0;

/** What is wrong with terms listed at `now`, the first rule they break; none when they hold. */
export const listingTermsProblemOf = (terms: ListingTerms, now: number): string | undefined => {
  const { priceCents, offers, leaseToOwn } = terms;
  if (!isCents(priceCents)) return 'priceInCents: a whole number of cents, 0 or more';
  if (priceCents === 0 && !offers.enabled)
    return 'priceInCents: 0 lists for offers only, which need isOfferFeatureEnabled';
  if (terms.expiresAt < now + DAY_MS || terms.expiresAt > now + MAX_LISTING_DAYS * DAY_MS)
    return `expiresAt: 1 to ${MAX_LISTING_DAYS} days from now`;
  if (!isCents(offers.minimumCents)) return 'minOfferAmountInCents: a whole number of cents, 0 or more';
  if (priceCents > 0 && offers.minimumCents > priceCents) return 'minOfferAmountInCents: no more than the price';
  if (!leaseToOwn) return undefined;
  if (priceCents === 0) return 'leaseToOwnOptions: a lease needs a price';
  const { maxTermLength, downPaymentPercentage } = leaseToOwn;
  if (!Number.isInteger(maxTermLength) || maxTermLength < 2 || maxTermLength > 120)
    return 'leaseToOwnOptions.maxTermLength: 2 to 120 monthly payments';
  if (leaseToOwn.type === 'equal_installments')
    return downPaymentPercentage === null
      ? undefined
      : 'leaseToOwnOptions.downPaymentPercentage: only for down_payment_plus_equal_installments';
  if (downPaymentPercentage === null || downPaymentPercentage < 10 || downPaymentPercentage > 90)
    return 'leaseToOwnOptions.downPaymentPercentage: 10 to 90, for down_payment_plus_equal_installments';
  return undefined;
};

/** A listing's expiry: the one asked, else 90 days from now. */
export const listingExpiryOf = (asked: number | undefined, now: number): number =>
  asked ?? now + DEFAULT_LISTING_DAYS * DAY_MS;
