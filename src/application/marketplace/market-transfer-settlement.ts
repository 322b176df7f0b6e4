import { Injectable } from '@nestjs/common';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import { orderDecider, orderStream, placedOf } from '../../domain/commerce/order';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { marketLeaseDecider, marketLeaseStream } from '../../domain/marketplace/lease';
import { marketListingDecider, marketListingStream } from '../../domain/marketplace/listing';
import { marketTransferKindOf } from '../../domain/marketplace/market-transfer';
import { decideSaleSettlement, leaseIdOf } from '../../domain/marketplace/sale-settlement';
import { ExistingOperation } from '../../domain/operations/operation';
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
    if ((kind !== 'PURCHASE' && kind !== 'LEASE') || !op.paidBy || !op.domain) return [];
    const { orderId, productId } = op.paidBy;
    const order = placedOf((await streams.load(orderStream(orderId), orderDecider)).state);
    const { sale } = order.lines.find(({ line }) => line.productId === productId)!.line;
    if (!sale) return [];
    const name = op.domain;
    const domain = await streams.load(dnsDomainStream(name), dnsDomainDecider);
    const listing = await streams.load(marketListingStream(name), marketListingDecider);
    const sellerFunds = await streams.load(accountFundsStream(sale.sellerAccountId), accountFundsDecider);
    const lease = await streams.load(marketLeaseStream(leaseIdOf(orderId, productId)), marketLeaseDecider);
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
        marketNow: await this.registry.now(),
        at,
      },
      { domain: domain.state, listing: listing.state, sellerFunds: sellerFunds.state, lease: lease.state },
    );
    return [
      writeAfter(domain, decision.domain),
      writeAfter(listing, decision.listing),
      writeAfter(sellerFunds, decision.sellerFunds),
      writeAfter(lease, decision.lease),
    ];
  }
}
