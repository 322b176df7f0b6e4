import { Injectable, Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../../application/identity/authenticator';
import { RecordSearch } from '../../../../application/dns-domains/record-search.command';
import { writesOfWork } from '../../../../application/shared/read-your-writes';
import { createHash } from 'node:crypto';
import { ResellerSettings } from '../../../../application/dns-domains/reseller-settings';
import { DomainSearchPage, SearchDomains } from '../../../../application/dns-domains/search-domains.query';
import { SearchVerdict, searchVerdictOf } from '../../../../domain/dns-domains/domain-search';
import { formattedUsd } from '../../../../domain/shared/price';
import { RequestValidationError } from '../../shared/problem';
import { ActionDeclaration, AgentActionHandler } from '../agent-action';
import { DomainsSearchBody } from './action-bodies.dto';

/** A stable number for a product code: what a cart line of the product will name it by. */
const productIdOf = (code: string): number => createHash('sha256').update(code).digest().readUInt32BE(0) >>> 1 || 1;

/** What a cart line of the result would buy: a registration, or a listed name (ours or an external marketplace's). */
const productOf = ({ source, status }: SearchVerdict['marketplace'], tld: string) => {
  const registration = status === 'available';
  const code = registration ? `domain-registration-${tld}` : `${source}-listing-${tld}`;
  const type = registration
    ? 'Domain'
    : { service: 'DomainListed', extmarket_a: 'ExtmarketA', extmarket_b: 'ExtmarketB' }[source];
  return { type, code, id: productIdOf(code) };
};

const resultOf = ({ name, availability, query }: DomainSearchPage['found'][number]) => {
  const verdict = searchVerdictOf(availability);
  const { price } = availability;
  // the charge for the shortest period; the yearly list price beside it where it differs (two-year TLDs, premiums)
  const pricing = price && {
    amount: price.subTotalCents,
    currency: 'USD',
    formatted: formattedUsd(price.subTotalCents),
    ...(price.listPriceCents !== price.subTotalCents
      ? { listAmount: price.listPriceCents, listFormatted: formattedUsd(price.listPriceCents) }
      : {}),
  };
  return {
    name: name.name,
    ...(name.unicode !== name.name ? { unicodeName: name.unicode } : {}),
    extension: name.tld,
    label: name.label,
    available: verdict.available,
    status: availability.status.toLowerCase(),
    marketplace: verdict.marketplace,
    searchQuery: query,
    ...(pricing ? { pricing } : {}),
    ...(verdict.available ? { product: productOf(verdict.marketplace, name.tld) } : {}),
  };
};

@Injectable()
export class DomainsSearchAction implements AgentActionHandler<DomainsSearchBody> {
  private readonly log = new Logger(DomainsSearchAction.name);

  static readonly declaration: ActionDeclaration = {
    name: 'svc_domains_search',
    title: 'Search domain names with prices',
    description:
      'Whether names can be bought and at what price: fresh registrations from the registry, and registered names their owners list for sale on the external marketplaces (extmarket_a, extmarket_b). Give a full name (coffee.ai) or a search term (coffee shop), or up to 10 of them; terms are searched under `tlds`, else under the endings the queries name, else com, net, org, ai and io. A query that cannot make a name comes back with its invalidReason.',
    body: DomainsSearchBody,
    access: { scope: 'domains:search' },
    effects: { readOnly: true, idempotent: true, openWorld: true },
    answer: 'SearchDomainsResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly settings: ResellerSettings,
  ) {}

  /**
   * Keeps the search in the history for the analytics. It is no write of the user's: the answer does not wait for
   * the read models (a record of its own), and a search whose record failed is still answered.
   */
  private async record(accountId: string, queries: number, candidates: number): Promise<void> {
    await writesOfWork
      .run(() => this.commands.execute(new RecordSearch(accountId, queries, candidates)))
      .catch((error: unknown) => this.log.warn(`a search was not recorded: ${(error as Error).message}`));
  }

  async run(body: DomainsSearchBody, caller: Principal | undefined) {
    const queries = typeof body.query === 'string' ? [body.query] : body.query;
    const tlds = body.tlds?.map((tld) => tld.trim().toLowerCase().replace(/^\./, ''));
    const unsold = (tlds ?? []).filter((tld) => !this.settings.sells(tld));
    if (unsold.length > 0)
      throw new RequestValidationError(
        unsold.map((tld) => ({ path: 'tlds', message: `.${tld} is not sold; svc_tld_list names those that are` })),
      );
    const offset = body.offset ?? 0;
    const limit = body.limit ?? 20;
    const { plan, found } = await this.queries.execute(new SearchDomains(queries, tlds, offset, limit));
    // the first page is the search; the pages after it are the same search read on (docs/analytics.md)
    if (caller && offset === 0) await this.record(caller.accountId, plan.queries.length, plan.candidates.length);
    const total = plan.candidates.length;
    const next = offset + found.length;
    const [single] = plan.queries;
    return {
      ...(typeof body.query === 'string'
        ? {
            searchQuery: single.query,
            invalidReason: single.invalidReason,
            invalidCharacters: single.invalidCharacters,
          }
        : { searchQueries: plan.queries }),
      searchedTlds: plan.searchedTlds,
      results: found.map(resultOf),
      pagination: {
        total,
        count: found.length,
        offset,
        limit,
        hasMore: next < total,
        nextOffset: next < total ? next : null,
      },
    };
  }
}
