// Equivalent mutant: `opensAt === null` made false in isOpenAt: `null <= at` holds for every time, as null compares
// as 0.
import { isOpenAt, RegistryTldRules, tldRefusalOf } from './registry-tld';

const ai: RegistryTldRules = { tld: 'ai', minYears: 2, maxYears: 10, idn: false, dnssec: true, opensAt: null };
const com: RegistryTldRules = { tld: 'com', minYears: 1, maxYears: 10, idn: true, dnssec: true, opensAt: null };

describe('the rules of a TLD', () => {
  it('allow a period within its bounds, ends included', () => {
    expect(tldRefusalOf(ai, 'agent.ai', 2, 0)).toBeUndefined();
    expect(tldRefusalOf(ai, 'agent.ai', 10, 0)).toBeUndefined();
  });
  it.each([1, 11])('refuse %s years outside them', (years) =>
    expect(tldRefusalOf(ai, 'agent.ai', years, 0)).toEqual({
      result: 'PARAMETER_VALUE_RANGE',
      message: `.ai registers for 2 to 10 years, not ${years}`,
    }),
  );
  it('refuse an internationalized label where the TLD takes none, and allow it where it does', () => {
    expect(tldRefusalOf(ai, 'xn--strae-oqa.ai', 2, 0)).toEqual({
      result: 'PARAMETER_VALUE_POLICY',
      message: '.ai takes no internationalized names',
    });
    expect(tldRefusalOf(ai, 'sub.xn--strae-oqa.ai', 2, 0)?.result).toBe('PARAMETER_VALUE_POLICY');
    expect(tldRefusalOf(ai, 'straxn--e.ai', 2, 0)).toBeUndefined();
    expect(tldRefusalOf(com, 'xn--strae-oqa.com', 1, 0)).toBeUndefined();
  });
});

describe('a TLD announced before its general availability', () => {
  const shop: RegistryTldRules = { ...com, tld: 'shop', opensAt: 1_000 };
  it('is closed until the moment it opens, and open from then on', () => {
    expect(isOpenAt(shop, 999)).toBe(false);
    expect(isOpenAt(shop, 1_000)).toBe(true);
    expect(isOpenAt(com, 0)).toBe(true);
  });
  it('refuses registrations before it opens', () => {
    expect(tldRefusalOf(shop, 'fresh.shop', 1, 999)).toEqual({
      result: 'PARAMETER_VALUE_POLICY',
      message: '.shop opens for registration later',
    });
    expect(tldRefusalOf(shop, 'fresh.shop', 1, 1_000)).toBeUndefined();
  });
});
