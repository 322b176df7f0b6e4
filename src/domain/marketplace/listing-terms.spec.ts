// Equivalent mutant: the down payment's `=== null` test dropped: null compares as 0, below 10, and is refused alike.
import {
  DAY_MS,
  displayNameProblemOf,
  listingExpiryOf,
  ListingTerms,
  listingTermsOf,
  listingTermsProblemOf,
  updatedTermsOf,
} from './listing-terms';

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
    expect(problem({ priceCents: 100_000_000_000, offers: { enabled: false, minimumCents: 0 } })).toBeUndefined();
    for (const priceCents of [-1, 1.5, 100_000_000_001])
      expect(problem({ priceCents })).toBe('priceInCents: a whole number of cents, 0 to 100000000000');
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
    for (const minimumCents of [-1, 0.5, 100_000_000_001])
      expect(problem({ priceCents: 0, offers: { enabled: true, minimumCents } })).toBe(
        'minOfferAmountInCents: a whole number of cents, 0 to 100000000000',
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

  it('open offers with no minimum by default, for 90 days, with no lease and no display name', () => {
    expect(listingTermsOf({ priceCents: 500 }, now)).toEqual({
      priceCents: 500,
      expiresAt: now + 90 * DAY_MS,
      offers: { enabled: true, minimumCents: 0 },
      displayName: null,
      leaseToOwn: null,
    });
    const leaseToOwn = lease().leaseToOwn;
    expect(
      listingTermsOf(
        {
          priceCents: 500,
          expiresAt: now + DAY_MS,
          offersEnabled: false,
          minimumOfferCents: 300,
          displayName: 'Sun.com',
          leaseToOwn,
        },
        now,
      ),
    ).toEqual({
      priceCents: 500,
      expiresAt: now + DAY_MS,
      offers: { enabled: false, minimumCents: 300 },
      displayName: 'Sun.com',
      leaseToOwn,
    });
  });

  it('change only what an update names, a lease given as null ending the lease', () => {
    const leased = { ...terms, displayName: 'Sun.com', ...lease() };
    expect(updatedTermsOf(leased, {})).toEqual(leased);
    expect(updatedTermsOf(leased, { leaseToOwn: null })).toEqual({ ...leased, leaseToOwn: null });
    const other = lease({ maxTermLength: 24 }).leaseToOwn;
    expect(
      updatedTermsOf(leased, {
        priceCents: 1,
        expiresAt: now + DAY_MS,
        offersEnabled: false,
        minimumOfferCents: 0,
        displayName: 'SUN.com',
        leaseToOwn: other,
      }),
    ).toEqual({
      priceCents: 1,
      expiresAt: now + DAY_MS,
      offers: { enabled: false, minimumCents: 0 },
      displayName: 'SUN.com',
      leaseToOwn: other,
    });
  });

  it('show the name in other letter case only', () => {
    expect(displayNameProblemOf('bücher.com', null)).toBeUndefined();
    expect(displayNameProblemOf('bücher.com', 'BÜCHER.com')).toBeUndefined();
    expect(displayNameProblemOf('bücher.com', 'bucher.com')).toBe(
      'domainDisplayName: the name itself, in other letter case',
    );
  });
});
