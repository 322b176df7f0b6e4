/** What the marketplace's rules depend on, read once from the configuration. */
export class MarketplaceSettings {
  constructor(
    /** What the operator keeps of each payment of a sale, in basis points (`MARKETPLACE_COMMISSION_BPS`). */
    readonly commissionBasisPoints: number,
    /** How often a worker looks for lease payments that are due (`MARKETPLACE_LEASE_CHECK_MS`). */
    readonly leaseCheckMs: number,
  ) {}
}
