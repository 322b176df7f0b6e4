import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { DAY_MS } from './listing-terms';
import { Instalment, LeasePlan, leaseScheduleOf, MAX_TERM_LENGTH, termsProblemOf } from './lease-plan';

/**
 * A lease-to-own sale of a listed name: the buyer pays the price in monthly payments, uses the name from the first
 * payment (taken at checkout, which starts the lease) and owns it after the last one. A payment still missed after its
 * retries ends the lease: the name goes back to the seller, who keeps the payments made (the listing's terms).
 */
export const marketLeaseStream = (leaseId: string): string => `market-lease-${leaseId}`;

/** Days after a payment's due time at which it is tried: three attempts, then the lease defaults. */
export const RETRY_DAYS = [0, 3, 7] as const;

type Of<Data> = MessageData<{ leaseId: string; name: string }, Data>;
interface LeaseDeal {
  readonly listingId: number;
  readonly sellerAccountId: string;
  readonly buyerAccountId: string;
  readonly plan: LeasePlan;
  readonly schedule: readonly Instalment[];
}
/** Payment 1 was taken at checkout: the lease starts with it paid. */
export type LeaseStarted = DomainEvent<'LeaseStarted', Of<LeaseDeal>>;
export type InstalmentPaid = DomainEvent<
  'InstalmentPaid',
  Of<{ number: number; amountCents: number; paymentId: string }>
>;
export type InstalmentMissed = DomainEvent<'InstalmentMissed', Of<{ number: number; attempt: number; reason: string }>>;
/** The last payment is in: the name is the buyer's. */
export type LeaseCompleted = DomainEvent<'LeaseCompleted', Of<unknown>>;
/** Payment `number` was missed at its last attempt: the name goes back to the seller. */
export type LeaseDefaulted = DomainEvent<'LeaseDefaulted', Of<{ number: number }>>;
export type LeaseEvent = LeaseStarted | InstalmentPaid | InstalmentMissed | LeaseCompleted | LeaseDefaulted;

export type StartLease = DomainCommand<'StartLease', LeaseStarted['data']>;
export type RecordInstalmentPaid = DomainCommand<'RecordInstalmentPaid', Of<{ number: number; paymentId: string }>>;
export type RecordInstalmentMissed = DomainCommand<'RecordInstalmentMissed', Of<{ number: number; reason: string }>>;
export type LeaseCommand = StartLease | RecordInstalmentPaid | RecordInstalmentMissed;

export type LeaseStatus = 'ACTIVE' | 'COMPLETED' | 'DEFAULTED';
export type StartedLease = LeaseDeal & {
  readonly status: LeaseStatus;
  readonly leaseId: string;
  readonly name: string;
  readonly startedAt: number;
  /** Instalments paid, the first ones. */
  readonly paid: number;
  /** Attempts missed of the next instalment. */
  readonly missedAttempts: number;
};
export type MarketLease = { readonly status: 'NONE' } | StartedLease;

export const leaseStatusOf = (lease: MarketLease): 'NONE' | LeaseStatus => lease.status;

export const leaseBalanceOf = (lease: MarketLease): { paid: number; paidCents: number; remainingCents: number } => {
  if (lease.status === 'NONE') return { paid: 0, paidCents: 0, remainingCents: 0 };
  const paidCents = lease.schedule.slice(0, lease.paid).reduce((all, { amountCents }) => all + amountCents, 0);
  return { paid: lease.paid, paidCents, remainingCents: lease.plan.priceCents - paidCents };
};

/** A charge of the next instalment; `attemptAt` is when this attempt falls. */
export interface LeaseCharge extends Instalment {
  readonly attempt: number;
  readonly attemptAt: number;
}

const chargeAfter = ({ schedule, paid, missedAttempts }: StartedLease): LeaseCharge => {
  const instalment = schedule[paid];
  return {
    ...instalment,
    attempt: missedAttempts + 1,
    attemptAt: instalment.dueAt + RETRY_DAYS[missedAttempts] * DAY_MS,
  };
};

/** None once every payment is in: between the last payment and the completion it brings, there is nothing due. */
const pendingChargeOf = (lease: MarketLease): LeaseCharge | null =>
  lease.status === 'ACTIVE' && lease.paid < lease.schedule.length ? chargeAfter(lease) : null;

/** The charge to try at `now`: none before its attempt's time, nor once the lease ended. */
export const nextChargeOf = (lease: MarketLease, now: number): LeaseCharge | null => {
  const charge = pendingChargeOf(lease);
  return charge && now >= charge.attemptAt ? charge : null;
};

/** When the next charge falls, for a timer; none once the lease ended. */
export const nextChargeTimeOf = (lease: MarketLease): number | null => pendingChargeOf(lease)?.attemptAt ?? null;

const ongoing = (lease: MarketLease, leaseId: string): StartedLease => {
  if (lease.status === 'NONE') throw new IllegalTransition(`lease ${leaseId} has not started`);
  return lease;
};

const evolve = (lease: MarketLease, event: LeaseEvent): MarketLease => {
  switch (event.type) {
    case 'LeaseStarted': {
      const { at, ...deal } = event.data;
      return { ...deal, status: 'ACTIVE', startedAt: at, paid: 1, missedAttempts: 0 };
    }
    case 'InstalmentPaid':
      return { ...ongoing(lease, event.data.leaseId), paid: event.data.number, missedAttempts: 0 };
    case 'InstalmentMissed':
      return { ...ongoing(lease, event.data.leaseId), missedAttempts: event.data.attempt };
    case 'LeaseCompleted':
      return { ...ongoing(lease, event.data.leaseId), status: 'COMPLETED' };
    case 'LeaseDefaulted':
      return { ...ongoing(lease, event.data.leaseId), status: 'DEFAULTED' };
    default:
      return assertNever(event);
  }
};

