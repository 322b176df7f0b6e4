import { Injectable } from '@nestjs/common';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import { orderDecider, orderStream, placedOf } from '../../domain/commerce/order';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { marketLeaseDecider, marketLeaseStream } from '../../domain/marketplace/lease';
import { marketListingDecider, marketListingStream } from '../../domain/marketplace/listing';
import { marketTransferKindOf } from '../../domain/marketplace/market-transfer';
import { decideLeaseEnd, decideSaleSettlement, leaseIdOf } from '../../domain/marketplace/sale-settlement';
import { marketOfferDecider, marketOfferStream } from '../../domain/marketplace/offer';
import { ExistingOperation } from '../../domain/operations/operation';
import { DomainError } from '../../domain/shared/errors';
import { OperationFinisher } from '../operations/operation-finishers';
import { Registry } from '../registry/registry.port';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';
import { MarketplaceSettings } from './marketplace-settings';

/**
 * A marketplace operation finished: what it changes besides the order (which `OrderLineSettlement` settles) joins
 * the transaction that finishes it, so that the operation never reads as finished before the name changed hands,
 * the listing closed and the seller was credited.
 */
@Injectable()
export class MarketTransferSettlement implements OperationFinisher {
  constructor(
    private readonly registry: Registry,
    private readonly settings: MarketplaceSettings,
  ) {}

  async settle(streams: StreamReader, op: ExistingOperation, at: number): Promise<StreamWrite[]> {
    const kind = marketTransferKindOf(op.type);
    if (!kind || !op.domain) return [];
    if (kind === 'LEASE_COMPLETION' || kind === 'LEASE_DEFAULT') return this.leaseEnded(streams, op, kind, at);
    if (!op.paidBy) return [];
    const { orderId, productId } = op.paidBy;
    const order = placedOf((await streams.load(orderStream(orderId), orderDecider)).state);
    const { sale } = order.lines.find(({ line }) => line.productId === productId)!.line;
    if (!sale) return [];
    const name = op.domain;
    const domain = await streams.load(dnsDomainStream(name), dnsDomainDecider);
    const listing = await streams.load(marketListingStream(name), marketListingDecider);
    const sellerFunds = await streams.load(accountFundsStream(sale.sellerAccountId), accountFundsDecider);
    const lease = await streams.load(marketLeaseStream(leaseIdOf(orderId, productId)), marketLeaseDecider);
    const marketNow = await this.registry.now();
    const decision = decideSaleSettlement(
      {
        completed: op.status === 'COMPLETED',
        operationId: op.id,
        name,
        buyerAccountId: op.accountId,
        orderId,
        productId,
        sale,
        commissionBasisPoints: this.settings.commissionBasisPoints,
        marketNow,
        at,
      },
      { domain: domain.state, listing: listing.state, sellerFunds: sellerFunds.state, lease: lease.state },
    );
    const offerWrites =
      op.status === 'COMPLETED' && sale.offerId !== null
        ? await this.offerCompleted(streams, sale.offerId, orderId, marketNow)
        : [];
    return [
      writeAfter(domain, decision.domain),
      writeAfter(listing, decision.listing),
      writeAfter(sellerFunds, decision.sellerFunds),
      writeAfter(lease, decision.lease),
      ...offerWrites,
    ];
  }

  /** A lease's end went through at the registry (or not): the name and its listing follow. */
  private async leaseEnded(
    streams: StreamReader,
    op: ExistingOperation,
    kind: 'LEASE_COMPLETION' | 'LEASE_DEFAULT',
    at: number,
  ): Promise<StreamWrite[]> {
    const leaseId = op.dependencies[0]?.parameters.leaseId;
    if (typeof leaseId !== 'string') return [];
    const { state: lease } = await streams.load(marketLeaseStream(leaseId), marketLeaseDecider);
    if (lease.status === 'NONE') return [];
    const { name, listingId, sellerAccountId, buyerAccountId } = lease;
    const domain = await streams.load(dnsDomainStream(name), dnsDomainDecider);
    const listing = await streams.load(marketListingStream(name), marketListingDecider);
    const decision = decideLeaseEnd(
      {
        outcome: kind === 'LEASE_COMPLETION' ? 'COMPLETED' : 'DEFAULTED',
        completed: op.status === 'COMPLETED',
        operationId: op.id,
        name,
        listingId,
        sellerAccountId,
        buyerAccountId,
        at,
      },
      { domain: domain.state, listing: listing.state },
    );
    return [writeAfter(domain, decision.domain), writeAfter(listing, decision.listing)];
  }

  /** The accepted offer the sale was paid at is completed; one that can no longer be (it expired meanwhile) stays. */
  private async offerCompleted(streams: StreamReader, offerId: number, orderId: string, at: number) {
    const offer = await streams.load(marketOfferStream(offerId), marketOfferDecider);
    if (offer.state.status === 'NONE') return [];
    try {
      const { name } = offer.state;
      return [
        writeAfter(
          offer,
          marketOfferDecider.decide({ type: 'CompleteOffer', data: { offerId, name, orderId, at } }, offer.state),
        ),
      ];
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return [];
    }
  }
}
