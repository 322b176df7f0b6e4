import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent } from '../shared/message';

/**
 * A partner's running balance: charges add to what it owes until the service invoices it, credits (a failed
 * claim's refund, a return) take away. A charge that would take the balance past the credit limit is refused.
 */
export const billingStream = (accountId: string): string => `billing-${accountId}`;

export type BillingKind =
  | 'DOMAIN_CLAIM'
  | 'CLAIM_REFUND'
  | 'DOMAIN_RETURN'
  | 'DOMAIN_REGISTRATION'
  | 'REGISTRATION_REFUND'
  | 'DOMAIN_RENEWAL'
  | 'DOMAIN_RESTORATION'
  | 'RENEWAL_REFUND'
  | 'DOMAIN_TRANSFER'
  | 'TRANSFER_REFUND';

type Entry = {
  accountId: string;
  transactionId: string;
  kind: BillingKind;
  amountCents: number;
  operationId: string;
  domain: string | null;
  at: number;
};
export type ChargeRecorded = DomainEvent<'ChargeRecorded', Entry>;
export type CreditRecorded = DomainEvent<'CreditRecorded', Entry>;
export type BillingEvent = ChargeRecorded | CreditRecorded;
export const BILLING_EVENT_TYPES: readonly BillingEvent['type'][] = ['ChargeRecorded', 'CreditRecorded'];

export type RecordCharge = DomainCommand<'RecordCharge', Entry & { creditLimitCents: number }>;
export type RecordCredit = DomainCommand<'RecordCredit', Entry>;
export type BillingCommand = RecordCharge | RecordCredit;

export interface BillingAccount {
  /** What the account owes now, in cents (negative: credit in its favour). */
  readonly balanceCents: number;
}

const evolve = (account: BillingAccount, event: BillingEvent): BillingAccount => {
  switch (event.type) {
    case 'ChargeRecorded':
      return { balanceCents: account.balanceCents + event.data.amountCents };
    case 'CreditRecorded':
      return { balanceCents: account.balanceCents - event.data.amountCents };
    default:
      return assertNever(event);
  }
};

const decide = (command: BillingCommand, account: BillingAccount): BillingEvent[] => {
  if (!Number.isSafeInteger(command.data.amountCents) || command.data.amountCents < 0)
    throw new Refused('VALIDATION', 'amounts are whole cents, never negative');
  switch (command.type) {
    case 'RecordCharge': {
      const { creditLimitCents, ...entry } = command.data;
      if (account.balanceCents + entry.amountCents > creditLimitCents) {
        throw new Refused(
          'INSUFFICIENT_BALANCE',
          `the charge of ${entry.amountCents} cents would take the running balance past its limit of ${creditLimitCents} cents`,
          {
            balanceCents: account.balanceCents,
            limitCents: creditLimitCents,
          },
        );
      }
      return [{ type: 'ChargeRecorded', data: entry }];
    }
    case 'RecordCredit':
      return [{ type: 'CreditRecorded', data: command.data }];
    default:
      return assertNever(command);
  }
};

export const billingDecider: Decider<BillingCommand, BillingEvent, BillingAccount> = {
  initialState: () => ({ balanceCents: 0 }),
  evolve,
  decide,
};
