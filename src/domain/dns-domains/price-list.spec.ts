import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DEFAULT_TLD_PRICES, TldPrices } from './dns-pricing';
import { MAX_PRICE_CENTS, PRICE_LIST_STREAM, priceListDecider, SetTldPrices, tldPricesOf } from './price-list';

const at = 1_700_000_000_000;
const given = deciderSpec(priceListDecider);
const cheaper: TldPrices = { registrationCents: 999, renewalCents: 1199, transferCents: 999, restorationCents: 6000 };
const set = (tld: string, prices: TldPrices): SetTldPrices => ({ type: 'SetTldPrices', data: { tld, prices, at } });

describe('the DNS price list', () => {
  it('changes the prices of a TLD, recording when', () =>
    given()
      .when(set('com', cheaper))
      .then({ type: 'TldPricesSet', data: { tld: 'com', prices: cheaper, at } }));

  it('answers the operator prices first, the defaults otherwise, and nothing for an unpriced TLD', () => {
    const list = fold(priceListDecider, [{ type: 'TldPricesSet', data: { tld: 'com', prices: cheaper, at } }]);
    expect(tldPricesOf(list, 'com')).toEqual(cheaper);
    expect(tldPricesOf(list, 'net')).toEqual(DEFAULT_TLD_PRICES.net);
    expect(tldPricesOf(list, 'museum')).toBeUndefined();
    expect(tldPricesOf(list, 'constructor')).toBeUndefined();
    expect(tldPricesOf(fold(priceListDecider, []), 'com')).toEqual(DEFAULT_TLD_PRICES.com);
  });

  it('prices a TLD the defaults do not know', () =>
    given()
      .when(set('museum', cheaper))
      .thenState({ prices: { museum: cheaper } }));

  it('records nothing when the prices do not change, defaults included', () => {
    given().when(set('com', DEFAULT_TLD_PRICES.com)).thenNothing();
    given({ type: 'TldPricesSet', data: { tld: 'com', prices: cheaper, at } })
      .when(set('com', cheaper))
      .thenNothing();
    given()
      .when(set('com', { ...DEFAULT_TLD_PRICES.com, restorationCents: 1 }))
      .then({
        type: 'TldPricesSet',
        data: { tld: 'com', prices: { ...DEFAULT_TLD_PRICES.com, restorationCents: 1 }, at },
      });
  });

  it('takes prices from zero to the bound', () =>
    given()
      .when(set('com', { ...cheaper, registrationCents: 0, renewalCents: MAX_PRICE_CENTS }))
      .thenState({ prices: { com: { registrationCents: 0, renewalCents: MAX_PRICE_CENTS } } }));

  it.each([
    ['registrationCents', -1],
    ['renewalCents', MAX_PRICE_CENTS + 1],
    ['transferCents', 12.5],
    ['restorationCents', Number.NaN],
  ])('refuses %s of %s', (field, cents) =>
    given()
      .when(set('com', { ...cheaper, [field]: cents }))
      .thenThrows(Refused, {
        code: 'VALIDATION',
        message: new RegExp(`^${field} is a whole number of cents from 0 to 10000000$`),
        context: { path: field },
      }),
  );

  it.each(['', 'COM', '.com', '-com', 'com-', 'a'.repeat(64), 'co m'])('refuses the TLD "%s"', (tld) =>
    given()
      .when(set(tld, cheaper))
      .thenThrows(Refused, { code: 'VALIDATION', message: /is not a TLD$/, context: { path: 'tld' } }),
  );

  it('takes a TLD of one character and of 63', () => {
    given()
      .when(set('x', cheaper))
      .thenState({ prices: { x: cheaper } });
    given()
      .when(set(`a${'-'.repeat(61)}b`, cheaper))
      .thenState({ prices: { [`a${'-'.repeat(61)}b`]: cheaper } });
  });

  it('keeps one stream, named once and for all, and fails loudly on what a newer version wrote', () => {
    expect(PRICE_LIST_STREAM).toBe('dns-price-list');
    given()
      .when({ type: 'SetAllPrices', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(priceListDecider, [{ type: 'PriceListCleared', data: {} } as never])).toThrow(/unexpected value/);
  });
});
