import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AccountNames } from '../../../application/dns-domains/account-names';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { DomainChanges, DomainChangeType } from '../../../application/dns-domains/update-domain.command';
import { Principal } from '../../../application/identity/authenticator';
import { subNameOf } from '../../../domain/dns-domains/zone-records';
import { hostingShownOf, pendingHostingChangesOf } from '../../../domain/dns-domains/hosting-shown';
import { ExistingOperation } from '../../../domain/operations/operation';
import { GetDnsZone } from '../../../projections/dns-zones/dns-zones.queries';
import { ListPendingOperations } from '../../../projections/operation-list/operation-list.queries';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { operationResult } from '../shared/operation-results';
import { decodeCursor, resellerPage } from '../shared/partner-lists';
import { isRecordPosition, recordSetsPage } from '../shared/zone-record-pages';
import { NoQuery, PreviewQuery } from '../shared/request-params';
import { partnerType } from '../../../application/shared/partner-type';
import { ZoneAsked } from '../../../application/dns-domains/zone-requests';
import {
  hostingAskedOf,
  hostingRemovalOf,
  nameserversAskedOf,
  recordCreateAskedOf,
  recordUpdateAskedOf,
} from './dns-input';
import {
  DnssecEnableDto,
  HostingDeleteDto,
  HostingListQuery,
  HostingPutDto,
  NameserversPutDto,
  NameserversQuery,
  RecordIdParams,
  RecordListQuery,
  RecordRequestDto,
  RecordUpdateDto,
} from './dns-setup.dto';
import { dnsNameOf, domainChangeOf } from './reseller-input';
import { DnsNameParams } from './reseller-params.dto';
import { hostingView, nameserversView, recordView } from './reseller-views';

/** Record sets per page of `GET /dns/records`. */
const PAGE = 100;

