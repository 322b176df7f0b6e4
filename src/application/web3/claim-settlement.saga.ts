import { Injectable } from '@nestjs/common';
import { billingDecider, billingStream } from '../../domain/billing/billing-account';
import { ExistingOperation, operationStream } from '../../domain/operations/operation';
import { operationDecider } from '../../domain/operations/operation.decider';
import { OperationFinished } from '../../domain/operations/operation.events';
import { newId } from '../../domain/shared/ids';
import { domainClaimDecider, domainClaimStream } from '../../domain/web3-domains/domain-claim';
import { EventStore, StoredEvent, StreamWrite } from '../shared/event-store.port';
import { loadStream, StreamReader, transact, writeAfter } from '../shared/handle-command';
import { Reactor } from '../shared/projection';

/**
 * Settles claims and returns when their operation finishes: a completed claim is confirmed, a failed one gives
 * its charge back; a completed return credits the claim's price. One command id per operation, so a redelivered
 * event settles nothing twice.
 */
@Injectable()
export class ClaimSettlementSaga implements Reactor<OperationFinished> {
  readonly name = 'web3-claim-settlement';
  readonly handles = ['OperationFinished'] as const;

  constructor(private readonly store: EventStore) {}

  async react(events: readonly StoredEvent<OperationFinished>[]): Promise<void> {
    for (const event of events) {
      const { state } = await loadStream(this.store, operationStream(event.data.operationId), operationDecider);
      if (state.status === 'NONE' || state.surface !== 'web3' || state.preview || !state.domain) continue;
      if (state.type !== 'DOMAIN_CLAIM' && state.type !== 'DOMAIN_RETURN') continue;
      const commandId = `settle:${state.id}`;
      await transact(this.store, { commandId, causationId: commandId, accountId: state.accountId }, async (streams) => ({
        writes: await this.settle(streams, state, event.data.at),
        result: undefined,
      }));
    }
  }

  private async settle(streams: StreamReader, op: ExistingOperation, at: number): Promise<StreamWrite[]> {
    const name = op.domain as string;
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
