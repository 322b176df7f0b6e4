import { RegistryTldRules } from '../registry/registry-tld';
import { dnsAvailabilityOf, NameFacts } from './dns-availability';
import { DEFAULT_TLD_PRICES } from './dns-pricing';

const NOW = Date.UTC(2026, 10, 23);
const ai: RegistryTldRules = { tld: 'ai', minYears: 2, maxYears: 10, idn: false, dnssec: true, opensAt: null };
const free: NameFacts = {
  name: 'agent.ai',
  tld: 'ai',
  sold: true,
  rules: ai,
  prices: DEFAULT_TLD_PRICES.ai,
  now: NOW,
  unavailable: null,
  premiumCents: null,
  registered: null,
  pending: false,
  listing: null,
};
const LIMIT = 1_000_000;
const of = (facts: Partial<NameFacts>, limit = LIMIT) => dnsAvailabilityOf({ ...free, ...facts }, limit);

describe('the availability of a DNS name', () => {
  it('is AVAILABLE with the price of the shortest period the TLD allows, and the periods it allows', () =>
    expect(of({})).toEqual({
      status: 'AVAILABLE',
      source: 'SERVICE',
      price: { type: 'STANDARD', listPriceCents: 89_99, subTotalCents: 2 * 89_99 },
      period: { min: 2, max: 10, increments: 1 },
    }));

  it('is AVAILABLE at the premium price up to the limit, and EXCEEDS_PRICE_LIMIT past it', () => {
    expect(of({ premiumCents: 500_000 })).toMatchObject({
      status: 'AVAILABLE',
      price: { type: 'PREMIUM', listPriceCents: 500_000, subTotalCents: 1_000_000 },
    });
    expect(of({ premiumCents: 500_001 })).toMatchObject({
      status: 'EXCEEDS_PRICE_LIMIT',
      price: { type: 'PREMIUM', subTotalCents: 1_000_002 },
    });
  });

  it.each([
    ['a TLD the service does not sell', { sold: false }],
    ['a TLD the registry does not run', { rules: undefined, unavailable: 'UNKNOWN_TLD' as const }],
    ['a TLD without prices', { prices: undefined }],
    ['a TLD the registry answers it does not know', { unavailable: 'UNKNOWN_TLD' as const }],
    ['a name against the TLD rules (an IDN under .ai)', { name: 'xn--strae-oqa.ai' }],
  ])('is DISALLOWED under %s', (_case, facts) =>
    expect(of(facts)).toEqual({ status: 'DISALLOWED', source: 'SERVICE' }),
  );

  it('is COMING_SOON under a TLD that opens later, with the opening; the registry check does not matter', () =>
    expect(of({ rules: { ...ai, opensAt: NOW + 1 }, unavailable: 'NOT_LAUNCHED' })).toEqual({
      status: 'COMING_SOON',
      source: 'SERVICE',
      availableAfter: NOW + 1,
    }));

  it('is RESERVED or PROTECTED as the registry holds it back', () => {
    expect(of({ unavailable: 'RESERVED' }).status).toBe('RESERVED');
    expect(of({ unavailable: 'BLOCKED' }).status).toBe('PROTECTED');
  });

  it('is REGISTRATION_PENDING while an unfinished operation registers it', () =>
    expect(of({ pending: true })).toEqual({ status: 'REGISTRATION_PENDING', source: 'SERVICE' }));

  it.each(['ACTIVE', 'AUTO_RENEW_GRACE', 'REDEMPTION'] as const)('is REGISTERED in the phase %s', (phase) =>
    expect(of({ unavailable: 'REGISTERED', registered: { phase, purgesAt: NOW + 1 }, pending: true })).toEqual({
      status: 'REGISTERED',
      source: 'SERVICE',
    }),
  );

  it('is AVAILABLE_BACKORDER once deleted, until the registry releases it', () =>
    expect(of({ unavailable: 'REGISTERED', registered: { phase: 'PENDING_DELETE', purgesAt: NOW + 5 } })).toEqual({
      status: 'AVAILABLE_BACKORDER',
      source: 'SERVICE',
      availableAfter: NOW + 5,
    }));

  it('is AVAILABLE_FROM_SELLER when its owner lists it, at the asking price, from that marketplace', () =>
    expect(
      of({
        unavailable: 'REGISTERED',
        registered: { phase: 'ACTIVE', purgesAt: NOW },
        listing: { source: 'EXTMARKET_B', priceCents: 250_000 },
      }),
    ).toEqual({
      status: 'AVAILABLE_FROM_SELLER',
      source: 'EXTMARKET_B',
      price: { type: 'STANDARD', listPriceCents: 250_000, subTotalCents: 250_000 },
    }));

  it('is REGISTERED, taking offers, when its owner lists it for offers only', () =>
    expect(
      of({
        unavailable: 'REGISTERED',
        registered: { phase: 'ACTIVE', purgesAt: NOW },
        listing: { source: 'SERVICE', priceCents: 0 },
      }),
    ).toEqual({ status: 'REGISTERED', source: 'SERVICE', offersOnly: true }));
});
