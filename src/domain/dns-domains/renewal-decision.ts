import { BillingAccount, billingDecider, BillingEvent, BillingKind } from '../billing/billing-account';
import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { PaidBy, QuotedAmount } from '../operations/operation.events';
import { RegistryPhase } from '../registry/registry-domain';
import { addYears, AUTO_RENEW_GRACE_MS, calendarDateOf, MAX_VALIDITY_YEARS } from '../registry/registry-periods';
import { NotFound, Refused } from '../shared/errors';
import { DnsDomain } from './dns-domain';

/** A name of ours as the registry holds it now. */
export interface RenewableName {
  readonly phase: RegistryPhase;
  readonly expiresAt: number;
  readonly statuses: readonly string[];
}

/** Why a name cannot be renewed now; `NOT_SOLD`: its TLD has no price here any more. */
export type RenewalIneligibility =
  'RENEW_PROHIBITED' | 'PENDING_TRANSFER' | 'PENDING_DELETE' | 'MAXIMUM_TERM' | 'NOT_SOLD';

export interface RenewalTerms {
  readonly isEligible: boolean;
  readonly reasons: readonly RenewalIneligibility[];
  readonly expiresAt: number;
  /** The end of the auto-renew grace period after expiry; redemption follows. */
  readonly graceEndsAt: number;
  /** In its redemption period the name is restored first (a fee of its own), then renewed. */
  readonly restoration: boolean;
  readonly period: Readonly<{ min: number; max: number; increments: 1 }>;
}

/**
 * Whether and for how long a name can be renewed now: in its term or auto-renew grace as usual, in redemption after
 * a restoration, for whole years up to the TLD's longest period and never more than ten years ahead of `now`.
 */
export const renewalTermsOf = (name: RenewableName, tldMaxYears: number, now: number): RenewalTerms => {
  const restoration = name.phase === 'REDEMPTION';
  // years count from the expiry either way: a restoration after expiry brings the name back with its first year
  const ceiling = addYears(now, MAX_VALIDITY_YEARS);
  let max = 0;
  while (max < tldMaxYears && addYears(name.expiresAt, max + 1) <= ceiling) max += 1;
  const reasons: RenewalIneligibility[] = [];
  if (name.statuses.includes('clientRenewProhibited')) reasons.push('RENEW_PROHIBITED');
  if (name.statuses.includes('pendingTransfer')) reasons.push('PENDING_TRANSFER');
  if (name.phase === 'PENDING_DELETE' || name.phase === 'PURGED') reasons.push('PENDING_DELETE');
  if (max === 0) reasons.push('MAXIMUM_TERM');
  return {
    isEligible: reasons.length === 0,
    reasons,
    expiresAt: name.expiresAt,
    graceEndsAt: name.expiresAt + AUTO_RENEW_GRACE_MS,
    restoration,
    period: { min: 1, max, increments: 1 },
  };
};

export interface RenewalRequest {
  readonly accountId: string;
  readonly operationId: string;
  readonly at: number;
  readonly preview: boolean;
  readonly name: string;
  readonly years: number;
  /** The expiry the caller renews from (`expirationDate`), when it says: a renewal already made is not made again. */
  readonly expectedExpiry: number | undefined;
  readonly dependencyId: string;
  /** One per charge: the renewal, and the restoration when there is one. */
  readonly transactionIds: readonly [string, string];
  /** A user's order paid for it: nothing is charged to the account's running balance. */
  readonly paidBy?: PaidBy;
}

export interface RenewalFacts {
  readonly terms: RenewalTerms;
  /** What the renewal charges: `DOMAIN_RENEWAL`, with `DOMAIN_RESTORATION` first for a name in redemption. */
  readonly quote: readonly QuotedAmount[];
  readonly creditLimitCents: number;
  readonly quoteValidityMs: number;
}

export interface RenewalStates {
  readonly operation: Operation;
  readonly activity: DomainActivity;
  readonly domain: DnsDomain;
  readonly billing: BillingAccount;
}

export interface RenewalDecision extends OperationRequestDecision {
  readonly billing: readonly BillingEvent[];
}

/**
 * `POST /domains/{name}/renewals` renews one of the account's names from its current expiry (sent to the registry
 * with the operation, so that a job run again never renews twice) and charges in the same append. Refused for a
 * name that is not the account's (NOT_FOUND, as for one that does not exist), an expiry other than the one the
 * caller renews from (EXPIRATION_DATE_MISMATCH: it was renewed since), a name that cannot be renewed now
 * (NOT_AVAILABLE, with the reasons), a period outside the terms (VALIDATION), a domain another operation holds
 * (CONCURRENT_OPERATION), a charge past the credit limit (INSUFFICIENT_BALANCE).
 */
export const decideRenewal = (request: RenewalRequest, facts: RenewalFacts, states: RenewalStates): RenewalDecision => {
  const { name, accountId, operationId, at, years } = request;
  const { terms } = facts;
  if (states.domain.status !== 'REGISTERED' || states.domain.accountId !== accountId)
    throw new NotFound('domain', name);
  const expiry = calendarDateOf(terms.expiresAt);
  if (request.expectedExpiry !== undefined && calendarDateOf(request.expectedExpiry) !== expiry) {
    throw new Refused('EXPIRATION_DATE_MISMATCH', `${name} expires on ${expiry} now: it was renewed since`, {
      expirationDate: new Date(terms.expiresAt).toISOString(),
    });
  }
  if (!terms.isEligible) {
    throw new Refused('NOT_AVAILABLE', `${name} cannot be renewed now: ${terms.reasons.join(', ')}`, {
      reasons: terms.reasons,
    });
  }
  if (years < terms.period.min || years > terms.period.max) {
    throw new Refused('VALIDATION', `period: ${name} renews now for 1 to ${terms.period.max} years`);
  }
  const requested = requestOperation(
    {
      operationId,
      accountId,
      surface: 'reseller',
      type: 'DOMAIN_RENEW',
      domain: name,
      preview: request.preview,
      validUntil: request.preview ? at + facts.quoteValidityMs : null,
      dependencies: [
        {
          id: request.dependencyId,
          type: 'DOMAIN_DNS_RENEW',
          parameters: { period: years, currentExpiry: expiry, restore: terms.restoration },
        },
      ],
      quote: facts.quote,
      ...(request.paidBy ? { paidBy: request.paidBy } : {}),
      at,
    },
    states.operation,
    states.activity,
  );
  if (request.preview || request.paidBy) return { ...requested, billing: [] };
  let billing = states.billing;
  const charges = facts.quote.map((amount, index) => {
    const [event] = billingDecider.decide(
      {
        type: 'RecordCharge',
        data: {
          accountId,
          transactionId: request.transactionIds[index],
          kind: amount.reason as BillingKind,
          amountCents: amount.amountCents,
          operationId,
          domain: name,
          creditLimitCents: facts.creditLimitCents,
          at,
        },
      },
      billing,
    );
    billing = billingDecider.evolve(billing, event);
    return event;
  });
  return { ...requested, billing: charges };
};
