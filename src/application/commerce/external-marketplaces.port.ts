import { MarketplaceSource } from '../../domain/commerce/marketplace-sale';

export interface MarketplacePurchase {
  /** Names the purchase at the marketplace: the same id asked again is the same purchase, never a second one. */
  readonly purchaseId: string;
  readonly source: MarketplaceSource;
  readonly name: string;
  /** What the buyer was quoted: the purchase is refused if the seller asks another price now. */
  readonly priceCents: number;
}

export type PurchaseOutcome =
  /** Bought: the seller's registrar gives the name up with this code, by a transfer that takes days. */
  { readonly ok: true; readonly authorizationCode: string } | { readonly ok: false; readonly reason: string };

/**
 * The brokers of the external marketplaces (`extmarket_a`, `extmarket_b`): a name bought there arrives by transfer.
 * The embedded default models their flow against the sandbox registry; an adapter for a broker's API implements
 * the same call.
 */
export abstract class ExternalMarketplaces {
  abstract purchase(purchase: MarketplacePurchase): Promise<PurchaseOutcome>;
}
