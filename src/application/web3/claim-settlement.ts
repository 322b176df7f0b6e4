import { Injectable } from '@nestjs/common';
import { billingDecider, billingStream } from '../../domain/billing/billing-account';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { settleClaim, settlesClaim } from '../../domain/web3-domains/claim-settlement';
import { domainClaimDecider, domainClaimStream } from '../../domain/web3-domains/domain-claim';
import { OperationFinisher } from '../operations/operation-finishers';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';

/**
 * Settles claims and returns as their operation finishes, in the same transaction (rules: `settleClaim`). The
 * balance a partner reads after the operation says it finished already shows the settlement.
 */
@Injectable()
export class ClaimSettlement implements OperationFinisher {
  async settle(streams: StreamReader, op: ExistingOperation, at: number): Promise<StreamWrite[]> {
    if (!settlesClaim(op)) return [];
    const claim = await streams.load(domainClaimStream(op.domain), domainClaimDecider);
    const settled = settleClaim(op, claim.state, newId('billingTransaction'), at);
    if (!settled.credit) return [writeAfter(claim, settled.claim)];
    const billing = await streams.load(billingStream(op.accountId), billingDecider);
    return [
      writeAfter(claim, settled.claim),
      writeAfter(billing, billingDecider.decide({ type: 'RecordCredit', data: settled.credit }, billing.state)),
    ];
  }
}
