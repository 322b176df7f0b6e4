import { Price } from '../shared/price';

/** What a reseller pays for under a TLD: the four priced actions of a DNS name's life. */
export type DnsPricedAction = 'REGISTRATION' | 'RENEWAL' | 'TRANSFER' | 'RESTORATION';

/**
 * One TLD's prices in US cents: registration and renewal per year, a transfer (which adds one year), and the
 * restoration of a name in its redemption period (a fee of its own, on top of any renewal).
 */
export type TldPrices = Readonly<{
  registrationCents: number;
  renewalCents: number;
  transferCents: number;
  restorationCents: number;
}>;

/** The embedded price list, for TLDs the operator has not priced: close to what retail registrars ask. */
export const DEFAULT_TLD_PRICES: Readonly<Record<string, TldPrices>> = {
  com: { registrationCents: 12_99, renewalCents: 14_99, transferCents: 12_99, restorationCents: 80_00 },
  net: { registrationCents: 13_99, renewalCents: 15_99, transferCents: 13_99, restorationCents: 80_00 },
  org: { registrationCents: 10_99, renewalCents: 13_99, transferCents: 10_99, restorationCents: 80_00 },
  io: { registrationCents: 39_99, renewalCents: 54_99, transferCents: 39_99, restorationCents: 150_00 },
  ai: { registrationCents: 89_99, renewalCents: 89_99, transferCents: 89_99, restorationCents: 150_00 },
  co: { registrationCents: 11_99, renewalCents: 29_99, transferCents: 29_99, restorationCents: 80_00 },
  app: { registrationCents: 14_99, renewalCents: 16_99, transferCents: 14_99, restorationCents: 80_00 },
  dev: { registrationCents: 12_99, renewalCents: 14_99, transferCents: 12_99, restorationCents: 80_00 },
  xyz: { registrationCents: 1_99, renewalCents: 13_99, transferCents: 12_99, restorationCents: 80_00 },
  info: { registrationCents: 3_99, renewalCents: 21_99, transferCents: 18_99, restorationCents: 80_00 },
  shop: { registrationCents: 29_99, renewalCents: 39_99, transferCents: 39_99, restorationCents: 80_00 },
};

/**
 * The price of `action` for a name under a TLD priced `prices`, for `years` (registration and renewal; a transfer
 * is always one year, a restoration has no period). A premium name (the registry's yearly price, `premiumCents`)
 * registers, renews and transfers at that price a year, since registries set those themselves; its restoration
 * costs the TLD's fee like any other. `listPriceCents` is one year's price, `subTotalCents` the whole charge.
 */
export const dnsPriceOf = (
  action: DnsPricedAction,
  prices: TldPrices,
  { years, premiumCents }: { readonly years: number; readonly premiumCents: number | null },
): Price => {
  if (action === 'RESTORATION') {
    return { type: 'STANDARD', listPriceCents: prices.restorationCents, subTotalCents: prices.restorationCents };
  }
  const standard = {
    REGISTRATION: prices.registrationCents,
    RENEWAL: prices.renewalCents,
    TRANSFER: prices.transferCents,
  }[action];
  const yearly = premiumCents ?? standard;
  const periods = action === 'TRANSFER' ? 1 : years;
  return {
    type: premiumCents === null ? 'STANDARD' : 'PREMIUM',
    listPriceCents: yearly,
    subTotalCents: yearly * periods,
  };
};
