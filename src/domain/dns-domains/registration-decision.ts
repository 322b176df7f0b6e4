import { BillingAccount, billingDecider, BillingEvent } from '../billing/billing-account';
import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { DependencySpec, PaidBy } from '../operations/operation.events';
import { Refused } from '../shared/errors';
import { SecondLevelName } from '../shared/names';
import { Price } from '../shared/price';
import { DnsAvailability } from './dns-availability';
import { DnsDomain, dnsDomainDecider, DnsDomainEvent } from './dns-domain';
import { FlagLocks } from './dns-flags';
import { InboundIneligibility } from './inbound-transfer';
import { ZoneChangeRequest, zoneDependenciesOf } from './zone-change-decision';

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
  /** The flags asked for the new name: what to lock and unlock once it is registered. */
  readonly locks: FlagLocks | null;
  /** Records to create and nameservers (with DS records) to delegate to once the name is registered; null: none. */
  readonly zone: ZoneChangeRequest | null;
  /** Ids of what the request creates: the dependencies and the charge. */
  readonly contactDependencyId: string;
  readonly registerDependencyId: string;
  readonly flagsDependencyId: string;
  readonly transactionId: string;
  /** A user's order paid for it: nothing is charged to the account's running balance. */
  readonly paidBy?: PaidBy;
}

/** A transfer in: the code sealed for the registry, and why the registry would refuse it now (none: it would not). */
export interface TransferIn {
  readonly sealedCode: string;
  readonly ineligibility: readonly InboundIneligibility[];
}

export interface RegistrationFacts {
  readonly availability: DnsAvailability;
  /** Set when the request carries an authorization code: the name is asked from its registrar, not created. */
  readonly transfer: TransferIn | null;
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

/** A registration needs an `AVAILABLE` name and a period of its TLD; a transfer in, a name its registrar will give. */
const assertAllowed = ({ name, years }: RegistrationRequest, { availability, transfer }: RegistrationFacts): void => {
  if (transfer) {
    if (transfer.ineligibility.length > 0) {
      throw new Refused(
        'NOT_AVAILABLE',
        `${name.name} cannot be transferred in: ${transfer.ineligibility.join(', ')}`,
        {
          reasons: transfer.ineligibility,
        },
      );
    }
    if (years !== 1) throw new Refused('VALIDATION', 'dns.period: a transfer adds one year');
    return;
  }
  if (availability.status !== 'AVAILABLE') {
    throw new Refused('NOT_AVAILABLE', `${name.name} cannot be registered: it is ${availability.status}`, {
      status: availability.status,
    });
  }
  const period = availability.period!; // every AVAILABLE name has its periods
  if (years < period.min || years > period.max) {
    throw new Refused('VALIDATION', `dns.period: .${name.tld} registers for ${period.min} to ${period.max} years`);
  }
};

/**
 * `POST /domains` registers an available name for the years asked, or with an authorization code transfers one in
 * from its registrar (a year added), and charges its price in the same append. It is refused at the first rule it
 * breaks: a name that is not `AVAILABLE`, or that its registrar would not give (NOT_AVAILABLE, with its status or
 * reasons), a period outside the TLD's (VALIDATION), a domain another operation holds (CONCURRENT_OPERATION), a
 * charge past the credit limit (INSUFFICIENT_BALANCE). A preview is decided exactly so and stores only itself, with
 * its quote and until when it holds.
 */
export const decideRegistration = (
  request: RegistrationRequest,
  facts: RegistrationFacts,
  states: RegistrationStates,
): RegistrationDecision => {
  const { name, accountId, operationId, at, years } = request;
  const { price, transfer } = facts;
  assertAllowed(request, facts);
  const kind = transfer ? 'DOMAIN_TRANSFER' : 'DOMAIN_REGISTRATION';
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
  const setFlags: DependencySpec[] = request.locks
    ? [{ id: request.flagsDependencyId, type: 'DOMAIN_FLAG_LOCK_UPDATE', parameters: { locks: request.locks } }]
    : [];
  // checked against the empty zone the registration opens; made before the flags, which may lock updates
  const zone = request.zone
    ? zoneDependenciesOf(request.zone, {
        records: [],
        nameservers: null,
        signed: false,
        dsPublished: false,
        hosted: [],
      })
    : [];
  const charge = { type: 'CHARGE' as const, reason: kind, amountCents: price.subTotalCents };
  const requested = requestOperation(
    {
      operationId,
      accountId,
      surface: 'reseller',
      type: 'DOMAIN_ADMIN_UPDATE',
      domain: name.name,
      preview: request.preview,
      validUntil: request.preview ? at + facts.quoteValidityMs : null,
      dependencies: [...createContact, register, ...zone, ...setFlags],
      quote: [charge],
      ...(request.paidBy ? { paidBy: request.paidBy } : {}),
      at,
    },
    states.operation,
    states.activity,
  );
  if (request.preview) return { ...requested, domain: [], billing: [] };
  // a name recorded as registered here that the registry gives out again was purged or transferred out since
  const released = dnsDomainDecider.decide(
    {
      type: 'ReleaseDnsDomain',
      data: { name: name.name, operationId, reason: transfer ? 'TRANSFERRED_OUT' : 'PURGED', at },
    },
    states.domain,
  );
  const requestedName = dnsDomainDecider.decide(
    {
      type: 'RequestDnsRegistration',
      data: {
        name: name.name,
        operationId,
        accountId,
        years,
        priceCents: price.subTotalCents,
        ...(transfer ? { sealedTransferCode: transfer.sealedCode } : {}),
        at,
      },
    },
    released.reduce(dnsDomainDecider.evolve, states.domain),
  );
  const domain = [...released, ...requestedName];
  if (request.paidBy) return { ...requested, domain, billing: [] };
  const billing = billingDecider.decide(
    {
      type: 'RecordCharge',
      data: {
        accountId,
        transactionId: request.transactionId,
        kind,
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
