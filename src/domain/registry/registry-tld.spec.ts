import { RegistryTldRules, tldRefusalOf } from './registry-tld';

const ai: RegistryTldRules = { tld: 'ai', minYears: 2, maxYears: 10, idn: false, dnssec: true };
const com: RegistryTldRules = { tld: 'com', minYears: 1, maxYears: 10, idn: true, dnssec: true };

describe('the rules of a TLD', () => {
  it('allow a period within its bounds, ends included', () => {
    expect(tldRefusalOf(ai, 'agent.ai', 2)).toBeUndefined();
    expect(tldRefusalOf(ai, 'agent.ai', 10)).toBeUndefined();
  });
  it.each([1, 11])('refuse %s years outside them', (years) =>
    expect(tldRefusalOf(ai, 'agent.ai', years)).toEqual({
      result: 'PARAMETER_VALUE_RANGE',
      message: `.ai registers for 2 to 10 years, not ${years}`,
    }),
  );
  it('refuse an internationalized label where the TLD takes none, and allow it where it does', () => {
    expect(tldRefusalOf(ai, 'xn--strae-oqa.ai', 2)).toEqual({
      result: 'PARAMETER_VALUE_POLICY',
      message: '.ai takes no internationalized names',
    });
    expect(tldRefusalOf(ai, 'sub.xn--strae-oqa.ai', 2)?.result).toBe('PARAMETER_VALUE_POLICY');
    expect(tldRefusalOf(ai, 'straxn--e.ai', 2)).toBeUndefined();
    expect(tldRefusalOf(com, 'xn--strae-oqa.com', 1)).toBeUndefined();
  });
});
