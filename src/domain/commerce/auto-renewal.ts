import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { TaxPlace } from './sales-tax';

/**
 * A user's auto-renewal of one of its names (`svc_domain_auto_renewal_update`): on or off, with the card to charge
 * when the balance does not cover it. Each term is renewed by at most one paid order: a renewal is ordered a set
 * number of days before the expiry (registry clock), tried again a few times when it cannot be paid, and given up
 * for that term after the last try.
 */
export const autoRenewalStream = (accountId: string, name: string): string => `auto-renewal-${accountId}-${name}`;

type Of<Data> = MessageData<{ accountId: string; name: string }, Data>;
/**
 * `paymentMethodId`: the card to charge (null: the account's default card); `contactId` and `taxPlace`: the user's
 * latest contact when it was turned on, the order's contact and where it is taxed.
 */
export type AutoRenewalEnabled = DomainEvent<
  'AutoRenewalEnabled',
  Of<{ paymentMethodId: string | null; contactId: string | null; taxPlace: TaxPlace | null }>
>;
export type AutoRenewalDisabled = DomainEvent<'AutoRenewalDisabled', Of<unknown>>;
/** An order to renew the term ending at `expiresAt` was placed (its `attempt`-th, from 1). */
export type AutoRenewalOrdered = DomainEvent<
  'AutoRenewalOrdered',
  Of<{ expiresAt: number; orderId: string; attempt: number }>
>;
/** That order was not paid: tried again at `retryAt` (registry time), or given up for the term when null. */
export type AutoRenewalUnpaid = DomainEvent<
  'AutoRenewalUnpaid',
  Of<{ expiresAt: number; orderId: string; reason: string; retryAt: number | null }>
>;
export type AutoRenewalEvent = AutoRenewalEnabled | AutoRenewalDisabled | AutoRenewalOrdered | AutoRenewalUnpaid;

export type EnableAutoRenewal = DomainCommand<'EnableAutoRenewal', AutoRenewalEnabled['data']>;
export type DisableAutoRenewal = DomainCommand<'DisableAutoRenewal', AutoRenewalDisabled['data']>;
export type OrderAutoRenewal = DomainCommand<'OrderAutoRenewal', AutoRenewalOrdered['data']>;
export type RecordUnpaidRenewal = DomainCommand<'RecordUnpaidRenewal', AutoRenewalUnpaid['data']>;
export type AutoRenewalCommand = EnableAutoRenewal | DisableAutoRenewal | OrderAutoRenewal | RecordUnpaidRenewal;

/** Where the renewal of one term stands. */
export interface TermRenewal {
  readonly expiresAt: number;
  readonly attempts: number;
  readonly orderId: string;
  /** Awaiting its order's payment (null), tried again at this registry time, or given up (`GAVE_UP`). */
  readonly next: null | number | 'GAVE_UP';
}

export interface AutoRenewal {
  readonly enabled: boolean;
  readonly paymentMethodId: string | null;
  readonly contactId: string | null;
  readonly taxPlace: TaxPlace | null;
  readonly term: TermRenewal | null;
}

/** When renewals are ordered and how often one that cannot be paid is tried. */
export interface RenewalSchedule {
  /** Days before the expiry the renewal is ordered. */
  readonly leadDays: number;
  readonly maxAttempts: number;
  readonly retryMs: number;
}

const DAY_MS = 86_400_000;

const evolve = (renewal: AutoRenewal, event: AutoRenewalEvent): AutoRenewal => {
  switch (event.type) {
    case 'AutoRenewalEnabled': {
      const { paymentMethodId, contactId, taxPlace } = event.data;
      return { ...renewal, enabled: true, paymentMethodId, contactId, taxPlace };
    }
    case 'AutoRenewalDisabled':
      return { ...renewal, enabled: false };
    case 'AutoRenewalOrdered': {
      const { expiresAt, orderId, attempt } = event.data;
      return { ...renewal, term: { expiresAt, orderId, attempts: attempt, next: null } };
    }
    case 'AutoRenewalUnpaid':
      if (!renewal.term) return renewal;
      return { ...renewal, term: { ...renewal.term, next: event.data.retryAt ?? 'GAVE_UP' } };
    default:
      return assertNever(event);
  }
};

/**
 * Whether a renewal of the term ending at `expiresAt` is to be ordered at registry time `now`, and which attempt it
 * is: from `leadDays` before the expiry while auto-renewal is on, once per term, again at its retry time after an
 * unpaid attempt, never past the last attempt or while an attempt awaits its payment.
 */
export const dueAttemptOf = (
  renewal: AutoRenewal,
  expiresAt: number,
  now: number,
  schedule: RenewalSchedule,
): number | null => {
  if (!renewal.enabled || now < expiresAt - schedule.leadDays * DAY_MS) return null;
  const { term } = renewal;
  if (!term || term.expiresAt !== expiresAt) return 1;
  if (term.next === null || term.next === 'GAVE_UP' || now < term.next) return null;
  return term.attempts < schedule.maxAttempts ? term.attempts + 1 : null;
};

/** The registry time an unpaid attempt is tried again at; null after the last one. */
export const retryAtOf = (attempt: number, now: number, schedule: RenewalSchedule): number | null =>
  attempt < schedule.maxAttempts ? now + schedule.retryMs : null;

const decide = (command: AutoRenewalCommand, renewal: AutoRenewal): AutoRenewalEvent[] => {
  switch (command.type) {
    case 'EnableAutoRenewal':
      // on already with the same card: nothing to change (the contact it was turned on with stays)
      if (renewal.enabled && renewal.paymentMethodId === command.data.paymentMethodId) return [];
      return [{ type: 'AutoRenewalEnabled', data: command.data }];
    case 'DisableAutoRenewal':
      return renewal.enabled ? [{ type: 'AutoRenewalDisabled', data: command.data }] : [];
    case 'OrderAutoRenewal': {
      const { term } = renewal;
      // ordered by another process meanwhile: the same order
      if (term?.orderId === command.data.orderId) return [];
      if (term && term.expiresAt === command.data.expiresAt && command.data.attempt !== term.attempts + 1)
        throw new IllegalTransition(`attempt ${command.data.attempt} follows attempt ${term.attempts}`);
      return [{ type: 'AutoRenewalOrdered', data: command.data }];
    }
    case 'RecordUnpaidRenewal': {
      const { term } = renewal;
      if (!term || term.orderId !== command.data.orderId || term.next !== null) return [];
      return [{ type: 'AutoRenewalUnpaid', data: command.data }];
    }
    default:
      return assertNever(command);
  }
};

export const autoRenewalDecider: Decider<AutoRenewalCommand, AutoRenewalEvent, AutoRenewal> = {
  initialState: () => ({ enabled: false, paymentMethodId: null, contactId: null, taxPlace: null, term: null }),
  evolve,
  decide,
};
