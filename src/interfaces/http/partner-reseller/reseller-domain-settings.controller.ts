import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CheckInboundTransfer } from '../../../application/dns-domains/inbound-transfers';
import { QueryBus } from '@nestjs/cqrs';
import { AccountNames } from '../../../application/dns-domains/account-names';
import { ownNamesOf } from '../../../application/dns-domains/own-names';
import { DnsCatalogue } from '../../../application/dns-domains/dns-catalogue';
import { GetAuthorizationCode, GetDnsFlags } from '../../../application/dns-domains/domain-flags';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../application/identity/authenticator';
import { partnerType } from '../../../application/shared/partner-type';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { ForResellerKeys } from '../shared/auth/partner-profile-routing';
import { Documented } from '../shared/openapi/documented';
import { NoQuery } from '../shared/request-params';
import { InboundEligibilityDto } from './register.dto';
import { dnsNameOf } from './reseller-input';
import { DnsNameParams, DomainExpandQuery } from './reseller-params.dto';
import { dnsMetadataView, flagsView, inboundEligibilityView, ownDomainView } from './reseller-views';

/** One name of surface D: its detail, DNS metadata, flags and authorization code. */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerDomainSettingsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly catalogue: DnsCatalogue,
    private readonly names: AccountNames,
    private readonly settings: ResellerSettings,
  ) {}

  @Get('domains/:name')
  @ForResellerKeys()
  @Documented({
    summary: "A name: the account's own (owner SERVICE, `$expand` registration and flags), or any other's availability",
    answer: 'Domain',
  })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: DomainExpandQuery,
  ) {
    const name = dnsNameOf(params.name);
    const [found] = await this.catalogue.availability([name]);
    const [own] = await ownNamesOf(this.names, principal.accountId, [found], query.$expand ?? []);
    return ownDomainView(this.settings.namespace, found, own);
  }

  @Get('domains/:name/dns')
  @Documented({ summary: "Who serves one of the account's names, and its registration dates", answer: 'DnsMetadata' })
  async dns(@CurrentPrincipal() principal: Principal, @Param() params: DnsNameParams, @Query() _query: NoQuery) {
    const mine = await this.names.get(principal.accountId, dnsNameOf(params.name));
    return dnsMetadataView(this.settings.namespace, mine, this.settings.nameservers);
  }

  @Get('domains/:name/flags')
  @Documented({ summary: "The flags of one of the account's names, with why one is read-only", answer: 'DomainFlags' })
  async flags(@CurrentPrincipal() principal: Principal, @Param() params: DnsNameParams, @Query() _query: NoQuery) {
    const flags = await this.queries.execute(new GetDnsFlags(principal.accountId, dnsNameOf(params.name)));
    return flagsView(this.settings.namespace, flags);
  }

  @Post('domains/:name/dns/transfers/inbound-eligibility')
  @Documented({
    summary: 'Whether a name can be transferred in with its authorization code now, and every reason it cannot',
    answer: 'InboundTransferEligibility',
  })
  async inboundEligibility(
    @Param() params: DnsNameParams,
    @Query() _query: NoQuery,
    @Body() body: InboundEligibilityDto,
  ) {
    const eligibility = await this.queries.execute(
      new CheckInboundTransfer(dnsNameOf(params.name), body.authorizationCode),
    );
    return inboundEligibilityView(eligibility);
  }

  @Get('domains/:name/dns/authorization-code')
  @Documented({
    summary: 'The code another registrar needs to transfer the name out; only while DNS_TRANSFER_OUT is on',
    answer: 'AuthorizationCode',
    refuses: ['TRANSFER_LOCKED'],
  })
  async authorizationCode(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() _query: NoQuery,
  ) {
    const code = await this.queries.execute(new GetAuthorizationCode(principal.accountId, dnsNameOf(params.name)));
    return { '@type': partnerType(this.settings.namespace, 'ICannDomainTransferAuthorizationCode'), code };
  }
}
