import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Registry } from '../../application/registry/registry.port';
import { DocumentStore } from '../../application/shared/document-store.port';
import { MarketListingCriteria, MarketListingIndex } from './market-listing-index.port';
import { marketListings, MarketListingRow } from './market-listings.projection';

/** One page of the marketplace's open listings (surface D's browsing), as of the registry's time. */
export class BrowseMarketListings extends Query<readonly MarketListingRow[]> {
  constructor(
    readonly criteria: MarketListingCriteria,
    readonly offset: number,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(BrowseMarketListings)
export class BrowseMarketListingsHandler implements IQueryHandler<BrowseMarketListings> {
  constructor(
    private readonly index: MarketListingIndex,
    private readonly registry: Registry,
  ) {}

  async execute({ criteria, offset, limit }: BrowseMarketListings): Promise<readonly MarketListingRow[]> {
    return this.index.page(criteria, await this.registry.now(), offset, limit);
  }
}

/** The open listings of these names, by name: one past its expiry at the registry's time is not there. */
export class GetMarketListings extends Query<ReadonlyMap<string, MarketListingRow>> {
  constructor(readonly names: readonly string[]) {
    super();
  }
}

@QueryHandler(GetMarketListings)
export class GetMarketListingsHandler implements IQueryHandler<GetMarketListings> {
  constructor(
    private readonly documents: DocumentStore,
    private readonly registry: Registry,
  ) {}

  async execute({ names }: GetMarketListings): Promise<ReadonlyMap<string, MarketListingRow>> {
    const [now, rows] = await Promise.all([
      this.registry.now(),
      Promise.all([...new Set(names)].map((name) => this.documents.get<MarketListingRow>(marketListings.name, name))),
    ]);
    return new Map(rows.flatMap((row) => (row && row.expiresAt > now ? [[row.name, row]] : [])));
  }
}
