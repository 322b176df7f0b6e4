import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MarketParties } from '../../../application/marketplace/market-parties';
import { MarketListingRow } from '../../../projections/marketplace/market-listings.projection';
import { BrowseMarketListings } from '../../../projections/marketplace/market-listings.queries';
import { Access } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { MarketplaceListingsQuery } from './reseller-params.dto';

const PER_PAGE = 20;

/** Surface D's marketplace browsing: the names listed for sale on the service's marketplace, a page at a time. */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerMarketplaceController {
  constructor(
    private readonly queries: QueryBus,
    private readonly parties: MarketParties,
  ) {}

  @Get('marketplace/domains/listings')
  @Documented({
    summary: 'The names listed for sale on the marketplace: by TLD and text, ordered by price, name or listing time',
    answer: 'MarketplaceListings',
  })
  async listings(@Query() query: MarketplaceListingsQuery) {
    const orderBy = query.orderBy ?? 'listedAt';
    const direction = query.orderDirection ?? (orderBy === 'listedAt' ? 'DESC' : 'ASC');
    const perPage = query.perPage === undefined ? PER_PAGE : Number(query.perPage);
    const page = query.$page === undefined ? 1 : Number(query.$page);
    const criteria = {
      tlds: (query.tlds ?? []).map((tld) => tld.trim().toLowerCase().replace(/^\./, '')),
      text: query.q?.trim().toLowerCase() || undefined,
      orderBy,
      direction: direction === 'DESC' ? ('desc' as const) : ('asc' as const),
    };
    // one more than the page, to know whether another follows
    const rows: readonly MarketListingRow[] = await this.queries.execute(
      new BrowseMarketListings(criteria, (page - 1) * perPage, perPage + 1),
    );
    return {
      items: rows.slice(0, perPage).map((row) => this.itemOf(row)),
      next: rows.length > perPage ? { page: page + 1, limit: perPage } : null,
    };
  }

  private itemOf(row: MarketListingRow) {
    const seller = { address: this.parties.sellerIdOf(row.sellerAccountId) };
    return {
      domain: row.name,
      unicodeName: row.unicodeName,
      status: row.priceCents > 0 ? 'FOR_SALE' : 'OFFERS_ONLY',
      listPrice: { usdCents: row.priceCents },
      // a DNS name has no address: the seller is named by an id that tells nothing of its account, and is paid out
      // through the service
      payout: seller,
      owner: seller,
      offersEnabled: row.offersEnabled,
      ...(row.leaseToOwn ? { leaseToOwn: row.leaseToOwn } : {}),
      listedAt: row.listedAt,
      expiresAt: row.expiresAt,
    };
  }
}
