import { EppResult } from './registry-refusal';

/** What a registry allows under one of its TLDs. */
export type RegistryTldRules = Readonly<{
  tld: string;
  minYears: number;
  maxYears: number;
  /** Whether labels may be internationalized (`xn--` A-labels). */
  idn: boolean;
  /** Whether the registry takes DS records for names under it. */
  dnssec: boolean;
  /** When general availability starts, for a TLD announced but not yet open; null once (or if always) open. */
  opensAt: number | null;
}>;

/** Whether names can be registered under the TLD at `at` (its general availability has started). */
export const isOpenAt = (rules: RegistryTldRules, at: number): boolean => rules.opensAt === null || rules.opensAt <= at;

/**
 * Why the TLD's rules refuse to register `name` for `years` at `at` (an EPP result and a message); none if they allow
 * it.
 */
export const tldRefusalOf = (
  rules: RegistryTldRules,
  name: string,
  years: number,
  at: number,
): { readonly result: EppResult; readonly message: string } | undefined => {
  if (!isOpenAt(rules, at)) {
    return { result: 'PARAMETER_VALUE_POLICY', message: `.${rules.tld} opens for registration later` };
  }
  if (years < rules.minYears || years > rules.maxYears) {
    return {
      result: 'PARAMETER_VALUE_RANGE',
      message: `.${rules.tld} registers for ${rules.minYears} to ${rules.maxYears} years, not ${years}`,
    };
  }
  if (!rules.idn && name.split('.').some((label) => label.startsWith('xn--'))) {
    return { result: 'PARAMETER_VALUE_POLICY', message: `.${rules.tld} takes no internationalized names` };
  }
  return undefined;
};
