// Equivalent mutants: a standard price taken as the premium yearly price (`price.type === 'PREMIUM'` made true):
// an available name's `listPriceCents` is its yearly price either way, so the charge is the same; the seller check
// without its status test: an availability that is not a seller's has the source SERVICE, never a marketplace.
import { DnsAvailability } from '../dns-domains/dns-availability';
import { DEFAULT_TLD_PRICES } from '../dns-domains/dns-pricing';
import { RenewalTerms } from '../dns-domains/renewal-decision';
import { registrationOfferOf, renewalOfferOf, sellerOfferOf } from './cart-offers';

const com = DEFAULT_TLD_PRICES.com;
const period = { min: 1, max: 10, increments: 1 };
const available: DnsAvailability = {
  status: 'AVAILABLE',
  source: 'SERVICE',
  price: { type: 'STANDARD', listPriceCents: 1299, subTotalCents: 1299 },
  period,
};
const premium: DnsAvailability = {
  ...available,
  price: { type: 'PREMIUM', listPriceCents: 250_000, subTotalCents: 250_000 },
};
const listed = (source: 'EXTMARKET_A' | 'EXTMARKET_B'): DnsAvailability => ({
  status: 'AVAILABLE_FROM_SELLER',
  source,
  price: { type: 'STANDARD', listPriceCents: 450_000, subTotalCents: 450_000 },
});
const terms: RenewalTerms = {
  isEligible: true,
  reasons: [],
  expiresAt: 0,
  graceEndsAt: 0,
  restoration: false,
  period: { min: 1, max: 9, increments: 1 },
};
const renewalPrice = { type: 'STANDARD' as const, listPriceCents: 1499, subTotalCents: 2998 };

describe('a registration line', () => {
  it('costs the yearly price times the years, for any period the TLD takes', () => {
    expect(registrationOfferOf('sun.com', available, com, 1)).toEqual({ priceCents: 1299 });
    expect(registrationOfferOf('sun.com', available, com, 10)).toEqual({ priceCents: 12_990 });
  });

  it("costs a premium name the registry's yearly price", () => {
    expect(registrationOfferOf('ai.com', premium, com, 2)).toEqual({ priceCents: 500_000 });
  });

  it('is refused outside the TLD period, and past ten years whatever the TLD allows', () => {
    const twoYears = { ...available, period: { min: 2, max: 10, increments: 1 } };
    expect(registrationOfferOf('sun.ai', twoYears, com, 1)).toEqual({
      problem: 'sun.ai registers for 2 to 10 years, not 1',
    });
    expect(registrationOfferOf('sun.ai', twoYears, com, 2)).toEqual({ priceCents: 2598 });
    const long = { ...available, period: { min: 1, max: 12, increments: 1 } };
    expect(registrationOfferOf('sun.com', long, com, 11)).toEqual({
      problem: 'sun.com registers for 1 to 10 years, not 11',
    });
    const fixed = { ...available, period: { min: 1, max: 1, increments: 1 } };
    expect(registrationOfferOf('sun.com', fixed, com, 2)).toEqual({ problem: 'sun.com registers for 1 year, not 2' });
    const twoOnly = { ...available, period: { min: 2, max: 2, increments: 1 } };
    expect(registrationOfferOf('sun.com', twoOnly, com, 3)).toEqual({
      problem: 'sun.com registers for 2 years, not 3',
    });
  });

  it.each([
    ['REGISTERED', 'registered to someone else'],
    ['RESERVED', 'reserved by the registry'],
    ['REGISTRATION_PENDING', 'being registered by another order'],
    ['AVAILABLE_FROM_SELLER', 'registered and sold by its owner on a marketplace'],
    ['EXCEEDS_PRICE_LIMIT', 'priced above what one registration may cost here'],
    ['DISALLOWED', 'not one the service can register'],
    ['COMING_SOON', 'under a TLD that has not opened yet'],
    ['PROTECTED', 'protected by the registry'],
    ['AVAILABLE_BACKORDER', 'deleted and not yet released by the registry'],
  ] as const)('is refused for a name the registry would not register now (%s)', (status, told) => {
    expect(registrationOfferOf('sun.com', { ...available, status }, com, 1)).toEqual({
      problem: `sun.com cannot be registered: it is ${told}`,
    });
  });

  it('is refused without a period or prices to charge by', () => {
    const refused = { problem: 'sun.com cannot be registered: it is available' };
    expect(registrationOfferOf('sun.com', available, undefined, 1)).toEqual(refused);
    expect(registrationOfferOf('sun.com', { ...available, period: undefined }, com, 1)).toEqual(refused);
    expect(registrationOfferOf('sun.com', { ...available, price: undefined }, com, 1)).toEqual(refused);
  });
});

