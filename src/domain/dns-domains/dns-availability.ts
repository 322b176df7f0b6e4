import { RegistryPhase } from '../registry/registry-domain';
import { isOpenAt, RegistryTldRules, tldRefusalOf } from '../registry/registry-tld';
import { Price } from '../shared/price';
import { dnsPriceOf, TldPrices } from './dns-pricing';

/** `Domain.availability.status` of surface D (`decisions.md` §4). */
export const DNS_AVAILABILITY_STATUSES = [
  'AVAILABLE',
  'AVAILABLE_BACKORDER',
  'REGISTERED',
  'PROTECTED',
  'COMING_SOON',
  'DISALLOWED',
  'RESERVED',
  'AVAILABLE_FROM_SELLER',
  'EXCEEDS_PRICE_LIMIT',
  'REGISTRATION_PENDING',
] as const;
export type DnsAvailabilityStatus = (typeof DNS_AVAILABILITY_STATUSES)[number];

/** Where a name can be had: from the registry through us, or from its owner on an external marketplace. */
export type AvailabilitySource = 'SERVICE' | 'EXTMARKET_A' | 'EXTMARKET_B';

/**
 * A registered name its owner offers for sale: on our marketplace (`SERVICE`) or an external one. A price of 0 lists
 * it for offers only: it cannot be bought as it is.
 */
export type SellerListing = Readonly<{ source: AvailabilitySource; priceCents: number }>;

/** What the registry and the service know of one name, gathered before deciding (the registry's answers, as data). */
export type NameFacts = Readonly<{
  /** The name as its A-label, `label.tld`. */
  name: string;
  tld: string;
  /** Whether the service sells names under the TLD (`TLDS`). */
  sold: boolean;
  /** The registry's rules for the TLD; undefined when the registry does not run it. */
  rules: RegistryTldRules | undefined;
  prices: TldPrices | undefined;
  /** The registry's time. */
  now: number;
  /** The registry's check: null when the name can be created, else why not. */
  unavailable: 'REGISTERED' | 'RESERVED' | 'BLOCKED' | 'NOT_LAUNCHED' | 'UNKNOWN_TLD' | null;
  premiumCents: number | null;
  /** The phase of a registered name, and when the registry purges it. */
  registered: Readonly<{ phase: RegistryPhase; purgesAt: number }> | null;
  /** An unfinished operation of any account holds the name. */
  pending: boolean;
  listing: SellerListing | null;
}>;

export type DnsAvailability = Readonly<{
  status: DnsAvailabilityStatus;
  source: AvailabilitySource;
  /** What registering it costs for the shortest period, or what its seller asks. */
  price?: Price;
  /** When it can be had: a TLD's opening, a deleted name's release. */
  availableAfter?: number;
  /** The periods a registration may ask for. */
  period?: Readonly<{ min: number; max: number; increments: number }>;
  /** A registered name its owner takes offers for, with no price to buy it at. */
  offersOnly?: true;
}>;

const status = (value: DnsAvailabilityStatus, more: Omit<DnsAvailability, 'status' | 'source'> = {}) =>
  ({ status: value, source: 'SERVICE', ...more }) as const;

/**
 * Whether and how a name can be had, decided in this order: names no one may register under the TLD (not sold, not
 * run, against its rules), a TLD before its opening, names the registry holds back, a name an unfinished operation
 * is registering, registered names (deleted and about to be released, listed by their owner, or simply taken), and
 * free names (unless their premium price is above what one registration may cost).
 */
export const dnsAvailabilityOf = (facts: NameFacts, priceLimitCents: number): DnsAvailability => {
  const { rules, prices } = facts;
  if (!facts.sold || !rules || !prices || facts.unavailable === 'UNKNOWN_TLD') return status('DISALLOWED');
  if (!isOpenAt(rules, facts.now)) return status('COMING_SOON', { availableAfter: rules.opensAt ?? undefined });
  const refusal = tldRefusalOf(rules, facts.name, rules.minYears, facts.now);
  if (refusal) return status('DISALLOWED');
  if (facts.unavailable === 'RESERVED') return status('RESERVED');
  if (facts.unavailable === 'BLOCKED') return status('PROTECTED');
  const period = { min: rules.minYears, max: rules.maxYears, increments: 1 };
  if (facts.registered === null && facts.pending) return status('REGISTRATION_PENDING');
  if (facts.registered !== null) {
    if (facts.registered.phase === 'PENDING_DELETE') {
      return status('AVAILABLE_BACKORDER', { availableAfter: facts.registered.purgesAt });
    }
    if (facts.listing) {
      const { source, priceCents } = facts.listing;
      if (priceCents === 0) return { status: 'REGISTERED', source, offersOnly: true };
      return {
        status: 'AVAILABLE_FROM_SELLER',
        source,
        price: { type: 'STANDARD', listPriceCents: priceCents, subTotalCents: priceCents },
      };
    }
    return status('REGISTERED');
  }
  const price = dnsPriceOf('REGISTRATION', prices, { years: rules.minYears, premiumCents: facts.premiumCents });
  if (price.subTotalCents > priceLimitCents) return status('EXCEEDS_PRICE_LIMIT', { price, period });
  return status('AVAILABLE', { price, period });
};
