import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DnsFlags, GetDnsFlags } from '../../../../application/dns-domains/domain-flags';
import { GetRenewalTerms, RenewalQuote } from '../../../../application/dns-domains/renew-domain.command';
import { ResellerSettings } from '../../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../../application/identity/authenticator';
import { ExistingOperation } from '../../../../domain/operations/operation';
import { NotFound } from '../../../../domain/shared/errors';
import { domainNameForms } from '../../../../domain/shared/idna';
import { parseSecondLevelName } from '../../../../domain/shared/names';
import { formattedUsd } from '../../../../domain/shared/price';
import { DnsZoneRow } from '../../../../projections/dns-zones/dns-zones.projection';
import { GetDnsZone } from '../../../../projections/dns-zones/dns-zones.queries';
import { ListPendingOperations } from '../../../../projections/operation-list/operation-list.queries';
import { PortfolioRow } from '../../../../projections/portfolio/portfolio.projection';
import { GetPortfolioDomains } from '../../../../projections/portfolio/portfolio.queries';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { DomainGetBody } from './action-bodies.dto';
import { isoOrNull, portfolioDomainView } from './portfolio-views';
import { Registry } from '../../../../application/registry/registry.port';

const SHOWN_FLAGS = ['DNS_RESOLUTION', 'DNS_TRANSFER_OUT', 'DNS_WHOIS_PROXY', 'DNS_DELETE', 'DNS_UPDATE'] as const;

/** What a registered DNS name has beyond its portfolio entry; undefined parts where it is not registered yet. */
interface DnsDetail {
  readonly renewal: RenewalQuote | undefined;
  readonly flags: DnsFlags | undefined;
  readonly zone: DnsZoneRow | undefined;
}

const renewalView = (quote: RenewalQuote | undefined) => {
  if (!quote?.price) return null;
  const { terms, price } = quote;
  return {
    isEligible: terms.isEligible,
    period: terms.period,
    pricePerYear: price.listPriceCents,
    pricePerYearFormatted: formattedUsd(price.listPriceCents),
  };
};

const dnsView = (zone: DnsZoneRow | undefined, ours: readonly string[]) => ({
  nameservers: zone
    ? zone.nameservers === null
      ? { status: 'default', nameservers: ours }
      : { status: zone.nameservers.length > 0 ? 'custom' : 'none', nameservers: zone.nameservers }
    : null,
  hosting: zone
    ? zone.hosting.map((site) => ({
        subName: site.subName,
        type: site.type,
        targetUrl: site.targetUrl,
        certificateStatus: site.certificate ? 'ACTIVE' : 'PENDING',
      }))
    : null,
  dnssec: zone ? { enabled: zone.signing !== null, valid: zone.signing !== null && zone.nameservers === null } : null,
});

const detailView = (
  asked: string,
  row: PortfolioRow,
  detail: DnsDetail | undefined,
  pending: readonly ExistingOperation[],
  ours: readonly string[],
  now: number,
) => {
  const entry = portfolioDomainView(row, now);
  return {
    domain: asked,
    found: true,
    ...entry,
    lifecycle: {
      purchasedAt: entry.purchasedAt,
      expiresAt: entry.expiresAt,
      renewal: renewalView(detail?.renewal),
      autoRenewal: entry.autoRenewal,
    },
    flags: detail?.flags
      ? Object.fromEntries(SHOWN_FLAGS.map((flag) => [flag, { status: detail.flags![flag].status }]))
      : null,
    dns: detail ? dnsView(detail.zone, ours) : { nameservers: null, hosting: null, dnssec: null },
    marketplace: {
      listing: entry.listing,
      offersCount: entry.offersCount,
      leadsCount: entry.leadsCount,
      watchlistCount: entry.watchlistCount,
    },
    pendingOperations: pending.map((op) => ({
      id: op.id,
      type: op.type,
      status: op.status,
      createdAt: isoOrNull(op.createdAt),
    })),
  };
};

/** A part only a registered name has: undefined while it is not (asked for, being transferred in). */
const unlessNotFound = async <T>(read: Promise<T>): Promise<T | undefined> => {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
};

@Injectable()
export class DomainGetAction implements AgentActionHandler<DomainGetBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_get',
    title: 'Get domains in detail',
    description:
      "Up to 50 of the user's domains in detail: what svc_portfolio_list shows, plus renewal pricing and eligibility, flags, DNS configuration (nameservers, hosting, DNSSEC), marketplace metrics and the operations still running on each. A name that is not in the portfolio comes back with found: false and an error.",
    body: DomainGetBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true, openWorld: true },
    answer: 'GetPortfolioDomainsResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly settings: ResellerSettings,
    private readonly registry: Registry,
  ) {}

  async run(body: DomainGetBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const forms = body.domains.map((asked) => domainNameForms(asked));
    const names = forms.flatMap((form) => (form ? [form.name] : []));
    const [held, now]: [ReadonlyMap<string, PortfolioRow>, number] = await Promise.all([
      this.queries.execute(new GetPortfolioDomains(accountId, names)),
      this.registry.now(),
    ]);
    const domains = await Promise.all(
      body.domains.map(async (asked, index) => {
        const form = forms[index];
        if (!form) return { domain: asked, found: false, error: 'This is not a domain name.' };
        const row = held.get(form.name);
        if (!row) return { domain: asked, found: false, error: `${form.name} is not in this account's portfolio.` };
        const pending: readonly ExistingOperation[] = await this.queries.execute(new ListPendingOperations(form.name));
        const own = pending.filter((op) => op.accountId === accountId);
        const detail = row.registryType === 'dns' ? await this.dnsDetail(accountId, form.name) : undefined;
        return detailView(asked, row, detail, own, this.settings.nameservers, now);
      }),
    );
    return { domains };
  }

  private async dnsDetail(accountId: string, name: string): Promise<DnsDetail> {
    // a portfolio's DNS names are registered names: label.tld
    const secondLevel = parseSecondLevelName(name, [name.slice(name.lastIndexOf('.') + 1)]);
    if (!secondLevel.ok) return { renewal: undefined, flags: undefined, zone: undefined };
    const [renewal, flags, zone] = await Promise.all([
      unlessNotFound<RenewalQuote>(this.queries.execute(new GetRenewalTerms(accountId, secondLevel))),
      unlessNotFound<DnsFlags>(this.queries.execute(new GetDnsFlags(accountId, secondLevel))),
      this.queries.execute<GetDnsZone, DnsZoneRow | undefined>(new GetDnsZone(accountId, name)),
    ]);
    return { renewal, flags, zone };
  }
}
