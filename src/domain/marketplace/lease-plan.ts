import { sharedInProportion } from '../commerce/cart-pricing';
import { DAY_MS, LeaseToOwnOptions, LeaseToOwnType } from './listing-terms';

/**
 * A buyer's lease-to-own plan for a listed name and the payments it makes: any down payment now, then equal monthly
 * payments, adding up to the price to the cent.
 */
export const MONTH_MS = 30 * DAY_MS;
export const MAX_TERM_LENGTH = 120;

export interface LeasePlan {
  readonly type: LeaseToOwnType;
  /** Monthly payments after any down payment. */
  readonly termLength: number;
  readonly downPaymentPercentage: number | null;
  readonly priceCents: number;
}

export interface Instalment {
  /** 1-based; payment 1 is taken at checkout. */
  readonly number: number;
  readonly amountCents: number;
  readonly dueAt: number;
}

const equalShares = (cents: number, count: number): number[] =>
  sharedInProportion(cents, new Array<number>(count).fill(1));

/** The plan's payments from `startAt`, a month apart: any down payment first, the extra cents of a split earliest. */
export const leaseScheduleOf = (plan: LeasePlan, startAt: number): readonly Instalment[] => {
  const { type, termLength, priceCents } = plan;
  const downPaymentCents = Math.floor((priceCents * (plan.downPaymentPercentage ?? 0)) / 100);
  const amounts =
    type === 'equal_installments'
      ? equalShares(priceCents, termLength)
      : [downPaymentCents, ...equalShares(priceCents - downPaymentCents, termLength)];
  return amounts.map((amountCents, index) => ({ number: index + 1, amountCents, dueAt: startAt + index * MONTH_MS }));
};

export const firstPaymentOf = (plan: LeasePlan): number => leaseScheduleOf(plan, 0)[0].amountCents;

/** The monthly payment a cart shows: the largest of those after any down payment. */
export const monthlyPaymentOf = (plan: LeasePlan): number =>
  Math.max(
    ...leaseScheduleOf(plan, 0)
      .slice(-plan.termLength)
      .map(({ amountCents }) => amountCents),
  );

/** The rules of a plan within the options it is held to: its listing's, or at a lease's start the widest. */
export const termsProblemOf = (plan: LeasePlan, options: Omit<LeaseToOwnOptions, 'type'>): string | undefined => {
  const { termLength, downPaymentPercentage, priceCents } = plan;
  if (!Number.isInteger(termLength) || termLength < 2 || termLength > options.maxTermLength)
    return `leaseToOwnOptions.termLength: 2 to ${options.maxTermLength} monthly payments`;
  if (downPaymentPercentage !== options.downPaymentPercentage)
    return plan.type === 'equal_installments'
      ? 'leaseToOwnOptions.downPaymentPercentage: only for down_payment_plus_equal_installments'
      : `leaseToOwnOptions.downPaymentPercentage: ${options.downPaymentPercentage}, as the seller set it`;
  if (!Number.isSafeInteger(priceCents)) return 'priceCents: a whole number of cents';
  const payments = leaseScheduleOf(plan, 0);
  if (payments.some(({ amountCents }) => amountCents < 1))
    return `priceCents: at least 1 cent for each of the ${payments.length} payments`;
  return undefined;
};

/** What is wrong with a buyer's plan for a listing's lease options, the first rule it breaks; none when it holds. */
export const leasePlanProblemOf = (plan: LeasePlan, offered: LeaseToOwnOptions | null): string | undefined => {
  if (!offered) return 'leaseToOwnOptions: this listing offers no lease';
  if (plan.type !== offered.type) return `leaseToOwnOptions.type: this listing leases with ${offered.type} only`;
  return termsProblemOf(plan, offered);
};
