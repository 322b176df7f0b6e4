import { BillingAccount, billingDecider, BillingEvent } from '../billing/billing-account';
import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { DependencySpec } from '../operations/operation.events';
import { Refused } from '../shared/errors';
import { SecondLevelName } from '../shared/names';
import { Price } from '../shared/price';
import { DnsAvailability } from './dns-availability';
import { DnsDomain, dnsDomainDecider, DnsDomainEvent } from './dns-domain';

/** A contact a registration names: one of the account's, or one the registration creates first. */
export type ContactAssignment =
  Readonly<{ new: true; contactId: string }> | Readonly<{ new: false; contactId: string }>;

export interface RegistrationRequest {
  readonly accountId: string;
  readonly operationId: string;
  readonly at: number;
  readonly preview: boolean;
  readonly name: SecondLevelName;
  readonly years: number;
  readonly owner: ContactAssignment;
  readonly contacts: Readonly<Partial<Record<'admin' | 'tech' | 'billing', string>>>;
  /** Ids of what the request creates: the dependencies and the charge. */
  readonly contactDependencyId: string;
  readonly registerDependencyId: string;
  readonly transactionId: string;
}

export interface RegistrationFacts {
  readonly availability: DnsAvailability;
  /** The price of the years asked for. */
  readonly price: Price;
  readonly creditLimitCents: number;
  readonly quoteValidityMs: number;
}

export interface RegistrationStates {
  readonly operation: Operation;
  readonly activity: DomainActivity;
  readonly domain: DnsDomain;
  readonly billing: BillingAccount;
}

export interface RegistrationDecision extends OperationRequestDecision {
  readonly domain: readonly DnsDomainEvent[];
  readonly billing: readonly BillingEvent[];
}

const assignment = (contactId: string) => ({ new: false, id: contactId });

/**
 * `POST /domains` registers an available name for the years asked and charges its price in the same append. It is
 * refused at the first rule it breaks: a name that is not `AVAILABLE` (NOT_AVAILABLE, with its status), a period
 * outside the TLD's (VALIDATION), a domain another operation holds (CONCURRENT_OPERATION), a charge past the credit
 * limit (INSUFFICIENT_BALANCE). A preview is decided exactly so and stores only itself, with its quote and until when
 * it holds.
 */
export const decideRegistration = (
  request: RegistrationRequest,
  facts: RegistrationFacts,
  states: RegistrationStates,
): RegistrationDecision => {
  const { name, accountId, operationId, at, years } = request;
  const { availability, price } = facts;
  if (availability.status !== 'AVAILABLE') {
    throw new Refused('NOT_AVAILABLE', `${name.name} cannot be registered: it is ${availability.status}`, {
      status: availability.status,
    });
  }
  const period = availability.period!; // every AVAILABLE name has its periods
  if (years < period.min || years > period.max) {
    throw new Refused('VALIDATION', `dns.period: .${name.tld} registers for ${period.min} to ${period.max} years`);
  }
  const createContact: DependencySpec[] = request.owner.new
    ? [
        {
          id: request.contactDependencyId,
          type: 'CONTACT_CREATE',
          parameters: { purposes: ['OWNER'], contactId: request.owner.contactId },
        },
      ]
    : [];
  const register: DependencySpec = {
    id: request.registerDependencyId,
    type: 'DOMAIN_REGISTER',
    parameters: {
      owner: request.owner.new ? { new: true } : assignment(request.owner.contactId),
      contacts: Object.fromEntries(
        Object.entries(request.contacts).map(([role, contactId]) => [role, assignment(contactId!)]),
      ),
      period: years,
    },
  };
  const charge = { type: 'CHARGE' as const, reason: 'DOMAIN_REGISTRATION', amountCents: price.subTotalCents };
  const requested = requestOperation(
    {
      operationId,
      accountId,
      surface: 'reseller',
      type: 'DOMAIN_ADMIN_UPDATE',
      domain: name.name,
      preview: request.preview,
      validUntil: request.preview ? at + facts.quoteValidityMs : null,
      dependencies: [...createContact, register],
      quote: [charge],
      at,
    },
    states.operation,
    states.activity,
  );
  if (request.preview) return { ...requested, domain: [], billing: [] };
  const domain = dnsDomainDecider.decide(
    {
      type: 'RequestDnsRegistration',
      data: { name: name.name, operationId, accountId, years, priceCents: price.subTotalCents, at },
    },
    states.domain,
  );
  const billing = billingDecider.decide(
    {
      type: 'RecordCharge',
      data: {
        accountId,
        transactionId: request.transactionId,
        kind: 'DOMAIN_REGISTRATION',
        amountCents: price.subTotalCents,
        operationId,
        domain: name.name,
        creditLimitCents: facts.creditLimitCents,
        at,
      },
    },
    states.billing,
  );
  return { ...requested, domain, billing };
};
