import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Registry } from '../../application/registry/registry.port';
import { MarketOfferCriteria, MarketOfferIndex, MarketOfferPage } from './market-offer-index.port';

/** One page of the offers on a seller's names, and the registry time their expiry was read at. */
export class ListMarketOffers extends Query<MarketOfferPage & { now: number }> {
  constructor(
    readonly criteria: MarketOfferCriteria,
    readonly offset: number,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(ListMarketOffers)
export class ListMarketOffersHandler implements IQueryHandler<ListMarketOffers> {
  constructor(
    private readonly index: MarketOfferIndex,
    private readonly registry: Registry,
  ) {}

  async execute({ criteria, offset, limit }: ListMarketOffers): Promise<MarketOfferPage & { now: number }> {
    const now = await this.registry.now();
    return { ...(await this.index.page(criteria, now, offset, limit)), now };
  }
}
