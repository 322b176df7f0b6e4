import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { SearchCandidate, SearchPlan, searchPlanOf } from '../../domain/dns-domains/domain-search';
import { NameAvailability, DnsCatalogue } from './dns-catalogue';
import { ResellerSettings } from './reseller-settings';

export interface DomainSearchPage {
  readonly plan: SearchPlan;
  /** The candidates of the page, each with its availability, in the plan's order. */
  readonly found: readonly (NameAvailability & { readonly query: string })[];
}

/**
 * `svc_domains_search`: the plan of names the queries stand for, and the availability of one page of them (only the
 * page is asked of the registry: the plan alone gives the total).
 */
export class SearchDomains extends Query<DomainSearchPage> {
  constructor(
    readonly queries: readonly string[],
    /** TLDs asked for, lowercase and sold (the caller checks them); undefined when none were. */
    readonly tlds: readonly string[] | undefined,
    readonly offset: number,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(SearchDomains)
export class SearchDomainsHandler implements IQueryHandler<SearchDomains> {
  constructor(
    private readonly catalogue: DnsCatalogue,
    private readonly settings: ResellerSettings,
  ) {}

  async execute({ queries, tlds, offset, limit }: SearchDomains): Promise<DomainSearchPage> {
    const plan = searchPlanOf(queries, tlds, this.settings.tlds);
    const page: readonly SearchCandidate[] = plan.candidates.slice(offset, offset + limit);
    const found = page.length > 0 ? await this.catalogue.availability(page.map(({ name }) => name)) : [];
    return { plan, found: found.map((each, index) => ({ ...each, query: page[index].query })) };
  }
}
