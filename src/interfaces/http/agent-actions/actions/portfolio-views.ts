import { formattedUsd } from '../../../../domain/shared/price';
import { PortfolioListing, PortfolioRow } from '../../../../projections/portfolio/portfolio.projection';

export const isoOrNull = (millis: number | null): string | null =>
  millis === null ? null : new Date(millis).toISOString();

/** The holder's listing of a name: `expired` once its end has passed at `now`, until the seller lists it again. */
const listingView = (listing: PortfolioListing | null | undefined, now: number) =>
  listing
    ? {
        id: listing.id,
        price: listing.priceCents,
        priceFormatted: formattedUsd(listing.priceCents),
        status: now < listing.expiresAt ? 'active' : 'expired',
        createdAt: new Date(listing.createdAt).toISOString(),
        expiresAt: new Date(listing.expiresAt).toISOString(),
      }
    : null;

/** A portfolio entry as `svc_portfolio_list` answers it (`decisions.md` §1), its listing as of `now`. */
export const portfolioDomainView = (row: PortfolioRow, now: number) => {
  const name = row.name ?? '';
  return {
    name,
    ...(row.unicodeName && row.unicodeName !== name ? { unicodeName: row.unicodeName } : {}),
    extension: row.extension ?? '',
    label: row.label ?? '',
    punycode: name.split('.').some((label) => label.startsWith('xn--')),
    registryType: row.registryType,
    purchasedAt: isoOrNull(row.purchasedAt),
    expiresAt: isoOrNull(row.expiresAt),
    transferStatus: row.transferStatus,
    tags: row.tags,
    offersCount: row.offersCount,
    leadsCount: row.leadsCount,
    watchlistCount: row.watchlistCount,
    listing: listingView(row.listing, now),
    // a DNS name renews itself when on; a blockchain name does not expire
    autoRenewal:
      row.registryType === 'dns'
        ? { status: row.autoRenewal ? 'enabled' : 'disabled', expiresAt: isoOrNull(row.expiresAt) }
        : null,
  };
};
