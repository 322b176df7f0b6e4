import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AccountNames } from '../../../../application/dns-domains/account-names';
import { ResellerSettings } from '../../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../../application/identity/authenticator';
import { Registry } from '../../../../application/registry/registry.port';
import { EventStore } from '../../../../application/shared/event-store.port';
import { loadStream } from '../../../../application/shared/handle-command';
import { hostingShownOf, pendingHostingChangesOf } from '../../../../domain/dns-domains/hosting-shown';
import { marketListingDecider, marketListingStream, openListingAt } from '../../../../domain/marketplace/listing';
import { ExistingOperation } from '../../../../domain/operations/operation';
import { Refused } from '../../../../domain/shared/errors';
import { SecondLevelName } from '../../../../domain/shared/names';
import { DnsZoneRow } from '../../../../projections/dns-zones/dns-zones.projection';
import { GetDnsZone } from '../../../../projections/dns-zones/dns-zones.queries';
import { ListPendingOperations } from '../../../../projections/operation-list/operation-list.queries';
import { hostingAskedOf, hostingRemovalOf } from '../../partner-reseller/dns-input';
import { HostingPutDto } from '../../partner-reseller/dns-setup.dto';
import { decodeCursor } from '../../shared/partner-lists';
import { RequestValidationError } from '../../shared/problem';
import { isRecordPosition } from '../../shared/zone-record-pages';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { DnsHostingListBody, HostingAddBody, HostingAddLine, HostingRemoveBody } from './dns-bodies.dto';
import { askedDnsName, bulkAnswer, resultsOf, changeDomain, shownSubName } from './dns-changes';

/** The name's for-sale page on this service: what a LISTING_PAGE redirects to, exactly (served-zone.ts). */
const forSalePageOf = (settings: ResellerSettings, name: string): string => `${settings.publicUrl}/market/${name}`;

@Injectable()
export class DnsHostingListAction implements AgentActionHandler<DnsHostingListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_hosting_list',
    title: "List a domain's hosting",
    description:
      "The names of one of the user's domains that this service hosts (the domain itself as @, or a name below it): a 301 or 302 redirect or a reverse proxy to targetUrl, or the domain's for-sale page (LISTING_PAGE), with the status of the change (PENDING while its operation runs) and of its HTTPS certificate. Every hosted name fits on one page.",
    body: DnsHostingListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'DnsHostingListResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly names: AccountNames,
    private readonly settings: ResellerSettings,
  ) {}

  async run(body: DnsHostingListBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const { name } = await this.names.get(accountId, askedDnsName(body.domain));
    // one page holds every hosted name (20 at most): any cursor is past the end
    const past = decodeCursor(body.cursor, isRecordPosition, 'cursor') !== undefined;
    const [zone, pending]: [DnsZoneRow | undefined, readonly ExistingOperation[]] = await Promise.all([
      this.queries.execute(new GetDnsZone(accountId, name.name)),
      this.queries.execute(new ListPendingOperations(name.name)),
    ]);
    const mine = pending.filter((operation) => operation.accountId === accountId);
    const sites = past ? [] : hostingShownOf(zone?.hosting ?? [], pendingHostingChangesOf(mine));
    return {
      domain: name.name,
      configs: sites.map((site) => ({
        type: site.targetUrl === forSalePageOf(this.settings, name.name) ? 'LISTING_PAGE' : site.type,
        subName: shownSubName(site.subName),
        targetUrl: site.targetUrl,
        status: site.status,
        certificateStatus: site.certificateStatus,
      })),
      pagination: { hasMore: false, nextCursor: null },
    };
  }
}

