import { CA_PROVINCE_RATES_PPM, COUNTRY_RATES_PPM, US_STATE_RATES_PPM } from './sales-tax-rates';

/** Where an order is taxed: the registrant contact's country and, in the United States and Canada, its state. */
export interface TaxPlace {
  readonly countryCode: string;
  readonly stateProvince: string;
}

const BY_SUBDIVISION: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  US: US_STATE_RATES_PPM,
  CA: CA_PROVINCE_RATES_PPM,
};

/**
 * The sales tax rate of a place, in parts per million: its state's or province's where the table goes that deep,
 * else its country's; none for a place the table does not hold, or when no contact says where the buyer is.
 */
/** A table's rate for `key`; never a property every object has (`constructor`, `__proto__`). */
const rateIn = (table: Readonly<Record<string, number>>, key: string): number =>
  Object.hasOwn(table, key) ? table[key] : 0;

export const taxRateOf = (place: TaxPlace | null): number => {
  if (!place) return 0;
  const country = place.countryCode.toUpperCase();
  if (country === 'US' || country === 'CA') return rateIn(BY_SUBDIVISION[country], place.stateProvince.toUpperCase());
  return rateIn(COUNTRY_RATES_PPM, country);
};
