import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { Refused } from '../shared/errors';
import {
  BILLING_EVENT_TYPES,
  BillingCommand,
  billingDecider,
  BillingEvent,
  ChargeRecorded,
  CreditRecorded,
} from './billing-account';

const entry = {
  accountId: 'acc-1',
  transactionId: 'btx-1',
  kind: 'DOMAIN_CLAIM' as const,
  amountCents: 4000,
  operationId: 'op-1',
  domain: 'a.crypto',
  at: 1,
};

describe('billing decider', () => {
  const given = deciderSpec(billingDecider);
  const charged: ChargeRecorded = { type: 'ChargeRecorded', data: entry };
  const credited: CreditRecorded = {
    type: 'CreditRecorded',
    data: { ...entry, transactionId: 'btx-2', kind: 'CLAIM_REFUND' },
  };
  const charge = (amountCents: number, creditLimitCents: number, transactionId = 'btx-9'): BillingCommand => ({
    type: 'RecordCharge',
    data: { ...entry, transactionId, amountCents, creditLimitCents },
  });

  it('charges within the credit limit', () =>
    given()
      .when({ type: 'RecordCharge', data: { ...entry, creditLimitCents: 4000 } })
      .then(charged));
  it('adds a charge to what the account owes', () =>
    given(charged).when(charge(1500, 10_000)).thenState({ balanceCents: 5500 }));
  it('owes nothing before its first charge', () => given().thenState({ balanceCents: 0 }));
  it('refuses a charge past the limit', () =>
    given(charged)
      .when({ type: 'RecordCharge', data: { ...entry, transactionId: 'btx-2', creditLimitCents: 7999 } })
      .thenThrows(Refused, /past its limit/));
  it('says what the balance and the limit are when it refuses', () =>
    given(charged)
      .when(charge(4000, 7999))
      .thenThrows(Refused, {
        code: 'INSUFFICIENT_BALANCE',
        message: /the charge of 4000 cents would take the running balance past its limit of 7999 cents/,
        context: { balanceCents: 4000, limitCents: 7999 },
      }));
  it('lets a credit make room again', () =>
    given(charged, credited)
      .when({ type: 'RecordCharge', data: { ...entry, transactionId: 'btx-3', creditLimitCents: 4000 } })
      .then({ type: 'ChargeRecorded', data: { ...entry, transactionId: 'btx-3' } }));
  it('records a credit whatever the limit, in the account’s favour', () => {
    given().when({ type: 'RecordCredit', data: credited.data }).then(credited);
    given(charged)
      .when({ type: 'RecordCredit', data: { ...credited.data, amountCents: 5000 } })
      .thenState({ balanceCents: -1000 });
  });
  it('records a charge of nothing', () =>
    given()
      .when(charge(0, 0))
      .then({ type: 'ChargeRecorded', data: { ...entry, transactionId: 'btx-9', amountCents: 0 } }));
  it('refuses amounts that are not whole non-negative cents', () => {
    given()
      .when({ type: 'RecordCredit', data: { ...entry, amountCents: 1.5 } })
      .thenThrows(Refused, { code: 'VALIDATION', message: /whole cents, never negative/ });
    given()
      .when({ type: 'RecordCredit', data: { ...entry, amountCents: -1 } })
      .thenThrows(Refused, { code: 'VALIDATION' });
    // a negative charge would be a credit that skips the rules of credits
    given().when(charge(-1, 10_000)).thenThrows(Refused, { code: 'VALIDATION' });
    given()
      .when(charge(Number.MAX_SAFE_INTEGER + 1, Infinity))
      .thenThrows(Refused, { code: 'VALIDATION' });
  });

  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'RecordInvoice', data: entry } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(billingDecider, [{ type: 'InvoiceRecorded', data: entry } as never])).toThrow(/unexpected value/);
  });

  it('tells its subscribers about every event it records', () => {
    const recorded: BillingEvent[] = [
      ...billingDecider.decide(charge(100, 100), billingDecider.initialState()),
      ...billingDecider.decide({ type: 'RecordCredit', data: credited.data }, billingDecider.initialState()),
    ];
    expect([...BILLING_EVENT_TYPES].sort()).toEqual(recorded.map((event) => event.type).sort());
  });
});
