import { BillingAccount, billingDecider, BillingEvent } from '../billing/billing-account';
import { Address, Blockchain } from '../chains/blockchain';
import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { Refused } from '../shared/errors';
import { Web3Account } from '../web3-accounts/web3-account';
import { availabilityOf } from './availability';
import { assertWritableChain, claimantOf, LocatedName, RequestedOwner } from './custody';
import { DomainClaim, domainClaimDecider, DomainClaimEvent } from './domain-claim';
import { Web3Name } from './names';
import { Web3Request, web3OperationOf } from './web3-request';

export interface ClaimRequest extends Web3Request {
  readonly name: Web3Name;
  readonly records: Readonly<Record<string, string>>;
  /** Where the name goes; the account's default wallet when none is named. */
  readonly owner: RequestedOwner | undefined;
  /** The ids of what the claim creates besides its operation: the MINT dependency and the charge. */
  readonly dependencyId: string;
  readonly transactionId: string;
}

/** What the configuration and the chains say about the name. */
export interface ClaimFacts {
  /** The chain names under the name's ending are minted on; none while the ending is coming soon. */
  readonly registrationChain: Blockchain | undefined;
  /** Where the name is minted now and who holds it; not looked up under an ending that is not open. */
  readonly located: Pick<LocatedName, 'blockchain' | 'owner'> | undefined;
  readonly comingSoonTlds: readonly string[];
  /** The service's own wallet: a name it holds (returned, or minted ahead) can be claimed again. */
  readonly serviceAddress: Address;
  readonly creditLimitCents: number;
}

export interface ClaimStates {
  readonly account: Web3Account;
  readonly operation: Operation;
  readonly activity: DomainActivity;
  readonly claim: DomainClaim;
  readonly billing: BillingAccount;
}

export interface ClaimDecision extends OperationRequestDecision {
  readonly claim: readonly DomainClaimEvent[];
  readonly billing: readonly BillingEvent[];
}

/**
 * A claim mints the name to a wallet and charges its price. It is refused at the first rule it breaks: a name on a
 * read-only chain (UNSUPPORTED_BLOCKCHAIN), one that cannot be claimed (NOT_AVAILABLE), no wallet to mint to
 * (CUSTODY_REQUIRED, or NOT_FOUND for a custodial wallet that is not the account's), a domain another operation holds
 * (CONCURRENT_OPERATION), a claim or return of the name under way (NOT_AVAILABLE), a charge past the credit limit
 * (INSUFFICIENT_BALANCE). A preview is decided exactly so, and stores only its operation.
 */
export const decideClaim = (request: ClaimRequest, facts: ClaimFacts, states: ClaimStates): ClaimDecision => {
  const { name, accountId, operationId, at } = request;
  if (facts.registrationChain) assertWritableChain(name.name, facts.registrationChain);
  if (facts.located) assertWritableChain(name.name, facts.located.blockchain);
  const availability = availabilityOf({
    parsed: { ok: true, ...name },
    comingSoonTlds: facts.comingSoonTlds,
    onChainOwner: facts.located?.owner ?? null,
    serviceAddress: facts.serviceAddress,
    heldByOpenClaim: false,
  });
  if (!facts.registrationChain || availability.status !== 'AVAILABLE') {
    throw new Refused('NOT_AVAILABLE', `${name.name} cannot be claimed: ${availability.status}`, {
      availability: availability.status,
    });
  }
  const toAddress = claimantOf(states.account, request.owner);
  const { price } = availability;
  const mint = {
    id: request.dependencyId,
    type: 'MINT',
    parameters: {
      blockchain: facts.registrationChain,
      name: name.name,
      custody: 'SERVICE',
      toAddress,
      initialRecords: request.records,
      price,
    },
  };
  const charge = { type: 'CHARGE' as const, reason: 'DOMAIN_CLAIM', amountCents: price.subTotalCents };
  const requested = requestOperation(
    web3OperationOf(request, 'DOMAIN_CLAIM', name.name, [mint], [charge]),
    states.operation,
    states.activity,
  );
  const claim = domainClaimDecider.decide(
    { type: 'RequestClaim', data: { name: name.name, operationId, accountId, priceCents: price.subTotalCents, at } },
    states.claim,
  );
  const billing = billingDecider.decide(
    {
      type: 'RecordCharge',
      data: {
        accountId,
        transactionId: request.transactionId,
        kind: 'DOMAIN_CLAIM',
        amountCents: price.subTotalCents,
        operationId,
        domain: name.name,
        at,
        creditLimitCents: facts.creditLimitCents,
      },
    },
    states.billing,
  );
  return request.preview ? { ...requested, claim: [], billing: [] } : { ...requested, claim, billing };
};
