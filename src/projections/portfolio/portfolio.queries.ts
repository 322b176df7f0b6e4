import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../application/shared/clock';
import { DocumentStore, Filter, Sort } from '../../application/shared/document-store.port';
import { EventStore } from '../../application/shared/event-store.port';
import { loadWeb3Account } from '../../application/web3/web3-streams';
import { RegistryType } from '../../domain/portfolio/domain-tags';
import { portfolio, portfolioId, PortfolioRow } from './portfolio.projection';

const DAY_MS = 86_400_000;

export type PortfolioOrder =
  'name' | 'length' | 'purchasedAt' | 'expiresAt' | 'listingPrice' | 'offers' | 'leads' | 'watchlistCount';

/** What `svc_portfolio_list` asks for, defaults applied. */
export interface PortfolioCriteria {
  readonly registryType: RegistryType;
  /** Lowercase; names holding it in either form. */
  readonly searchTerm?: string;
  readonly status: 'all' | 'for-sale' | 'unlisted';
  readonly expiringWithinDays?: number;
  readonly expired?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly autoRenewal?: boolean;
  readonly tags: readonly string[];
  readonly orderBy: PortfolioOrder;
  readonly direction: 'asc' | 'desc';
}

const SORTS: Readonly<Record<PortfolioOrder, Omit<Sort, 'direction'>>> = {
  name: { path: 'name' },
  length: { path: 'labelLength', numeric: true },
  purchasedAt: { path: 'purchasedAt', numeric: true },
  expiresAt: { path: 'expiresAt', numeric: true },
  listingPrice: { path: 'listingPriceCents', numeric: true },
  offers: { path: 'offersCount', numeric: true },
  leads: { path: 'leadsCount', numeric: true },
  watchlistCount: { path: 'watchlistCount', numeric: true },
};

/** The filters of the criteria; a token not named yet has no label, so the length filter leaves it out. */
export const portfolioFilters = (holders: readonly string[], criteria: PortfolioCriteria, now: number): Filter[] => [
  { path: 'holder', op: 'in', values: holders },
  { path: 'registryType', op: 'eq', value: criteria.registryType },
  { path: 'labelLength', op: 'range', min: criteria.minLength ?? 1, max: criteria.maxLength },
  ...(criteria.searchTerm ? [{ path: 'searchText', op: 'contains', value: criteria.searchTerm } as const] : []),
  ...(criteria.status === 'all' ? [] : [{ path: 'forSale', op: 'eq', value: criteria.status === 'for-sale' } as const]),
  ...(criteria.expiringWithinDays === undefined
    ? []
    : [{ path: 'expiresAt', op: 'range', min: now, max: now + criteria.expiringWithinDays * DAY_MS } as const]),
  ...(criteria.expired === undefined
    ? []
    : [
        criteria.expired
          ? ({ path: 'expiresAt', op: 'range', max: now - 1 } as const)
          : ({ path: 'expiresAt', op: 'range', min: now, orNull: true } as const),
      ]),
  ...(criteria.autoRenewal === undefined
    ? []
    : [{ path: 'autoRenewal', op: 'eq', value: criteria.autoRenewal } as const]),
  ...(criteria.tags.length > 0 ? [{ path: 'tags', op: 'holdsAll', values: criteria.tags } as const] : []),
];

export interface PortfolioPage {
  readonly rows: PortfolioRow[];
  readonly total: number;
}

/** Who holds an account's domains: the account for DNS, its wallets' addresses on chain. */
const holdersOf = async (store: EventStore, accountId: string, registryType: RegistryType): Promise<string[]> => {
  if (registryType === 'dns') return [accountId];
  const account = await loadWeb3Account(store, accountId);
  return [...account.custodial.values(), ...account.external].flatMap((address) => (address ? [address] : []));
};

/** One page of an account's portfolio, with the total the criteria match. */
export class ListPortfolio extends Query<PortfolioPage> {
  constructor(
    readonly accountId: string,
    readonly criteria: PortfolioCriteria,
    readonly offset: number,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(ListPortfolio)
export class ListPortfolioHandler implements IQueryHandler<ListPortfolio> {
  constructor(
    private readonly documents: DocumentStore,
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, criteria, offset, limit }: ListPortfolio): Promise<PortfolioPage> {
    const holders = await holdersOf(this.store, accountId, criteria.registryType);
    if (holders.length === 0) return { rows: [], total: 0 };
    const where = portfolioFilters(holders, criteria, this.clock.now());
    const orderBy = { ...SORTS[criteria.orderBy], direction: criteria.direction };
    // the name breaks ties of the counts and times before the id does
    const thenBy = criteria.orderBy === 'name' ? undefined : { path: 'name' };
    const { found, total } = await this.documents.findCounted<PortfolioRow>(portfolio.name, {
      where,
      orderBy,
      thenBy,
      offset,
      limit,
    });
    return { rows: found.map(({ doc }) => doc), total };
  }
}

/** The account's entries of these names (DNS and web3), by name; another holder's are not there. */
export class GetPortfolioDomains extends Query<ReadonlyMap<string, PortfolioRow>> {
  constructor(
    readonly accountId: string,
    readonly names: readonly string[],
  ) {
    super();
  }
}

@QueryHandler(GetPortfolioDomains)
export class GetPortfolioDomainsHandler implements IQueryHandler<GetPortfolioDomains> {
  constructor(
    private readonly documents: DocumentStore,
    private readonly store: EventStore,
  ) {}

  async execute({ accountId, names }: GetPortfolioDomains): Promise<ReadonlyMap<string, PortfolioRow>> {
    const wallets = new Set(await holdersOf(this.store, accountId, 'web3'));
    const found = new Map<string, PortfolioRow>();
    for (const name of new Set(names)) {
      const [dns, web3] = await Promise.all([
        this.documents.get<PortfolioRow>(portfolio.name, portfolioId('dns', name)),
        this.documents.get<PortfolioRow>(portfolio.name, portfolioId('web3', name)),
      ]);
      if (dns?.holder === accountId) found.set(name, dns);
      else if (web3 && web3.name === name && wallets.has(web3.holder)) found.set(name, web3);
    }
    return found;
  }
}
