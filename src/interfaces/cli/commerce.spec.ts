import { promoTermsOf } from './commerce';

describe('promo code terms given to the CLI', () => {
  it('reads a percentage, the kinds it covers, a minimum spend, an expiry day and counts', () =>
    expect(
      promoTermsOf('welcome10', {
        title: 'Welcome',
        percent: '12.5',
        kinds: 'registration,extmarket_b',
        minimumSpend: '20',
        expires: '2027-01-31',
        usesPerAccount: '1',
        usesInAll: '500',
      }),
    ).toEqual({
      code: 'WELCOME10',
      title: 'Welcome',
      off: { percentBasisPoints: 1250 },
      kinds: ['REGISTRATION', 'EXTMARKET_B'],
      minimumSpendCents: 2000,
      // through the last day, UTC
      expiresAt: Date.UTC(2027, 1, 1),
      usesPerAccount: 1,
      usesInAll: 500,
    }));

  it('reads a fixed amount on every kind, without expiry or limits, and an instant with its zone', () => {
    expect(promoTermsOf('FIVE', { title: 'Five off', amount: '500c' })).toEqual({
      code: 'FIVE',
      title: 'Five off',
      off: { fixedCents: 500 },
      kinds: [],
      minimumSpendCents: 0,
      expiresAt: null,
      usesPerAccount: null,
      usesInAll: null,
    });
    const at = promoTermsOf('FIVE', { title: 't', amount: '5', expires: '2027-01-31T12:00:00+01:00' }).expiresAt;
    expect(at).toBe(Date.UTC(2027, 0, 31, 11));
  });

  it.each([
    [{ title: 't' }, 'give either --percent or --amount'],
    [{ title: 't', percent: '10', amount: '5' }, 'give either --percent or --amount'],
    [{ title: 't', percent: '0' }, '--percent: from 0.01 to 100, not "0"'],
    [{ title: 't', percent: '100.01' }, '--percent: from 0.01 to 100, not "100.01"'],
    [{ title: 't', percent: 'ten' }, '--percent: from 0.01 to 100, not "ten"'],
    [{ title: 't', amount: '-5' }, '--amount: an amount is 12.99 or 1299c, not "-5"'],
    [
      { title: 't', amount: '5', kinds: 'registration,hosting' },
      '--kinds: registration, renewal, listed, extmarket_a, extmarket_b, not "hosting"',
    ],
    [
      { title: 't', amount: '5', kinds: 'constructor' },
      '--kinds: registration, renewal, listed, extmarket_a, extmarket_b, not "constructor"',
    ],
    [{ title: 't', amount: '5', minimumSpend: '1,000' }, '--minimum-spend: an amount is 12.99 or 1299c, not "1,000"'],
    [
      { title: 't', amount: '5', expires: 'next week' },
      '--expires: a day (2027-01-31) or an instant with its zone, not "next week"',
    ],
    [
      { title: 't', amount: '5', expires: '2027-01-31T12:00' },
      '--expires: a day (2027-01-31) or an instant with its zone, not "2027-01-31T12:00"',
    ],
    [{ title: 't', amount: '5', usesPerAccount: '0' }, '--uses-per-account: a whole number from 1, not "0"'],
    [{ title: 't', amount: '5', usesInAll: '1.5' }, '--uses-in-all: a whole number from 1, not "1.5"'],
  ])('refuses %j', (options, message) => {
    expect(() => promoTermsOf('CODE', options)).toThrow(message);
  });
});
