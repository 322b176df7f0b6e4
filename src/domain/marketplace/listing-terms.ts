/**
 * The terms a seller lists a name on (`svc_listing_create`, `svc_listing_update`; `interface-spec.md` Limits): a
 * price in cents, or offers only at a price of 0; an expiry 1 to 36,500 days ahead (90 by default); offers with a
 * minimum; lease-to-own plans of equal instalments, or a down payment and equal instalments.
 */
export const DAY_MS = 86_400_000;
export const DEFAULT_LISTING_DAYS = 90;
export const MAX_LISTING_DAYS = 36_500;
/** A billion dollars: beyond any name ever sold, and far inside what a cent count can hold exactly. */
export const MAX_LISTING_PRICE_CENTS = 100_000_000_000;

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

const isCents = (amount: number): boolean =>
  Number.isSafeInteger(amount) && amount >= 0 && amount <= MAX_LISTING_PRICE_CENTS;

/** What is wrong with terms listed at `now`, the first rule they break; none when they hold. */
export const listingTermsProblemOf = (terms: ListingTerms, now: number): string | undefined => {
  const { priceCents, offers, leaseToOwn } = terms;
  if (!isCents(priceCents)) return `priceInCents: a whole number of cents, 0 to ${MAX_LISTING_PRICE_CENTS}`;
  if (priceCents === 0 && !offers.enabled)
    return 'priceInCents: 0 lists for offers only, which need isOfferFeatureEnabled';
  if (terms.expiresAt < now + DAY_MS || terms.expiresAt > now + MAX_LISTING_DAYS * DAY_MS)
    return `expiresAt: 1 to ${MAX_LISTING_DAYS} days from now`;
  if (!isCents(offers.minimumCents))
    return `minOfferAmountInCents: a whole number of cents, 0 to ${MAX_LISTING_PRICE_CENTS}`;
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

/** What a seller asks for in `svc_listing_create`; what is left out takes its default. */
export interface AskedTerms {
  readonly priceCents: number;
  readonly expiresAt?: number;
  readonly offersEnabled?: boolean;
  readonly minimumOfferCents?: number;
  readonly displayName?: string;
  readonly leaseToOwn?: LeaseToOwnOptions;
}

/**
 * The terms a new listing is created on: offers are open unless the seller closes them (the aftermarkets' default:
 * an offer is how most names sell), with no minimum, for 90 days.
 */
export const listingTermsOf = (asked: AskedTerms, now: number): ListingTerms => ({
  priceCents: asked.priceCents,
  expiresAt: listingExpiryOf(asked.expiresAt, now),
  offers: { enabled: asked.offersEnabled ?? true, minimumCents: asked.minimumOfferCents ?? 0 },
  displayName: asked.displayName ?? null,
  leaseToOwn: asked.leaseToOwn ?? null,
});

/** What `svc_listing_update` changes: only what is given; a lease given as null is no longer offered. */
export type TermsChange = Partial<Omit<AskedTerms, 'leaseToOwn' | 'expiresAt'>> & {
  readonly expiresAt?: number;
  readonly leaseToOwn?: LeaseToOwnOptions | null;
};

/** The listing's terms after an update: what was not named stays as it was. */
export const updatedTermsOf = (terms: ListingTerms, change: TermsChange): ListingTerms => ({
  priceCents: change.priceCents ?? terms.priceCents,
  expiresAt: change.expiresAt ?? terms.expiresAt,
  offers: {
    enabled: change.offersEnabled ?? terms.offers.enabled,
    minimumCents: change.minimumOfferCents ?? terms.offers.minimumCents,
  },
  displayName: change.displayName ?? terms.displayName,
  leaseToOwn: change.leaseToOwn === undefined ? terms.leaseToOwn : change.leaseToOwn,
});

/** What is wrong with the name a for-sale page shows for `unicodeName`: it may change letter case, nothing more. */
export const displayNameProblemOf = (unicodeName: string, displayName: string | null): string | undefined =>
  displayName === null || displayName.toLowerCase() === unicodeName.toLowerCase()
    ? undefined
    : 'domainDisplayName: the name itself, in other letter case';
