import { SellerListing } from '../../domain/dns-domains/dns-availability';

/**
 * Registered names their owners offer for sale on the external marketplaces (`extmarket_a`, `extmarket_b`). The
 * embedded default is a seeded catalogue; an adapter for a marketplace's feed implements the same call.
 */
export abstract class SellerListings {
  /** The listings of those of `names` that are for sale, by name. */
  abstract find(names: readonly string[]): Promise<ReadonlyMap<string, SellerListing>>;
}
