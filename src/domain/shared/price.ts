/**
 * A price in integer US cents (`decisions.md` §0): `listPriceCents` as the list shows it, `subTotalCents` what the
 * account is charged for what was asked (a period of several years, after adjustments). Premium prices are set per
 * name; standard ones follow from a rule or a list.
 */
export type PriceType = 'STANDARD' | 'PREMIUM';
export type Price = Readonly<{ type: PriceType; listPriceCents: number; subTotalCents: number }>;

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$12.34`, `$4,500.00`: the `*Formatted` twin of an amount in cents (`decisions.md` §0). */
export const formattedUsd = (cents: number): string => USD.format(cents / 100);
