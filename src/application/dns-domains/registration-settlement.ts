import { Injectable } from '@nestjs/common';
import { billingDecider, billingStream } from '../../domain/billing/billing-account';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { OperationFinisher } from '../operations/operation-finishers';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';

/**
 * A registration (or transfer in) whose name was not registered gives the name back and credits its charge
 * (REGISTRATION_REFUND, TRANSFER_REFUND), in the transaction that finishes its operation: the balance read after
 * `FAILED` already shows the refund. One whose name was registered and a later step failed (the flags asked for)
 * keeps the name and its charge: the name is the account's, the flags can be set again.
 */
@Injectable()
export class RegistrationSettlement implements OperationFinisher {
  async settle(streams: StreamReader, op: ExistingOperation, at: number): Promise<StreamWrite[]> {
    if (op.surface !== 'reseller' || op.type !== 'DOMAIN_ADMIN_UPDATE' || !op.domain || op.status === 'COMPLETED')
      return [];
    const domain = await streams.load(dnsDomainStream(op.domain), dnsDomainDecider);
    const abandoned = dnsDomainDecider.decide(
      { type: 'AbandonDnsRegistration', data: { name: op.domain, operationId: op.id, at } },
      domain.state,
    );
    if (abandoned.length === 0 || domain.state.status !== 'PENDING') return [];
    // an order paid for it: the order gives the money back, to where it came from
    if (op.paidBy) return [writeAfter(domain, abandoned)];
    const billing = await streams.load(billingStream(op.accountId), billingDecider);
    const credit = billingDecider.decide(
      {
        type: 'RecordCredit',
        data: {
          accountId: op.accountId,
          transactionId: newId('billingTransaction'),
          kind: domain.state.transfer ? 'TRANSFER_REFUND' : 'REGISTRATION_REFUND',
          amountCents: domain.state.priceCents,
          operationId: op.id,
          domain: op.domain,
          at,
        },
      },
      billing.state,
    );
    return [writeAfter(domain, abandoned), writeAfter(billing, credit)];
  }
}