const samePlan = (one: LeasePlan, other: LeasePlan): boolean =>
  one.type === other.type &&
  one.termLength === other.termLength &&
  one.downPaymentPercentage === other.downPaymentPercentage &&
  one.priceCents === other.priceCents;

const sameSchedule = (one: readonly Instalment[], other: readonly Instalment[]): boolean =>
  one.length === other.length &&
  one.every(
    (instalment, index) =>
      instalment.number === other[index].number &&
      instalment.amountCents === other[index].amountCents &&
      instalment.dueAt === other[index].dueAt,
  );

/** A deal a lease can hold: a plan of 2 to 120 payments of at least a cent, and that plan's schedule. */
const dealProblemOf = ({ plan, schedule }: LeaseDeal): string | undefined => {
  const options = { maxTermLength: MAX_TERM_LENGTH, downPaymentPercentage: plan.downPaymentPercentage };
  const problem = termsProblemOf(plan, options);
  if (problem) return problem;
  const [first] = schedule;
  if (!first || !sameSchedule(schedule, leaseScheduleOf(plan, first.dueAt)))
    return "schedule: the plan's payments, a month apart from the first";
  return undefined;
};

/** Its schedule follows from its plan and first due time once checked, so a retried start is known by those. */
const sameDeal = (lease: StartedLease, deal: StartLease['data']): boolean =>
  lease.name === deal.name &&
  lease.listingId === deal.listingId &&
  lease.sellerAccountId === deal.sellerAccountId &&
  lease.buyerAccountId === deal.buyerAccountId &&
  samePlan(lease.plan, deal.plan) &&
  lease.schedule[0].dueAt === deal.schedule[0].dueAt;

const startLease = (lease: MarketLease, deal: StartLease['data']): LeaseEvent[] => {
  const problem = dealProblemOf(deal);
  if (problem) throw new Refused('VALIDATION', `lease ${deal.leaseId}: ${problem}`);
  if (lease.status === 'NONE') return [{ type: 'LeaseStarted', data: deal }];
  if (sameDeal(lease, deal)) return [];
  throw new Refused('CONFLICT', `lease ${deal.leaseId} was started already, on other terms`);
};

/** The charge of instalment `number`, when it is the next one to pay on a lease still running. */
const chargeOf = (lease: StartedLease, number: number): LeaseCharge => {
  const { leaseId, paid, schedule } = lease;
  if (lease.status === 'COMPLETED')
    throw new IllegalTransition(`lease ${leaseId} is completed: its ${schedule.length} payments are in`);
  if (lease.status === 'DEFAULTED')
    throw new IllegalTransition(`lease ${leaseId} defaulted on payment ${paid + 1}: its name went back to the seller`);
  if (number !== paid + 1)
    throw new IllegalTransition(`payment ${number} of lease ${leaseId} is not the next one to pay (${paid + 1})`);
  return chargeAfter(lease);
};

const payInstalment = (state: MarketLease, data: RecordInstalmentPaid['data']): LeaseEvent[] => {
  const { leaseId, name, number, paymentId, at } = data;
  const lease = ongoing(state, leaseId);
  if (number <= lease.paid) return []; // a retried charge
  const { amountCents } = chargeOf(lease, number);
  const paid: LeaseEvent = { type: 'InstalmentPaid', data: { leaseId, name, number, amountCents, paymentId, at } };
  return number < lease.schedule.length ? [paid] : [paid, { type: 'LeaseCompleted', data: { leaseId, name, at } }];
};

/** A miss's `at` is when its charge was tried: a miss told again is known by it falling before the next attempt. */
const missInstalment = (state: MarketLease, data: RecordInstalmentMissed['data']): LeaseEvent[] => {
  const { leaseId, name, number, reason, at } = data;
  const lease = ongoing(state, leaseId);
  // paid since that charge failed, or the miss that ended the lease told again
  if (number <= lease.paid || (lease.status === 'DEFAULTED' && number === lease.paid + 1)) return [];
  const { attempt, attemptAt } = chargeOf(lease, number);
  if (at < attemptAt && attempt > 1) return [];
  if (at < attemptAt)
    throw new IllegalTransition(
      `payment ${number} of lease ${leaseId} is due at ${new Date(attemptAt).toISOString()}: not missed yet`,
    );
  const missed: LeaseEvent = { type: 'InstalmentMissed', data: { leaseId, name, number, attempt, reason, at } };
  if (attempt < RETRY_DAYS.length) return [missed];
  return [missed, { type: 'LeaseDefaulted', data: { leaseId, name, number, at } }];
};

const decide = (command: LeaseCommand, lease: MarketLease): LeaseEvent[] => {
  switch (command.type) {
    case 'StartLease':
      return startLease(lease, command.data);
    case 'RecordInstalmentPaid':
      return payInstalment(lease, command.data);
    case 'RecordInstalmentMissed':
      return missInstalment(lease, command.data);
    default:
      return assertNever(command);
  }
};

export const marketLeaseDecider: Decider<LeaseCommand, LeaseEvent, MarketLease> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
