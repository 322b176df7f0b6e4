import { deciderSpec } from '../../../test/support/decider-spec';
import { Refused } from '../shared/errors';
import { billingDecider, ChargeRecorded } from './billing-account';

const entry = { accountId: 'acc-1', transactionId: 'btx-1', kind: 'DOMAIN_CLAIM' as const, amountCents: 4000, operationId: 'op-1', domain: 'a.crypto', at: 1 };

describe('billing decider', () => {
  const given = deciderSpec(billingDecider);
  const charged: ChargeRecorded = { type: 'ChargeRecorded', data: entry };
  it('charges within the credit limit', () => given().when({ type: 'RecordCharge', data: { ...entry, creditLimitCents: 4000 } }).then(charged));
  it('refuses a charge past the limit', () =>
    given(charged).when({ type: 'RecordCharge', data: { ...entry, transactionId: 'btx-2', creditLimitCents: 7999 } }).thenThrows(Refused, /past its limit/));
  it('lets a credit make room again', () =>
    given(charged, { type: 'CreditRecorded', data: { ...entry, transactionId: 'btx-2', kind: 'CLAIM_REFUND' } })
      .when({ type: 'RecordCharge', data: { ...entry, transactionId: 'btx-3', creditLimitCents: 4000 } }).then({ type: 'ChargeRecorded', data: { ...entry, transactionId: 'btx-3' } }));
  it('refuses amounts that are not whole non-negative cents', () =>
    given().when({ type: 'RecordCredit', data: { ...entry, amountCents: 1.5 } }).thenThrows(Refused));
});
