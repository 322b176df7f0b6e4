import {
  ExternalMarketplaces,
  MarketplacePurchase,
  PurchaseOutcome,
} from '../../application/commerce/external-marketplaces.port';
import { SellerListings } from '../../application/dns-domains/seller-listings.port';
import { Clock } from '../../application/shared/clock';
import { EventStore } from '../../application/shared/event-store.port';
import { handleCommand, loadStream } from '../../application/shared/handle-command';
import { marketplaceSaleDecider, marketplaceSaleStream } from '../../domain/commerce/marketplace-sale';
import { DomainError } from '../../domain/shared/errors';
import { SandboxCatalogue } from '../registry/sandbox-catalogue';

/**
 * The embedded brokers of `extmarket_a` and `extmarket_b`: a purchase of a name listed there at the price asked
 * sells it (once per purchase id, in the event store) and hands over the transfer code its registrar (the sandbox
 * registry's other registrar) holds for it, as a broker does once the buyer has paid; the name then arrives by
 * transfer. A name sold is no longer listed (`SeededSellerListings`).
 */
export class SandboxMarketplaces extends ExternalMarketplaces {
  constructor(
    private readonly store: EventStore,
    private readonly listings: SellerListings,
    private readonly catalogue: SandboxCatalogue,
    private readonly clock: Clock,
  ) {
    super();
  }

  async purchase({ purchaseId, source, name, priceCents }: MarketplacePurchase): Promise<PurchaseOutcome> {
    const code = this.catalogue.seeded.get(name)?.authInfo;
    const stream = marketplaceSaleStream(name);
    const listing = (await this.listings.find([name])).get(name);
    // a sale made for this purchase before (a delivery retried) is not refused for being sold
    const { state: sale } = await loadStream(this.store, stream, marketplaceSaleDecider);
    if (sale.status !== 'SOLD' || sale.purchaseId !== purchaseId) {
      if (!listing || listing.source !== source || code === undefined)
        return { ok: false, reason: `${name} is no longer for sale on ${source.toLowerCase()}` };
      if (listing.priceCents !== priceCents)
        return { ok: false, reason: `the seller of ${name} asks another price now` };
    }
    try {
      const data = { name, source, purchaseId, priceCents, at: this.clock.now() };
      await handleCommand(this.store, stream, marketplaceSaleDecider, { type: 'SellListing', data });
    } catch (error) {
      if (error instanceof DomainError) return { ok: false, reason: error.message };
      throw error;
    }
    return { ok: true, authorizationCode: code! };
  }
}
