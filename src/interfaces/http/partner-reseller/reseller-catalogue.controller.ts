import { Controller, Get, Param, Query } from '@nestjs/common';
import { DnsCatalogue, TldOffer } from '../../../application/dns-domains/dns-catalogue';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { AccountNames } from '../../../application/dns-domains/account-names';
import { ownNamesOf } from '../../../application/dns-domains/own-names';
import { Principal } from '../../../application/identity/authenticator';
import { partnerType } from '../../../application/shared/partner-type';
import { suggestDnsNames } from '../../../domain/dns-domains/dns-suggestions';
import { NotFound } from '../../../domain/shared/errors';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { ForResellerKeys } from '../shared/auth/partner-profile-routing';
import { Documented } from '../shared/openapi/documented';
import { list } from '../shared/partner-lists';
import { NoQuery } from '../shared/request-params';
import { DnsNameParams, DomainAvailabilityQuery, DomainSuggestionsQuery, TldParams } from './reseller-params.dto';
import { dnsNameOf, lookupNamesOf, soldEndingsOf } from './reseller-input';
import { ownDomainView, priceView, pricingView, tldPricingView, tldSecurityView, tldView } from './reseller-views';

const SUGGESTIONS = 20;

/** Surface D's catalogue: the TLDs sold, their rules and prices, whether names can be had, and name ideas. */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerCatalogueController {
  constructor(
    private readonly catalogue: DnsCatalogue,
    private readonly names: AccountNames,
    private readonly settings: ResellerSettings,
  ) {}

  @Get('tlds')
  @Documented({ summary: 'The TLDs sold, and whether names can be registered under each now', answer: 'TldList' })
  async tlds(@Query() _query: NoQuery) {
    return list(
      this.settings.namespace,
      (await this.catalogue.tlds()).map((offer) => tldView(this.settings.namespace, offer)),
    );
  }

  @Get('tlds/:tld')
  @Documented({ summary: 'One TLD sold', answer: 'Tld' })
  async tld(@Param() params: TldParams, @Query() _query: NoQuery) {
    return tldView(this.settings.namespace, await this.offerOf(params.tld));
  }

  @Get('tlds/:tld/dns/security')
  @Documented({
    summary: 'Whether the registry of a TLD takes DS records, and the algorithms and digest types accepted',
    answer: 'TldDnsSecurityConfiguration',
  })
  async tldSecurity(@Param() params: TldParams, @Query() _query: NoQuery) {
    return tldSecurityView(this.settings.namespace, await this.offerOf(params.tld));
  }

  @Get('pricing/dns/tlds')
  @Documented({
    summary: 'Registration, renewal, transfer and restoration prices of every TLD sold',
    answer: 'TldDnsPricingList',
  })
  async tldPrices(@Query() _query: NoQuery) {
    const offers = await this.catalogue.tlds();
    return list(
      this.settings.namespace,
      offers.map((offer) => tldPricingView(this.settings.namespace, offer, this.catalogue.pricesOf(offer))),
    );
  }

  @Get('pricing/dns/tlds/:tld')
  @Documented({ summary: "One TLD's prices", answer: 'TldDnsPricing' })
  async tldPricing(@Param() params: TldParams, @Query() _query: NoQuery) {
    const offer = await this.offerOf(params.tld);
    return tldPricingView(this.settings.namespace, offer, this.catalogue.pricesOf(offer));
  }

  @Get('pricing/dns/domains/:name')
  @Documented({
    summary: "One name's prices: the TLD's, or the registry's premium price for a premium name",
    answer: 'DomainDnsPricing',
  })
  async namePricing(@Param() params: DnsNameParams, @Query() _query: NoQuery) {
    const name = dnsNameOf(params.name);
    const prices = await this.catalogue.namePrices(name);
    if (!prices) throw new NotFound('TLD', name.tld);
    return { '@type': partnerType(this.settings.namespace, 'DomainDnsPricing'), ...pricingView(prices) };
  }

  @Get('domains')
  @ForResellerKeys()
  @Documented({
    summary: 'Whether up to 50 names can be had: availability, where from, and the price',
    answer: 'DomainList',
  })
  async availability(@CurrentPrincipal() principal: Principal, @Query() query: DomainAvailabilityQuery) {
    const endings = soldEndingsOf(query.ending, this.settings.tlds);
    const names = lookupNamesOf(query.query, endings.length > 0 ? endings : this.settings.tlds);
    const found = await this.catalogue.availability(names);
    const own = await ownNamesOf(this.names, principal.accountId, found, query.$expand ?? []);
    return list(
      this.settings.namespace,
      found.map((each, index) => ownDomainView(this.settings.namespace, each, own[index])),
    );
  }

  @Get('suggestions/domains')
  @ForResellerKeys()
  @Documented({
    summary: 'Available names built from the words of the queries (related words, prefixes, suffixes, endings)',
    answer: 'DomainSuggestionList',
  })
  async suggestions(@Query() query: DomainSuggestionsQuery) {
    const asked = soldEndingsOf(query.ending, this.settings.tlds);
    const open = (await this.catalogue.tlds()).filter((offer) => offer.canRegister).map((offer) => offer.tld);
    // three candidates for every answer: the taken ones fall out
    const candidates = suggestDnsNames(query.query, asked.length > 0 ? asked : open, SUGGESTIONS * 3);
    const found = await this.catalogue.availability(candidates);
    return list(
      this.settings.namespace,
      found
        .filter(({ availability }) => availability.status === 'AVAILABLE')
        .slice(0, SUGGESTIONS)
        .map(({ name, availability }) => ({
          '@type': partnerType(this.settings.namespace, 'DomainSuggestion'),
          name: name.name,
          unicodeName: name.unicode,
          price: priceView(availability.price!), // every AVAILABLE name has its price
        })),
    );
  }

  private async offerOf(tld: string): Promise<TldOffer> {
    const offer = await this.catalogue.tld(tld.toLowerCase());
    if (!offer) throw new NotFound('TLD', tld.toLowerCase());
    return offer;
  }
}
