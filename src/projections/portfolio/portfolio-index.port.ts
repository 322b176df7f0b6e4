import { RegistryType } from '../../domain/portfolio/domain-tags';
import { PortfolioRow } from './portfolio.projection';

export type PortfolioOrder =
  'name' | 'length' | 'purchasedAt' | 'expiresAt' | 'listingPrice' | 'offers' | 'leads' | 'watchlistCount';

/** What `svc_portfolio_list` asks for, defaults applied. */
export interface PortfolioCriteria {
  readonly registryType: RegistryType;
  /** Lowercase; names holding it in either form. */
  readonly searchTerm?: string;
  readonly status: 'all' | 'for-sale' | 'unlisted';
  /** Expiring between now and so many days from now. */
  readonly expiringWithinDays?: number;
  /** true: expired before now; false: not expired (or never expiring, as blockchain domains). */
  readonly expired?: boolean;
  /** Characters of the label's Unicode form; at least 1. */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly autoRenewal?: boolean;
  /** Every one of them, lowercase. */
  readonly tags: readonly string[];
  /** Missing values (no expiry, no listing) last in both directions; the name breaks ties. */
  readonly orderBy: PortfolioOrder;
  readonly direction: 'asc' | 'desc';
}

export interface PortfolioPage {
  readonly rows: PortfolioRow[];
  /** How many documents of the holders the criteria match in all. */
  readonly total: number;
}

/**
 * The portfolio's documents searched by their fields: one page in the criteria's order, and the total. The
 * documents' own store reads JSON; this port's adapter reads typed columns that follow them (migration 0009).
 */
export abstract class PortfolioIndex {
  abstract page(
    holders: readonly string[],
    criteria: PortfolioCriteria,
    now: number,
    offset: number,
    limit: number,
  ): Promise<PortfolioPage>;
}