/** The DNS of one of the account's names: its record sets, nameservers, signing and hosted names. */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerDnsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly names: AccountNames,
    private readonly settings: ResellerSettings,
  ) {}

  @Get('domains/:name/dns/records')
  @Documented({
    summary: 'Record sets of the zone, by name and type, filtered by type and name',
    answer: 'DnsRecordList',
  })
  async records(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: RecordListQuery,
  ) {
    const name = dnsNameOf(params.name);
    await this.names.get(principal.accountId, name);
    const after = decodeCursor(query.$cursor, isRecordPosition);
    const subNames = query.subName?.map((subName) => subNameOf(subName, name.name));
    const zone = await this.queries.execute(new GetDnsZone(principal.accountId, name.name));
    const filter = { types: query.type, subNames };
    const { page, next } = recordSetsPage(zone, this.settings.hostingAddresses, filter, after, PAGE);
    return resellerPage(
      this.settings.namespace,
      page.map(({ set, readonlyReasons }) => recordView(this.settings.namespace, set, readonlyReasons)),
      next,
    );
  }

  @Post('domains/:name/dns/records')
  @Documented({
    summary: 'Create a record set; `$upsert` says what to do when the name has records of the type already',
    answer: 'DomainDnsRecordOperationResult',
    refuses: ['RECORD_EXISTS', 'CONCURRENT_OPERATION'],
  })
  async createRecord(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
    @Body() body: RecordRequestDto,
  ) {
    const name = dnsNameOf(params.name).name;
    const records = recordCreateAskedOf(body, name);
    return this.recordResult(await this.change(principal, params, 'DOMAIN_DNS_RECORD_CREATE', { records }, query));
  }

  @Patch('domains/:name/dns/records/:id')
  @Documented({
    summary: "Change a record set's values and TTL",
    answer: 'DomainDnsRecordOperationResult',
    refuses: ['CONCURRENT_OPERATION'],
  })
  async updateRecord(
    @CurrentPrincipal() principal: Principal,
    @Param() params: RecordIdParams,
    @Query() query: PreviewQuery,
    @Body() body: RecordUpdateDto,
  ) {
    const records = recordUpdateAskedOf(params.id, body);
    return this.recordResult(await this.change(principal, params, 'DOMAIN_DNS_RECORD_UPDATE', { records }, query));
  }

  @Delete('domains/:name/dns/records/:id')
  @Documented({
    summary: 'Delete a record set',
    answer: 'DomainDnsRecordOperationResult',
    refuses: ['CONCURRENT_OPERATION'],
  })
  async deleteRecord(
    @CurrentPrincipal() principal: Principal,
    @Param() params: RecordIdParams,
    @Query() query: PreviewQuery,
  ) {
    const records = { create: [], update: [], delete: [params.id] };
    return this.recordResult(await this.change(principal, params, 'DOMAIN_DNS_RECORD_DELETE', { records }, query));
  }

  @Get('domains/:name/dns/nameservers')
  @Documented({
    summary: 'The nameservers the registry delegates the name to, and its DS records',
    answer: 'NameServerList',
  })
  async nameservers(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: NameserversQuery,
  ) {
    const mine = await this.names.get(principal.accountId, dnsNameOf(params.name));
    return nameserversView(this.settings.namespace, mine, (query.$expand ?? []).includes('dnssec'));
  }

  @Put('domains/:name/dns/nameservers')
  @HttpCode(200)
  @Documented({
    summary: 'Delegate the name to your own nameservers (with the DS records of their signing): ours stop serving it',
    answer: 'DomainDnsNameServerOperationResult',
    refuses: ['CONCURRENT_OPERATION'],
  })
  async setNameservers(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
    @Body() body: NameserversPutDto,
  ) {
    const nameservers = nameserversAskedOf(body.items, body.dnssec);
    const op = await this.change(principal, params, 'DOMAIN_DNS_NAME_SERVER_UPDATE', { nameservers }, query);
    return operationResult(this.settings.namespace, 'DomainDnsNameServerOperationResult', op);
  }

  @Delete('domains/:name/dns/nameservers')
  @Documented({
    summary: 'Delegate the name back to our nameservers, which serve its zone again',
    answer: 'DomainDnsNameServerOperationResult',
    refuses: ['CONCURRENT_OPERATION'],
  })
  async revertNameservers(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
  ) {
    const nameservers = nameserversAskedOf(undefined, undefined, true);
    const op = await this.change(principal, params, 'DOMAIN_DNS_NAME_SERVER_UPDATE', { nameservers }, query);
    return operationResult(this.settings.namespace, 'DomainDnsNameServerOperationResult', op);
  }

  @Get('domains/:name/dns/security')
  @Documented({
    summary: 'Whether the name is signed: DS records published for it at the registry',
    answer: 'DnsSecurityStatus',
  })
  async security(@CurrentPrincipal() principal: Principal, @Param() params: DnsNameParams, @Query() _query: NoQuery) {
    const mine = await this.names.get(principal.accountId, dnsNameOf(params.name));
    return {
      '@type': partnerType(this.settings.namespace, 'DomainDnsSecurityOperationResult'),
      status: mine.info.ds.length > 0 ? 'ENABLED' : 'DISABLED',
    };
  }

  @Post('domains/:name/dns/security')
  @Documented({
    summary: 'Sign the zone on our nameservers (ECDSA P-256) and publish its DS at the registry',
    answer: 'DomainDnsSecurityOperationResult',
    refuses: ['NO_CHANGE', 'CONCURRENT_OPERATION'],
  })
  async enableSecurity(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
    @Body() _body: DnssecEnableDto,
  ) {
    const op = await this.change(principal, params, 'DOMAIN_DNS_SECURITY_ENABLE', { dnssec: true }, query);
    return operationResult(this.settings.namespace, 'DomainDnsSecurityOperationResult', op);
  }

  @Delete('domains/:name/dns/security')
  @Documented({
    summary: 'Withdraw the DS from the registry, then stop signing the zone',
    answer: 'DomainDnsSecurityOperationResult',
    refuses: ['NO_CHANGE', 'CONCURRENT_OPERATION'],
  })
  async disableSecurity(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
  ) {
    const op = await this.change(principal, params, 'DOMAIN_DNS_SECURITY_DELETE', { dnssec: false }, query);
    return operationResult(this.settings.namespace, 'DomainDnsSecurityOperationResult', op);
  }

  @Get('domains/:name/dns/hosting')
  @Documented({
    summary: 'Hosted names of the zone: redirects and reverse proxies, with their certificate status',
    answer: 'HostingList',
  })
  async hosting(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: HostingListQuery,
  ) {
    const name = dnsNameOf(params.name);
    await this.names.get(principal.accountId, name);
    decodeCursor(query.$cursor, isRecordPosition); // one page holds every hosted name: any cursor is past the end
    const subNames = query.subName?.map((subName) => subNameOf(subName, name.name));
    const [zone, pending] = await Promise.all([
      this.queries.execute(new GetDnsZone(principal.accountId, name.name)),
      this.queries.execute<ListPendingOperations, readonly ExistingOperation[]>(new ListPendingOperations(name.name)),
    ]);
    const mine = pending.filter((operation) => operation.accountId === principal.accountId);
    const sites = query.$cursor ? [] : hostingShownOf(zone?.hosting ?? [], pendingHostingChangesOf(mine));
    return resellerPage(
      this.settings.namespace,
      sites
        .filter((site) => !subNames || subNames.includes(site.subName))
        .map((site) => hostingView(this.settings.namespace, site)),
      null,
    );
  }

  @Put('domains/:name/dns/hosting')
  @HttpCode(200)
  @Documented({
    summary: 'Host a name of the zone: a 301 or 302 redirect, or a reverse proxy, served over HTTP and HTTPS',
    answer: 'DomainHostingOperationResult',
    refuses: ['CONCURRENT_OPERATION'],
  })
  async setHosting(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
    @Body() body: HostingPutDto,
  ) {
    const hosting = hostingAskedOf(body, dnsNameOf(params.name).name, this.settings.hostingOutbound);
    const op = await this.change(principal, params, 'DOMAIN_HOSTING_UPDATE', { hosting }, query);
    return operationResult(this.settings.namespace, 'DomainHostingOperationResult', op);
  }

  @Delete('domains/:name/dns/hosting')
  @Documented({
    summary: 'Stop hosting a name of the zone (the apex unless `subName` is given)',
    answer: 'DomainHostingOperationResult',
    refuses: ['CONCURRENT_OPERATION'],
  })
  async removeHosting(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
    @Body() body: HostingDeleteDto,
  ) {
    const hosting = hostingRemovalOf(body, dnsNameOf(params.name).name);
    const op = await this.change(principal, params, 'DOMAIN_HOSTING_DISABLE', { hosting }, query);
    return operationResult(this.settings.namespace, 'DomainHostingOperationResult', op);
  }

  private recordResult(op: ExistingOperation) {
    return operationResult(this.settings.namespace, 'DomainDnsRecordOperationResult', op);
  }

  private change(
    principal: Principal,
    params: { name: string },
    type: DomainChangeType,
    zone: ZoneAsked,
    query: PreviewQuery,
  ): Promise<ExistingOperation> {
    const changes: DomainChanges = { flags: {}, contacts: {}, ...zone };
    return this.commands.execute(domainChangeOf(principal.accountId, params.name, type, changes, query));
  }
}
