/**
 * The sales tax table the cart charges by (issue 26): the general rate of each place, in parts per million of the
 * pre-tax amount, by the registrant contact's country, and for the United States and Canada by its state or
 * province code. A place not in the table is charged none.
 *
 * Data, not rules: when a rate changes, change its line and `TAX_TABLE_AS_OF`. The rates are the general ones; which
 * goods a place taxes (some states exempt digital services) is for the operator to settle with a tax adviser, by
 * setting such a place to 0 here.
 */
export const TAX_TABLE_AS_OF = '2025-08-01';

export const TAX_TABLE_SOURCES = [
  'European Commission, "VAT rates applied in the Member States of the European Union" (standard rates; Estonia 24% from 2025-07-01, Romania 21% from 2025-08-01, Slovakia 23% from 2025-01-01, Finland 25.5% from 2024-09-01)',
  'Tax Foundation, "State and Local Sales Tax Rates, 2025" (state rates only, no local rates)',
  'Canada Revenue Agency, "GST/HST rates" (the federal GST, or the HST where a province harmonised; Nova Scotia 14% from 2025-04-01)',
  'HM Revenue & Customs (UK 20%), Skatteetaten (Norway 25%), Swiss Federal Tax Administration (8.1% from 2024), Australian Taxation Office (GST 10%), Inland Revenue NZ (GST 15%), National Tax Agency Japan (10%), IRAS Singapore (GST 9% from 2024)',
] as const;

const percent = (rate: number): number => Math.round(rate * 10_000);

/** Countries by ISO 3166-1 alpha-2 code, where the rate is the same in the whole country. */
export const COUNTRY_RATES_PPM: Readonly<Record<string, number>> = {
  AT: percent(20),
  BE: percent(21),
  BG: percent(20),
  HR: percent(25),
  CY: percent(19),
  CZ: percent(21),
  DK: percent(25),
  EE: percent(24),
  FI: percent(25.5),
  FR: percent(20),
  DE: percent(19),
  GR: percent(24),
  HU: percent(27),
  IE: percent(23),
  IT: percent(22),
  LV: percent(21),
  LT: percent(21),
  LU: percent(17),
  MT: percent(18),
  NL: percent(21),
  PL: percent(23),
  PT: percent(23),
  RO: percent(21),
  SK: percent(23),
  SI: percent(22),
  ES: percent(21),
  SE: percent(25),
  GB: percent(20),
  NO: percent(25),
  CH: percent(8.1),
  AU: percent(10),
  NZ: percent(15),
  JP: percent(10),
  SG: percent(9),
};

/** United States by state code (and DC): the state's own rate. */
export const US_STATE_RATES_PPM: Readonly<Record<string, number>> = {
  AL: percent(4),
  AK: 0,
  AZ: percent(5.6),
  AR: percent(6.5),
  CA: percent(7.25),
  CO: percent(2.9),
  CT: percent(6.35),
  DE: 0,
  DC: percent(6),
  FL: percent(6),
  GA: percent(4),
  HI: percent(4),
  ID: percent(6),
  IL: percent(6.25),
  IN: percent(7),
  IA: percent(6),
  KS: percent(6.5),
  KY: percent(6),
  LA: percent(5),
  ME: percent(5.5),
  MD: percent(6),
  MA: percent(6.25),
  MI: percent(6),
  MN: percent(6.875),
  MS: percent(7),
  MO: percent(4.225),
  MT: 0,
  NE: percent(5.5),
  NV: percent(6.85),
  NH: 0,
  NJ: percent(6.625),
  NM: percent(4.875),
  NY: percent(4),
  NC: percent(4.75),
  ND: percent(5),
  OH: percent(5.75),
  OK: percent(4.5),
  OR: 0,
  PA: percent(6),
  RI: percent(7),
  SC: percent(6),
  SD: percent(4.2),
  TN: percent(7),
  TX: percent(6.25),
  UT: percent(6.1),
  VT: percent(6),
  VA: percent(5.3),
  WA: percent(6.5),
  WV: percent(6),
  WI: percent(5),
  WY: percent(4),
};

/** Canada by province code: HST where the province harmonised, else the federal GST. */
export const CA_PROVINCE_RATES_PPM: Readonly<Record<string, number>> = {
  AB: percent(5),
  BC: percent(5),
  MB: percent(5),
  NB: percent(15),
  NL: percent(15),
  NS: percent(14),
  NT: percent(5),
  NU: percent(5),
  ON: percent(13),
  PE: percent(15),
  QC: percent(5),
  SK: percent(5),
  YT: percent(5),
};
