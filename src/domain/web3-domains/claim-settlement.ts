import { RecordCredit } from '../billing/billing-account';
import { ExistingOperation } from '../operations/operation';
import { DomainClaim, domainClaimDecider, DomainClaimEvent } from './domain-claim';

/** Claims and returns of surface C settle as their operation finishes. */
export const settlesClaim = (op: ExistingOperation): op is ExistingOperation & { readonly domain: string } =>
  op.surface === 'web3' && op.domain !== null && (op.type === 'DOMAIN_CLAIM' || op.type === 'DOMAIN_RETURN');

export interface ClaimSettlementDecision {
  readonly claim: readonly DomainClaimEvent[];
  /** What the account is credited, if anything. */
  readonly credit: RecordCredit['data'] | undefined;
}

/**
 * A completed claim is confirmed; a failed one is abandoned and its charge given back (CLAIM_REFUND). A completed
 * return credits the price the name was claimed at (DOMAIN_RETURN); a failed one leaves the claim as it was. Told
 * twice, it settles nothing.
 */
export const settleClaim = (
  op: ExistingOperation & { readonly domain: string },
  claim: DomainClaim,
  transactionId: string,
  at: number,
): ClaimSettlementDecision => {
  const data = { name: op.domain, operationId: op.id, at, succeeded: op.status === 'COMPLETED' };
  const events = domainClaimDecider.decide(
    op.type === 'DOMAIN_CLAIM' ? { type: 'FinishClaim', data } : { type: 'FinishReturn', data },
    claim,
  );
  const credited = events.find((event) => event.type === 'ClaimAbandoned' || event.type === 'ReturnConfirmed');
  if (!credited) return { claim: events, credit: undefined };
  // either way the credit is the price the name was claimed at: a claim is abandoned only while PENDING, a return
  // confirmed only while RETURNING, and both states carry it
  const { priceCents: amountCents } = claim as Extract<DomainClaim, { priceCents: number }>;
  const kind = credited.type === 'ReturnConfirmed' ? 'DOMAIN_RETURN' : 'CLAIM_REFUND';
  return {
    claim: events,
    credit: { accountId: op.accountId, transactionId, kind, amountCents, operationId: op.id, domain: op.domain, at },
  };
};
