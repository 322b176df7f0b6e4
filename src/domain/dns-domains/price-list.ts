import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { DEFAULT_TLD_PRICES, TldPrices } from './dns-pricing';

/**
 * The operator's DNS price list: one stream, so that a change is an event with its time, and a quote made before
 * it can be told from one made after.
 */
export const PRICE_LIST_STREAM = 'dns-price-list';

type Of<Data> = MessageData<{ tld: string }, Data>;
export type TldPricesSet = DomainEvent<'TldPricesSet', Of<{ prices: TldPrices }>>;
export type SetTldPrices = DomainCommand<'SetTldPrices', Of<{ prices: TldPrices }>>;

/** The TLDs priced by the operator; the others keep `DEFAULT_TLD_PRICES`. */
export type PriceList = Readonly<{ prices: Readonly<Record<string, TldPrices>> }>;

/** No price above $100,000: a bound that a misplaced digit cannot pass unnoticed. */
export const MAX_PRICE_CENTS = 100_000_00;

const TLD = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The prices of `tld` now: the operator's, or the default; none for a TLD without either. */
export const tldPricesOf = (list: PriceList, tld: string): TldPrices | undefined =>
  Object.hasOwn(list.prices, tld)
    ? list.prices[tld]
    : Object.hasOwn(DEFAULT_TLD_PRICES, tld)
      ? DEFAULT_TLD_PRICES[tld]
      : undefined;

const setTldPrices = (list: PriceList, { tld, prices, at }: SetTldPrices['data']): TldPricesSet[] => {
  if (!TLD.test(tld)) throw new Refused('VALIDATION', `"${tld}" is not a TLD`, { path: 'tld' });
  for (const [field, cents] of Object.entries(prices)) {
    if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_PRICE_CENTS) {
      throw new Refused('VALIDATION', `${field} is a whole number of cents from 0 to ${MAX_PRICE_CENTS}`, {
        path: field,
      });
    }
  }
  const current = tldPricesOf(list, tld);
  const same = current && Object.entries(prices).every(([field, cents]) => current[field as keyof TldPrices] === cents);
  return same ? [] : [{ type: 'TldPricesSet', data: { tld, prices, at } }];
};

const evolve = (list: PriceList, event: TldPricesSet): PriceList => {
  switch (event.type) {
    case 'TldPricesSet':
      return { prices: { ...list.prices, [event.data.tld]: event.data.prices } };
    default:
      return assertNever(event.type);
  }
};

const decide = (command: SetTldPrices, list: PriceList): TldPricesSet[] => {
  switch (command.type) {
    case 'SetTldPrices':
      return setTldPrices(list, command.data);
    default:
      return assertNever(command.type);
  }
};

export const priceListDecider: Decider<SetTldPrices, TldPricesSet, PriceList> = {
  initialState: () => ({ prices: {} }),
  evolve,
  decide,
};
