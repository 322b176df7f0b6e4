import { PortfolioRow } from '../../../../projections/portfolio/portfolio.projection';

export const isoOrNull = (millis: number | null): string | null =>
  millis === null ? null : new Date(millis).toISOString();

/** A portfolio entry as `svc_portfolio_list` answers it (`decisions.md` §1); the marketplace's parts stay empty until
 * it lists the name. */
export const portfolioDomainView = (row: PortfolioRow) => {
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
    listing: null,
    // a DNS name renews itself when on; a blockchain name does not expire
    autoRenewal:
      row.registryType === 'dns'
        ? { status: row.autoRenewal ? 'enabled' : 'disabled', expiresAt: isoOrNull(row.expiresAt) }
        : null,
  };
};
