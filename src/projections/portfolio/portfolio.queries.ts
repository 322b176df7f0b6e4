import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Registry } from '../../application/registry/registry.port';
import { DocumentStore } from '../../application/shared/document-store.port';
import { EventStore } from '../../application/shared/event-store.port';
import { loadWeb3Account } from '../../application/web3/web3-streams';
import { RegistryType } from '../../domain/portfolio/domain-tags';
import { PortfolioCriteria, PortfolioIndex, PortfolioPage } from './portfolio-index.port';
import { portfolio, portfolioId, PortfolioRow } from './portfolio.projection';

/** Who holds an account's domains: the account for DNS, its wallets' addresses on chain. */
const holdersOf = async (store: EventStore, accountId: string, registryType: RegistryType): Promise<string[]> => {
  if (registryType === 'dns') return [accountId];
  const account = await loadWeb3Account(store, accountId);
  return [...account.custodial.values(), ...account.external].flatMap((address) => (address ? [address] : []));
};

/** One page of an account's portfolio, with the total the criteria match. */
/** A page, and the registry time its filters were applied at (what its listings' status is read as of). */
export type PortfolioPageAt = PortfolioPage & { readonly now: number };

export class ListPortfolio extends Query<PortfolioPageAt> {
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
    private readonly index: PortfolioIndex,
    private readonly store: EventStore,
    private readonly registry: Registry,
  ) {}

  async execute({ accountId, criteria, offset, limit }: ListPortfolio): Promise<PortfolioPageAt> {
    // the registry's time: the names' expiries and their listings' ends are on its clock
    const now = await this.registry.now();
    const holders = await holdersOf(this.store, accountId, criteria.registryType);
    if (holders.length === 0) return { rows: [], total: 0, now };
    return { ...(await this.index.page(holders, criteria, now, offset, limit)), now };
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
    const unique = [...new Set(names)];
    const rows = await Promise.all(
      unique.map((name) =>
        Promise.all([
          this.documents.get<PortfolioRow>(portfolio.name, portfolioId('dns', name)),
          this.documents.get<PortfolioRow>(portfolio.name, portfolioId('web3', name)),
        ]),
      ),
    );
    for (const [index, [dns, web3]] of rows.entries()) {
      const name = unique[index];
      if (dns?.holder === accountId) found.set(name, dns);
      else if (web3 && web3.name === name && wallets.has(web3.holder)) found.set(name, web3);
    }
    return found;
  }
}
