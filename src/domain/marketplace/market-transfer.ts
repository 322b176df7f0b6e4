import { DnsDomain } from '../dns-domains/dns-domain';
import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { PaidBy } from '../operations/operation.events';
import { Refused } from '../shared/errors';

/**
 * The operations that move a name between accounts on the marketplace, each changing the contacts of the name at the
 * registry (`DOMAIN_DNS_CONTACT_SET`) and, when it completes, who holds it here: a purchase (the buyer becomes the
 * registrant), a lease's start (the lessee becomes the admin and tech contact: it runs the name's DNS), the lease's
 * completion (the lessee becomes the registrant) and its default (the seller's registrant runs the name again).
 */
export type MarketTransferKind = 'PURCHASE' | 'LEASE' | 'LEASE_COMPLETION' | 'LEASE_DEFAULT';

export const MARKET_OPERATION_TYPES: Readonly<Record<MarketTransferKind, string>> = {
  PURCHASE: 'DOMAIN_MARKET_PURCHASE',
  LEASE: 'DOMAIN_MARKET_LEASE',
  LEASE_COMPLETION: 'DOMAIN_MARKET_LEASE_COMPLETION',
  LEASE_DEFAULT: 'DOMAIN_MARKET_LEASE_DEFAULT',
};

/** The kind of a marketplace operation by its type; undefined for any other operation. */
export const marketTransferKindOf = (type: string): MarketTransferKind | undefined =>
  (Object.keys(MARKET_OPERATION_TYPES) as MarketTransferKind[]).find((kind) => MARKET_OPERATION_TYPES[kind] === type);

/** Contacts by role, as the registry gets them; the roles left out keep theirs. */
export type MarketContacts = Partial<Record<'owner' | 'admin' | 'tech' | 'billing', { readonly id: string }>>;

export interface MarketTransferRequest {
  readonly kind: MarketTransferKind;
  readonly operationId: string;
  /** Whose operation it is: the buyer's (purchase, lease, completion), the seller's for a default. */
  readonly accountId: string;
  readonly name: string;
  /** The account that must hold the name here when the operation starts. */
  readonly holderAccountId: string;
  readonly contacts: MarketContacts;
  readonly dependencyId: string;
  /** The order line a purchase or a lease's start delivers. */
  readonly paidBy?: PaidBy;
  /** The lease a completion or a default ends. */
  readonly leaseId?: string;
  readonly at: number;
}

export interface MarketTransferStates {
  readonly operation: Operation;
  readonly activity: DomainActivity;
  readonly domain: DnsDomain;
}

/**
 * Starts the operation, refused when the name is not held here by the account it moves from any more (transferred
 * out, released: NOT_AVAILABLE) or another operation holds it (CONCURRENT_OPERATION).
 */
export const decideMarketTransfer = (
  request: MarketTransferRequest,
  { operation, activity, domain }: MarketTransferStates,
): OperationRequestDecision => {
  const { kind, name, at } = request;
  if (domain.status !== 'REGISTERED' || domain.accountId !== request.holderAccountId)
    throw new Refused(
      'NOT_AVAILABLE',
      `${name} is no longer held by its ${kind === 'PURCHASE' || kind === 'LEASE' ? 'seller' : 'lessee'}`,
    );
  return requestOperation(
    {
      operationId: request.operationId,
      accountId: request.accountId,
      surface: 'reseller',
      type: MARKET_OPERATION_TYPES[kind],
      domain: name,
      preview: false,
      validUntil: null,
      dependencies: [
        {
          id: request.dependencyId,
          type: 'DOMAIN_DNS_CONTACT_SET',
          parameters: { ...request.contacts, ...(request.leaseId ? { leaseId: request.leaseId } : {}) },
        },
      ],
      quote: [],
      ...(request.paidBy ? { paidBy: request.paidBy } : {}),
      at,
    },
    operation,
    activity,
  );
};
