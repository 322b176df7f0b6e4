// Equivalent mutant: the down payment's `=== null` test dropped: null compares as 0, below 10, and is refused alike.
import { DAY_MS, listingExpiryOf, ListingTerms, listingTermsProblemOf } from './listing-terms';

const now = Date.UTC(2026, 10, 27);
const terms: ListingTerms = {
  priceCents: 250_000,
  expiresAt: now + 90 * DAY_MS,
  offers: { enabled: true, minimumCents: 100_000 },
  displayName: null,
  leaseToOwn: null,
};
const problem = (change: Partial<ListingTerms>) => listingTermsProblemOf({ ...terms, ...change }, now);
const lease = (change: Partial<NonNullable<ListingTerms['leaseToOwn']>> = {}) => ({
  leaseToOwn: { type: 'equal_installments' as const, maxTermLength: 12, downPaymentPercentage: null, ...change },
});

describe('listing terms', () => {
  it('take a price, or offers only at a price of 0', () => {
    expect(problem({})).toBeUndefined();
    expect(problem({ priceCents: 0 })).toBeUndefined();
    expect(problem({ offers: { enabled: false, minimumCents: 0 } })).toBeUndefined();
    expect(problem({ priceCents: 0, offers: { enabled: false, minimumCents: 0 } })).toBe(
      'priceInCents: 0 lists for offers only, which need isOfferFeatureEnabled',
    );
    for (const priceCents of [-1, 1.5, Number.MAX_SAFE_INTEGER + 2])
      expect(problem({ priceCents })).toBe('priceInCents: a whole number of cents, 0 or more');
  });

  it('expire 1 to 36,500 days ahead, 90 by default', () => {
    expect(problem({ expiresAt: now + DAY_MS })).toBeUndefined();
    expect(problem({ expiresAt: now + 36_500 * DAY_MS })).toBeUndefined();
    for (const expiresAt of [now + DAY_MS - 1, now + 36_500 * DAY_MS + 1])
      expect(problem({ expiresAt })).toBe('expiresAt: 1 to 36500 days from now');
    expect(listingExpiryOf(undefined, now)).toBe(now + 90 * DAY_MS);
    expect(listingExpiryOf(now + DAY_MS, now)).toBe(now + DAY_MS);
  });

  it('take a minimum offer of whole cents, no more than the price', () => {
    expect(problem({ offers: { enabled: true, minimumCents: 250_000 } })).toBeUndefined();
    expect(problem({ offers: { enabled: true, minimumCents: 250_001 } })).toBe(
      'minOfferAmountInCents: no more than the price',
    );
    expect(problem({ priceCents: 0, offers: { enabled: true, minimumCents: 5_000_000 } })).toBeUndefined();
    expect(problem({ offers: { enabled: true, minimumCents: -1 } })).toBe(
      'minOfferAmountInCents: a whole number of cents, 0 or more',
    );
  });

  it('take lease-to-own plans of 2 to 120 monthly payments, at a price', () => {
    expect(problem(lease({ maxTermLength: 2 }))).toBeUndefined();
    expect(problem(lease({ maxTermLength: 120 }))).toBeUndefined();
    for (const maxTermLength of [1, 121, 12.5])
      expect(problem(lease({ maxTermLength }))).toBe('leaseToOwnOptions.maxTermLength: 2 to 120 monthly payments');
    expect(problem({ ...lease(), priceCents: 0 })).toBe('leaseToOwnOptions: a lease needs a price');
  });

  it('take a down payment of 10 to 90 percent for its plan, and none for the other', () => {
    const down = (downPaymentPercentage: number | null) =>
      problem(lease({ type: 'down_payment_plus_equal_installments', downPaymentPercentage }));
    expect(down(10)).toBeUndefined();
    expect(down(90)).toBeUndefined();
    for (const percentage of [9.99, 90.01, null])
      expect(down(percentage)).toBe(
        'leaseToOwnOptions.downPaymentPercentage: 10 to 90, for down_payment_plus_equal_installments',
      );
    expect(problem(lease({ downPaymentPercentage: 20 }))).toBe(
      'leaseToOwnOptions.downPaymentPercentage: only for down_payment_plus_equal_installments',
    );
  });
});
