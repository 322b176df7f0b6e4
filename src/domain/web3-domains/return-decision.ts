import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { Web3Account } from '../web3-accounts/web3-account';
import { assertManages, HeldDomain } from './custody';
import { DomainClaim, domainClaimDecider, DomainClaimEvent } from './domain-claim';
import { Web3Request, web3OperationOf } from './web3-request';

export interface ReturnRequest extends Web3Request {
  /** The id of the RETURN dependency. */
  readonly dependencyId: string;
  readonly returnWindowMs: number;
}

export interface ReturnStates {
  readonly account: Web3Account;
  readonly operation: Operation;
  readonly activity: DomainActivity;
  readonly claim: DomainClaim;
}

export interface ReturnDecision extends OperationRequestDecision {
  readonly claim: readonly DomainClaimEvent[];
}

/**
 * A return gives a domain back to the service for the price it was claimed at. Only a domain in a custodial wallet
 * of the account (CUSTODY_REQUIRED, FORBIDDEN), that this account claimed and still holds, within the return window
 * (FORBIDDEN), and that no other operation holds (CONCURRENT_OPERATION). A preview is decided exactly so, and stores
 * only its operation.
 */
export const decideReturn = (request: ReturnRequest, domain: HeldDomain, states: ReturnStates): ReturnDecision => {
  const { accountId, operationId, at, returnWindowMs } = request;
  assertManages(states.account, domain, 'SERVICE');
  const returning = domainClaimDecider.decide(
    { type: 'RequestReturn', data: { name: domain.name, operationId, accountId, at, returnWindowMs } },
    states.claim,
  );
  // RequestReturn has refused every claim but a CLAIMED one, which carries its price
  const { priceCents } = states.claim as Extract<DomainClaim, { priceCents: number }>;
  const giveBack = {
    id: request.dependencyId,
    type: 'RETURN',
    parameters: { blockchain: domain.blockchain, name: domain.name, custody: 'SERVICE', ownerAddress: domain.owner },
  };
  const credit = { type: 'CREDIT' as const, reason: 'DOMAIN_RETURN', amountCents: priceCents };
  const requested = requestOperation(
    web3OperationOf(request, 'DOMAIN_RETURN', domain.name, [giveBack], [credit]),
    states.operation,
    states.activity,
  );
  return { ...requested, claim: request.preview ? [] : returning };
};