describe('a line bought from an external marketplace', () => {
  it("costs the seller's price on the marketplace that lists it", () => {
    expect(sellerOfferOf('sunrise.com', listed('EXTMARKET_A'), 'EXTMARKET_A')).toEqual({ priceCents: 450_000 });
    expect(sellerOfferOf('sunrise.com', listed('EXTMARKET_B'), 'EXTMARKET_B')).toEqual({ priceCents: 450_000 });
  });

  it('is refused on the other marketplace, for a name not listed, and without a price', () => {
    const notThere = (seller: string) => ({ problem: `sunrise.com is not listed for sale on ${seller}` });
    expect(sellerOfferOf('sunrise.com', listed('EXTMARKET_A'), 'EXTMARKET_B')).toEqual(notThere('extmarket_b'));
    expect(sellerOfferOf('sunrise.com', listed('EXTMARKET_B'), 'EXTMARKET_A')).toEqual(notThere('extmarket_a'));
    expect(sellerOfferOf('sunrise.com', available, 'EXTMARKET_A')).toEqual(notThere('extmarket_a'));
    const unpriced = { ...listed('EXTMARKET_A'), price: undefined };
    expect(sellerOfferOf('sunrise.com', unpriced, 'EXTMARKET_A')).toEqual(notThere('extmarket_a'));
  });
});

describe('a renewal line', () => {
  it('costs the price of its years while the registry would renew it', () => {
    expect(renewalOfferOf('sun.com', terms, renewalPrice, 2)).toEqual({ priceCents: 2998 });
    expect(renewalOfferOf('sun.com', terms, renewalPrice, 9)).toEqual({ priceCents: 2998 });
  });

  it('is refused past the years the name may still be renewed for, and past ten', () => {
    expect(renewalOfferOf('sun.com', terms, renewalPrice, 10)).toEqual({
      problem: 'sun.com can be renewed for 1 to 9 years now, not 10',
    });
    const one = { ...terms, period: { min: 1, max: 1, increments: 1 as const } };
    expect(renewalOfferOf('sun.com', one, renewalPrice, 2)).toEqual({
      problem: 'sun.com can be renewed for 1 year now, not 2',
    });
    const long = { ...terms, period: { min: 1, max: 12, increments: 1 as const } };
    expect(renewalOfferOf('sun.com', long, renewalPrice, 11)).toEqual({
      problem: 'sun.com can be renewed for 1 to 10 years now, not 11',
    });
  });

  it('is refused with every reason the registry would give', () => {
    const locked = {
      ...terms,
      isEligible: false,
      reasons: ['RENEW_PROHIBITED', 'PENDING_TRANSFER', 'PENDING_DELETE', 'MAXIMUM_TERM', 'NOT_SOLD'] as const,
    };
    expect(renewalOfferOf('sun.com', locked, renewalPrice, 1)).toEqual({
      problem:
        'sun.com cannot be renewed now: its renew lock is on; it is being transferred; the registry is deleting it; it is already registered for as long ahead as the registry allows; its TLD is not sold here any more',
    });
    expect(renewalOfferOf('sun.com', terms, undefined, 1)).toEqual({ problem: 'sun.com cannot be renewed now: ' });
  });
});
