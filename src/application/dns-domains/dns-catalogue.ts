import { Injectable } from '@nestjs/common';
import {
  DnsAvailability,
  dnsAvailabilityOf,
  NameFacts,
  SellerListing,
} from '../../domain/dns-domains/dns-availability';
import {
  MarketListing,
  marketListingDecider,
  marketListingStream,
  openListingAt,
} from '../../domain/marketplace/listing';
import { DnsPricedAction, dnsPriceOf, TldPrices } from '../../domain/dns-domains/dns-pricing';
import { PRICE_LIST_STREAM, priceListDecider, tldPricesOf } from '../../domain/dns-domains/price-list';
import { domainActivityStream } from '../../domain/operations/domain-activity';
import { isOpenAt, RegistryTldRules } from '../../domain/registry/registry-tld';
import { SecondLevelName } from '../../domain/shared/names';
import { Price } from '../../domain/shared/price';
import { Registry } from '../registry/registry.port';
import { EventStore } from '../shared/event-store.port';
import { loadStream, loadStreams } from '../shared/handle-command';
import { ResellerSettings } from './reseller-settings';
import { SellerListings } from './seller-listings.port';

/** A TLD the service sells: the registry's rules for it and its prices now. */
export interface TldOffer {
  readonly tld: string;
  /** Undefined when the registry does not run it (a configuration mistake the catalogue shows, not hides). */
  readonly rules: RegistryTldRules | undefined;
  readonly prices: TldPrices | undefined;
  /** Names can be registered under it now: the registry runs it, it is open, and it has prices. */
  readonly canRegister: boolean;
}

/** The four prices of a name (or of a TLD's standard names), each for the shortest period its action takes. */
export type PricesOf = Readonly<Partial<Record<DnsPricedAction, Price>>> & {
  readonly period?: Readonly<{ min: number; max: number; increments: number }>;
};

export interface NameAvailability {
  readonly name: SecondLevelName;
  readonly availability: DnsAvailability;
  /** The TLD's rules and prices, as the availability was decided with them; undefined for a TLD not sold. */
  readonly offer: TldOffer | undefined;
}

const ACTIONS: readonly DnsPricedAction[] = ['REGISTRATION', 'RENEWAL', 'TRANSFER', 'RESTORATION'];

/** Surface D's catalogue: the TLDs sold, their prices and rules, and whether names can be had. */
@Injectable()
export class DnsCatalogue {
  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly listings: SellerListings,
    private readonly settings: ResellerSettings,
  ) {}

  /** Every TLD sold, in the configured order. */
  async tlds(): Promise<TldOffer[]> {
    const [rules, list, now] = await Promise.all([this.registry.tlds(), this.priceList(), this.registry.now()]);
    const byTld = new Map(rules.map((rule) => [rule.tld, rule]));
    return this.settings.tlds.map((tld) => {
      const tldRules = byTld.get(tld);
      const prices = tldPricesOf(list, tld);
      return { tld, rules: tldRules, prices, canRegister: !!tldRules && !!prices && isOpenAt(tldRules, now) };
    });
  }

  /** One TLD sold; undefined for one the service does not sell. */
  async tld(tld: string): Promise<TldOffer | undefined> {
    return (await this.tlds()).find((offer) => offer.tld === tld);
  }

  /** The prices of a TLD's standard names, or of one name (premium where the registry says so). */
  pricesOf(offer: TldOffer, premiumCents: number | null = null): PricesOf {
    const { rules, prices } = offer;
    if (!rules || !prices) return {};
    const years = rules.minYears;
    return {
      ...Object.fromEntries(ACTIONS.map((action) => [action, dnsPriceOf(action, prices, { years, premiumCents })])),
      period: { min: rules.minYears, max: rules.maxYears, increments: 1 },
    };
  }

  /** The prices of one name under a TLD sold; undefined under one the service does not sell. */
  async namePrices(name: SecondLevelName): Promise<PricesOf | undefined> {
    const offer = await this.tld(name.tld);
    if (!offer) return undefined;
    const [check] = await this.registry.check([name.name]);
    return this.pricesOf(offer, check.premiumCents);
  }

  /** Whether and how each name can be had, in the order asked. */
  async availability(names: readonly SecondLevelName[]): Promise<NameAvailability[]> {
    const [offers, now, checks, listings, held, ours] = await Promise.all([
      this.tlds(),
      this.registry.now(),
      this.registry.check(names.map(({ name }) => name)),
      this.listings.find(names.map(({ name }) => name)),
      this.held(names.map(({ name }) => name)),
      this.ourListings(names),
    ]);
    // the state at the registry of the names it holds (a name in redemption can be backordered)
    const taken = names.filter((_name, index) => checks[index].reason === 'REGISTERED');
    const infos = await this.registry.infoOfEach(taken.map(({ name }) => name));
    const offerOf = new Map(offers.map((offer) => [offer.tld, offer]));
    return names.map((name, index): NameAvailability => {
      const check = checks[index];
      const offer = offerOf.get(name.tld);
      const info = infos.get(name.name);
      const pending = held.has(name.name);
      const facts: NameFacts = {
        name: name.name,
        tld: name.tld,
        sold: offer !== undefined,
        rules: offer?.rules,
        prices: offer?.prices,
        now,
        unavailable: check.reason,
        premiumCents: check.premiumCents,
        registered: info ? { phase: info.phase, purgesAt: info.purgesAt } : null,
        pending,
        // a listing counts while its owner holds the name: one left open on a name that is gone sells nothing
        listing:
          (check.reason === 'REGISTERED' ? openListingOf(ours.get(name.name), now) : null) ??
          listings.get(name.name) ??
          null,
      };
      return { name, availability: dnsAvailabilityOf(facts, this.settings.priceLimitCents), offer };
    });
  }

  /**
   * These names' listings on our own marketplace, read from the listings' streams in one read: a listing shows in
   * every search from the moment it is made, and not a moment after it closes.
   */
  private async ourListings(names: readonly SecondLevelName[]): Promise<Map<string, MarketListing>> {
    const streams = await loadStreams(
      this.store,
      names.map(({ name }) => marketListingStream(name)),
      marketListingDecider,
    );
    return new Map(names.map(({ name }, n) => [name, streams[n].state]));
  }

  private async priceList() {
    return (await loadStream(this.store, PRICE_LIST_STREAM, priceListDecider)).state;
  }

  /** Which of these names an operation holds now (their activity streams' last word), in one read. */
  private async held(names: readonly string[]): Promise<ReadonlySet<string>> {
    const last = await this.store.readLastOfEach(names.map(domainActivityStream));
    return new Set(names.filter((name) => last.get(domainActivityStream(name))?.type === 'DomainOperationStarted'));
  }
}

/** A listing open at `now`, as the availability shows it. */
const openListingOf = (listing: MarketListing | undefined, now: number): SellerListing | null => {
  const open = listing && openListingAt(listing, now);
  return open ? { source: 'SERVICE', priceCents: open.terms.priceCents } : null;
};
