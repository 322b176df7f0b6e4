import { Injectable } from '@nestjs/common';
import { billingDecider, BillingEvent, billingStream } from '../../domain/billing/billing-account';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { OperationFinisher } from '../operations/operation-finishers';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';

/**
 * A renewal that did not complete credits what it charged (RENEWAL_REFUND), in the transaction that finishes its
 * operation: the balance read after `FAILED` already shows the refund.
 */
@Injectable()
export class RenewalSettlement implements OperationFinisher {
  async settle(streams: StreamReader, op: ExistingOperation, at: number): Promise<StreamWrite[]> {
    if (op.surface !== 'reseller' || op.type !== 'DOMAIN_RENEW' || op.preview || op.status === 'COMPLETED') return [];
    // an order paid for it: the order gives the money back, to where it came from
    if (op.paidBy) return [];
    const charged = op.quote.reduce((sum, amount) => sum + (amount.type === 'CHARGE' ? amount.amountCents : 0), 0);
    if (charged === 0) return [];
    const billing = await streams.load(billingStream(op.accountId), billingDecider);
    const credit: BillingEvent[] = billingDecider.decide(
      {
        type: 'RecordCredit',
        data: {
          accountId: op.accountId,
          transactionId: newId('billingTransaction'),
          kind: 'RENEWAL_REFUND',
          amountCents: charged,
          operationId: op.id,
          domain: op.domain,
          at,
        },
      },
      billing.state,
    );
    return [writeAfter(billing, credit)];
  }
}
