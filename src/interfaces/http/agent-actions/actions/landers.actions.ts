import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ResellerSettings } from '../../../../application/dns-domains/reseller-settings';
import { GetLander, StoreLander, TakeDownLander } from '../../../../application/dns-domains/landers.commands';
import { Principal } from '../../../../application/identity/authenticator';
import { Lander } from '../../../../domain/dns-domains/lander';
import { landerDesignOf } from '../../../../domain/dns-domains/lander-design';
import { formattedUsd } from '../../../../domain/shared/price';
import { DnsZoneRow } from '../../../../projections/dns-zones/dns-zones.projection';
import { GetDnsZone } from '../../../../projections/dns-zones/dns-zones.queries';
import { MarketListingRow } from '../../../../projections/marketplace/market-listings.projection';
import { GetMarketListings } from '../../../../projections/marketplace/market-listings.queries';
import { designNameOf, landerHtmlOf } from '../../../web/lander/lander-page';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { askedDnsName, bulkAnswer, resultsByName, resultOf } from './dns-changes';
import { GenerateLanderBody, LanderDomainsBody } from './lander-bodies.dto';

@Injectable()
export class GenerateLanderAction implements AgentActionHandler<GenerateLanderBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_generate_lander',
    title: 'Make a landing page for domains',
    description:
      "Makes a one-page website for up to 50 of the user's domains and serves it at the domain itself (over HTTP, from this service's hosting), from templates of ours guided by instructions: the kind of page (coming soon, business, personal; a listed domain gets its for-sale page with its price and a link to buy or offer), its colours (dark, blue, green, warm), and its text (the first sentence under the name, the rest below). A new page replaces the last. The page shows while the domain has no address of its own (no A, AAAA or CNAME record, no hosting at @): svc_domain_lander_status says whether it is hosted.",
    body: GenerateLanderBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: false },
    answer: 'GenerateLanderResponse',
    keyed: true,
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly settings: ResellerSettings,
  ) {}

  async run(body: GenerateLanderBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsByName(body.domains, async (name) => {
      const listings: ReadonlyMap<string, MarketListingRow> = await this.queries.execute(
        new GetMarketListings([name.name]),
      );
      const listing = listings.get(name.name);
      const design = landerDesignOf(body.instructions ?? '', listing !== undefined);
      const html = landerHtmlOf({
        unicodeName: name.unicode,
        design,
        listing: listing
          ? {
              price: listing.priceCents > 0 ? formattedUsd(listing.priceCents) : null,
              offers: listing.offersEnabled,
              page: `${this.settings.publicUrl}/market/${name.name}`,
            }
          : null,
      });
      const jobId = randomUUID();
      await this.commands.execute(new StoreLander(accountId, name, { jobId, design: designNameOf(design), html }));
      return { jobId };
    });
    return bulkAnswer(results);
  }
}

/** Where a page stands: hosted once the zone the DNS server and hosting listener serve shows it. */
const statusOf = (page: Lander['page'], zone: DnsZoneRow | undefined) => {
  if (!page) return { status: 'none' };
  if (zone?.lander?.jobId !== page.jobId) return { status: 'processing', hostingType: 'LANDER' };
  const apexTaken =
    zone.hosting.some((site) => site.subName === '') ||
    zone.records.some((set) => set.subName === '' && ['A', 'AAAA', 'CNAME', 'ALIAS'].includes(set.type));
  if (apexTaken) {
    return {
      status: 'failed',
      hostingType: 'LANDER',
      error:
        'the domain has an address of its own (an A, AAAA, CNAME or ALIAS record, or hosting at @): remove it to show the page',
    };
  }
  if (zone.nameservers !== null) {
    return {
      status: 'failed',
      hostingType: 'LANDER',
      error: 'the domain is delegated to other nameservers: set the default ones to show the page',
    };
  }
  return { status: 'hosted', hostingType: 'LANDER' };
};

@Injectable()
export class LanderStatusAction implements AgentActionHandler<LanderDomainsBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_lander_status',
    title: "Check domains' landing pages",
    description:
      "Whether each of up to 50 of the user's domains has a landing page and shows it: hosted (served at the domain), processing (just made, on its way to the DNS and hosting servers), failed (with why: the domain has an address of its own, or other nameservers), none (no page).",
    body: LanderDomainsBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'LanderStatusResponse',
  };

  constructor(private readonly queries: QueryBus) {}

  async run(body: LanderDomainsBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = [];
    for (const { name: asked } of body.domains) {
      const result = await resultOf(asked, async () => {
        const name = askedDnsName(asked);
        const [page, zone]: [Lander['page'], DnsZoneRow | undefined] = await Promise.all([
          this.queries.execute(new GetLander(accountId, name)),
          this.queries.execute(new GetDnsZone(accountId, name.name)),
        ]);
        return statusOf(page, zone);
      });
      // the reference's status results carry no success flag: a name that is not the user's shows none, with why
      const { success, domain: _domain, ...status } = result;
      results.push(success ? { domain: asked, ...status } : { domain: asked, status: 'none', error: result.error });
    }
    return { results };
  }
}

@Injectable()
export class DownloadLanderAction implements AgentActionHandler<LanderDomainsBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_download_lander',
    title: "Download domains' landing pages",
    description:
      "The landing page of each of up to 50 of the user's domains as one HTML file (format html, htmlContent): self-contained, its style inline, ready to host anywhere.",
    body: LanderDomainsBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'DownloadLanderResponse',
  };

  constructor(private readonly queries: QueryBus) {}

  async run(body: LanderDomainsBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsByName(body.domains, async (name) => {
      const page: Lander['page'] = await this.queries.execute(new GetLander(accountId, name));
      if (!page)
        return {
          success: false,
          error: `${name.name} has no landing page: make one with svc_domain_generate_lander`,
        };
      return { format: 'html', htmlContent: page.html };
    });
    return bulkAnswer(results);
  }
}

@Injectable()
export class RemoveLanderAction implements AgentActionHandler<LanderDomainsBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_remove_lander',
    title: "Take down domains' landing pages",
    description:
      "Takes down the landing page of up to 50 of the user's domains: the domain answers as it did before (its for-sale page if it is listed, nothing otherwise). One result per domain.",
    body: LanderDomainsBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true },
    answer: 'RemoveLanderResponse',
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: LanderDomainsBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsByName(body.domains, async (name) => {
      await this.commands.execute(new TakeDownLander(accountId, name));
      return {};
    });
    return bulkAnswer(results);
  }
}
