import { Injectable } from '@nestjs/common';
import { billingDecider, billingStream } from '../../domain/billing/billing-account';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { domainClaimDecider, domainClaimStream } from '../../domain/web3-domains/domain-claim';
import { OperationFinisher } from '../operations/operation-finishers';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';

/**
 * Settles claims and returns as their operation finishes, in the same transaction: a completed claim is confirmed,
 * a failed one gives its charge back; a completed return credits the claim's price. The balance a partner reads
 * after the operation says it finished already shows the settlement.
 */
@Injectable()
export class ClaimSettlement implements OperationFinisher {
  async settle(streams: StreamReader, op: ExistingOperation, at: number): Promise<StreamWrite[]> {
    if (op.surface !== 'web3' || !op.domain || (op.type !== 'DOMAIN_CLAIM' && op.type !== 'DOMAIN_RETURN')) return [];
    const name = op.domain;
    const succeeded = op.status === 'COMPLETED';
    const claim = await streams.load(domainClaimStream(name), domainClaimDecider);
    const data = { name, operationId: op.id, at, succeeded };
    const settled = domainClaimDecider.decide(op.type === 'DOMAIN_CLAIM' ? { type: 'FinishClaim', data } : { type: 'FinishReturn', data }, claim.state);
    const credit = settled.find((event) => event.type === 'ClaimAbandoned' || event.type === 'ReturnConfirmed');
    if (!credit) return [writeAfter(claim, settled)];
    const amountCents = credit.type === 'ReturnConfirmed' ? credit.data.creditCents : claim.state.status === 'PENDING' ? claim.state.priceCents : 0;
    const billing = await streams.load(billingStream(op.accountId), billingDecider);
    const credited = billingDecider.decide({
      type: 'RecordCredit',
      data: { accountId: op.accountId, transactionId: newId('billingTransaction'), kind: credit.type === 'ReturnConfirmed' ? 'DOMAIN_RETURN' : 'CLAIM_REFUND', amountCents, operationId: op.id, domain: name, at },
    }, billing.state);
    return [writeAfter(claim, settled), writeAfter(billing, credited)];
  }
}
