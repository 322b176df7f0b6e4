import { DEFAULT_TLD_PRICES } from '../../domain/dns-domains/dns-pricing';
import { AccountName } from './account-names';
import { renewalQuoteOf } from './renew-domain.command';

const now = Date.UTC(2026, 10, 23);
const mine = {
  info: { phase: 'ACTIVE', expiresAt: Date.UTC(2027, 10, 23), statuses: ['ok'] },
  now,
} as unknown as AccountName;
const rules = { maxYears: 10 };

describe('the quote of a renewal', () => {
  it('charges the renewal of the years asked', () => {
    const offer = { tld: 'com', rules, prices: DEFAULT_TLD_PRICES.com, canRegister: true } as never;
    expect(renewalQuoteOf(mine, { offer, premiumCents: null }, 2).quote).toEqual([
      { type: 'CHARGE', reason: 'DOMAIN_RENEWAL', amountCents: 2 * DEFAULT_TLD_PRICES.com.renewalCents },
    ]);
  });

  it('is never free: a TLD without prices here is not renewed', () => {
    const offer = { tld: 'com', rules, prices: undefined, canRegister: false } as never;
    const { terms, quote } = renewalQuoteOf(mine, { offer, premiumCents: null }, 1);
    expect(terms).toMatchObject({ isEligible: false, reasons: ['NOT_SOLD'] });
    expect(quote).toEqual([]);
    expect(renewalQuoteOf(mine, { offer: undefined, premiumCents: null }, 1).terms.isEligible).toBe(false);
  });
});
