import { Injectable } from '@nestjs/common';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import { decideLineOutcome } from '../../domain/commerce/checkout-decision';
import { orderDecider, orderStream, placedOf } from '../../domain/commerce/order';
import { ExistingOperation } from '../../domain/operations/operation';
import { OperationFinisher } from '../operations/operation-finishers';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';

/** Why an operation did not deliver: its first failed step's message, or that it was cancelled. */
const failureOf = (op: ExistingOperation): string =>
  op.dependencies.find((dependency) => dependency.error)?.error?.message ??
  `the operation was ${op.status.toLowerCase()}`;

/**
 * An operation an order paid for finished: its line is delivered, or failed and refunded to where it was paid from,
 * in the transaction that finishes the operation, so that no read shows it finished without its line settled.
 */
@Injectable()
export class OrderLineSettlement implements OperationFinisher {
  async settle(streams: StreamReader, op: ExistingOperation, at: number): Promise<StreamWrite[]> {
    if (!op.paidBy) return [];
    const { orderId, productId } = op.paidBy;
    const order = await streams.load(orderStream(orderId), orderDecider);
    const placed = placedOf(order.state);
    const funds = await streams.load(accountFundsStream(placed.placed.accountId), accountFundsDecider);
    const outcome = op.status === 'COMPLETED' ? ('DELIVERED' as const) : { failure: failureOf(op) };
    const decision = decideLineOutcome(productId, op.id, outcome, at, { order: placed, funds: funds.state });
    return [writeAfter(order, decision.order), writeAfter(funds, decision.funds)];
  }
}
