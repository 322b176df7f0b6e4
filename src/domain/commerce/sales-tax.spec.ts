import { taxRateOf } from './sales-tax';
import {
  CA_PROVINCE_RATES_PPM,
  COUNTRY_RATES_PPM,
  TAX_TABLE_AS_OF,
  TAX_TABLE_SOURCES,
  US_STATE_RATES_PPM,
} from './sales-tax-rates';

describe('the sales tax rate of a place', () => {
  it("is a country's rate, in parts per million", () => {
    expect(taxRateOf({ countryCode: 'DE', stateProvince: 'Berlin' })).toBe(190_000);
    expect(taxRateOf({ countryCode: 'fi', stateProvince: '' })).toBe(255_000);
    expect(taxRateOf({ countryCode: 'GB', stateProvince: 'London' })).toBe(200_000);
  });

  it("is a US state's or a Canadian province's own rate, whatever the case of its code", () => {
    expect(taxRateOf({ countryCode: 'US', stateProvince: 'CA' })).toBe(72_500);
    expect(taxRateOf({ countryCode: 'US', stateProvince: 'mn' })).toBe(68_750);
    expect(taxRateOf({ countryCode: 'US', stateProvince: 'OR' })).toBe(0);
    expect(taxRateOf({ countryCode: 'CA', stateProvince: 'ON' })).toBe(130_000);
    expect(taxRateOf({ countryCode: 'ca', stateProvince: 'qc' })).toBe(50_000);
  });

  it('is none where the table says nothing, and without a place', () => {
    expect(taxRateOf({ countryCode: 'BR', stateProvince: 'SP' })).toBe(0);
    expect(taxRateOf({ countryCode: 'US', stateProvince: 'Ontario' })).toBe(0);
    expect(taxRateOf({ countryCode: 'CA', stateProvince: 'TX' })).toBe(0);
    expect(taxRateOf(null)).toBe(0);
  });

  it('never reads a property every object has as a rate', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(taxRateOf({ countryCode: key, stateProvince: key })).toBe(0);
      expect(taxRateOf({ countryCode: 'US', stateProvince: key })).toBe(0);
      expect(taxRateOf({ countryCode: 'CA', stateProvince: key })).toBe(0);
    }
  });

  it('holds whole parts per million from 0 to 30% in every table', () => {
    const rates = [COUNTRY_RATES_PPM, US_STATE_RATES_PPM, CA_PROVINCE_RATES_PPM].flatMap(Object.values);
    expect(rates.length).toBe(34 + 51 + 13);
    for (const rate of rates) expect(Number.isSafeInteger(rate) && rate >= 0 && rate <= 300_000).toBe(true);
  });
});

it('says when the table was last checked and where its rates come from', () => {
  expect(TAX_TABLE_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(Number.isNaN(Date.parse(TAX_TABLE_AS_OF))).toBe(false);
  expect(TAX_TABLE_SOURCES.length).toBeGreaterThanOrEqual(3);
});
