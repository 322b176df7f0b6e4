import { DEFAULT_TLD_PRICES, dnsPriceOf, TldPrices } from './dns-pricing';

const prices: TldPrices = { registrationCents: 1299, renewalCents: 1499, transferCents: 1199, restorationCents: 8000 };
const standard = { years: 1, premiumCents: null };

describe('DNS prices', () => {
  it('charge registration and renewal per year of the period', () => {
    expect(dnsPriceOf('REGISTRATION', prices, { ...standard, years: 3 })).toEqual({
      type: 'STANDARD',
      listPriceCents: 1299,
      subTotalCents: 3897,
    });
    expect(dnsPriceOf('RENEWAL', prices, { ...standard, years: 2 })).toEqual({
      type: 'STANDARD',
      listPriceCents: 1499,
      subTotalCents: 2998,
    });
  });

  it('charge a transfer once, whatever the period (it adds one year)', () =>
    expect(dnsPriceOf('TRANSFER', prices, { ...standard, years: 5 })).toEqual({
      type: 'STANDARD',
      listPriceCents: 1199,
      subTotalCents: 1199,
    }));

  it('charge a restoration its fee, premium or not', () => {
    const restoration = { type: 'STANDARD', listPriceCents: 8000, subTotalCents: 8000 };
    expect(dnsPriceOf('RESTORATION', prices, { years: 3, premiumCents: null })).toEqual(restoration);
    expect(dnsPriceOf('RESTORATION', prices, { years: 1, premiumCents: 250_000 })).toEqual(restoration);
  });

  it('charge a premium name the registry premium price a year for registration, renewal and transfer', () => {
    const premium = { years: 2, premiumCents: 250_000 };
    expect(dnsPriceOf('REGISTRATION', prices, premium)).toEqual({
      type: 'PREMIUM',
      listPriceCents: 250_000,
      subTotalCents: 500_000,
    });
    expect(dnsPriceOf('RENEWAL', prices, premium)).toMatchObject({ type: 'PREMIUM', subTotalCents: 500_000 });
    expect(dnsPriceOf('TRANSFER', prices, premium)).toMatchObject({ type: 'PREMIUM', subTotalCents: 250_000 });
  });

  it('price every TLD the service sells by default, in whole cents', () => {
    expect(Object.keys(DEFAULT_TLD_PRICES)).toEqual([
      'com',
      'net',
      'org',
      'io',
      'ai',
      'co',
      'app',
      'dev',
      'xyz',
      'info',
      'shop',
    ]);
    for (const tld of Object.values(DEFAULT_TLD_PRICES)) {
      expect(Object.keys(tld).sort()).toEqual([
        'registrationCents',
        'renewalCents',
        'restorationCents',
        'transferCents',
      ]);
      expect(Object.values(tld).every((cents) => Number.isSafeInteger(cents) && cents > 0)).toBe(true);
    }
    expect(DEFAULT_TLD_PRICES.com).toEqual({
      registrationCents: 1299,
      renewalCents: 1499,
      transferCents: 1299,
      restorationCents: 8000,
    });
  });
});
