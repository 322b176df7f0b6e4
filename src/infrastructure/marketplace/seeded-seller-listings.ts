import { SellerListings } from '../../application/dns-domains/seller-listings.port';
import { EventStore } from '../../application/shared/event-store.port';
import { marketplaceSaleStream } from '../../domain/commerce/marketplace-sale';
import { SellerListing } from '../../domain/dns-domains/dns-availability';

/**
 * The embedded external marketplaces: a few names the sandbox registry holds for another registrar, listed by
 * their owners (`SANDBOX_SELLER_LISTINGS`) until one is sold (`SandboxMarketplaces`). Asking prices in US cents.
 */
export const SANDBOX_SELLER_LISTINGS: ReadonlyMap<string, SellerListing> = new Map([
  ['sunrise.com', { source: 'EXTMARKET_A', priceCents: 450_000 }],
  ['coffeeshop.net', { source: 'EXTMARKET_A', priceCents: 89_000 }],
  ['brightpath.io', { source: 'EXTMARKET_B', priceCents: 120_000 }],
]);

export class SeededSellerListings extends SellerListings {
  constructor(
    private readonly store: EventStore,
    private readonly listings: ReadonlyMap<string, SellerListing> = SANDBOX_SELLER_LISTINGS,
  ) {
    super();
  }

  async find(names: readonly string[]): Promise<ReadonlyMap<string, SellerListing>> {
    const listed = names.flatMap((name) => {
      const listing = this.listings.get(name);
      return listing ? [[name, listing] as const] : [];
    });
    // a name sold is no longer for sale
    const sold = await Promise.all(listed.map(([name]) => this.store.readLast(marketplaceSaleStream(name))));
    return new Map(listed.filter((_entry, index) => sold[index] === undefined));
  }
}