@Injectable()
export class DnsHostingAddAction implements AgentActionHandler<HostingAddBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_hosting_add',
    title: 'Host domains: redirect, proxy or for-sale page',
    description:
      "Has this service answer web requests for up to 50 of the user's domains (or a name below one, subName), over HTTP and HTTPS with a certificate it obtains: REDIRECT_301 or REDIRECT_302 to targetUrl, REVERSE_PROXY to targetUrl's origin, or LISTING_PAGE, the domain's for-sale page here (the domain must be listed: svc_listing_create). The hosted name's address records become the hosting's; a name with its own A, AAAA or CNAME records is refused until they are removed. One operation per domain; one result per domain with its operationId and config.",
    body: HostingAddBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
    answer: 'BulkDnsOperationResponse',
    keyed: true,
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly settings: ResellerSettings,
    private readonly store: EventStore,
    private readonly registry: Registry,
  ) {}

  async run(body: HostingAddBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsOf(
      body.domains,
      (line) => line.name,
      async (line) => {
        const name = askedDnsName(line.name);
        const asked = await this.askedOf(line, name.name);
        const hosting = hostingAskedOf(asked as HostingPutDto, name.name, this.settings.hostingOutbound);
        const op = await changeDomain(this.commands, accountId, name, 'DOMAIN_HOSTING_UPDATE', { hosting });
        const config = { type: line.type, subName: shownSubName(hosting.subName), targetUrl: asked.targetUrl };
        return { operationId: op.id, subName: config.subName, config };
      },
    );
    return bulkAnswer(results);
  }

  /** The hosting a line asks for: a for-sale page is a temporary redirect to the name's page on this service. */
  private async askedOf(line: HostingAddLine, name: string) {
    if (line.type !== 'LISTING_PAGE') return line;
    if (line.targetUrl !== undefined) {
      throw new RequestValidationError([{ path: 'targetUrl', message: 'a LISTING_PAGE goes to the for-sale page' }]);
    }
    const [{ state }, now] = await Promise.all([
      loadStream(this.store, marketListingStream(name), marketListingDecider),
      this.registry.now(),
    ]);
    if (!openListingAt(state, now)) {
      throw new Refused('VALIDATION', `${name} is not listed for sale: list it first (svc_listing_create)`);
    }
    return { ...line, type: 'REDIRECT_302', targetUrl: forSalePageOf(this.settings, name) };
  }
}

@Injectable()
export class DnsHostingRemoveAction implements AgentActionHandler<HostingRemoveBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_hosting_remove',
    title: 'Stop hosting domains',
    description:
      "Stops hosting the domain itself (or subName below it) for up to 50 of the user's domains; deleteAll (with confirmDeleteAll: true) stops every hosted name of a domain that hosts one. Its address records go with the hosting. One operation per domain; one result per domain with its operationId.",
    body: HostingRemoveBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
    answer: 'BulkDnsOperationResponse',
    keyed: true,
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly names: AccountNames,
  ) {}

  async run(body: HostingRemoveBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsOf(
      body.domains,
      (line) => line.name,
      async (line) => {
        const name = askedDnsName(line.name);
        const subName = line.deleteAll
          ? await this.onlySiteOf(accountId, name, body.confirmDeleteAll === true)
          : line.subName;
        if (subName === null) return { deletedAll: true }; // nothing hosted: nothing to do
        const hosting = hostingRemovalOf({ subName }, name.name);
        const op = await changeDomain(this.commands, accountId, name, 'DOMAIN_HOSTING_DISABLE', { hosting });
        return { operationId: op.id, subName: shownSubName(hosting.subName), deletedAll: line.deleteAll === true };
      },
    );
    return bulkAnswer(results);
  }

  /**
   * The hosted name a deleteAll removes (null: none is hosted). A name takes one operation at a time and an operation
   * one hosting change, so a domain hosting several names has them removed one by one.
   */
  private async onlySiteOf(accountId: string, name: SecondLevelName, confirmed: boolean): Promise<string | null> {
    if (!confirmed) {
      throw new RequestValidationError([{ path: 'confirmDeleteAll', message: 'must be true to use deleteAll' }]);
    }
    await this.names.get(accountId, name);
    const zone: DnsZoneRow | undefined = await this.queries.execute(new GetDnsZone(accountId, name.name));
    const sites = zone?.hosting ?? [];
    if (sites.length > 1) {
      const names = sites.map((site) => shownSubName(site.subName)).join(', ');
      throw new Refused('VALIDATION', `${name.name} hosts ${sites.length} names (${names}): remove them one at a time`);
    }
    return sites[0]?.subName ?? null;
  }
}
