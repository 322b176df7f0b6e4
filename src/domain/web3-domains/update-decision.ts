import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { Web3Account } from '../web3-accounts/web3-account';
import { assertManages, changesOf, Custody, DomainChange, HeldDomain } from './custody';
import { Web3Request, web3OperationOf } from './web3-request';

export interface UpdateRequest extends Web3Request {
  readonly change: DomainChange;
  readonly custody: Custody;
  /** The ids the UPDATE_RECORDS and TRANSFER dependencies take, when the change needs them. */
  readonly dependencyIds: Readonly<{ records: string; transfer: string }>;
}

export interface UpdateStates {
  readonly account: Web3Account;
  readonly operation: Operation;
  readonly activity: DomainActivity;
}

/**
 * A change of a domain's records, then its owner, in one operation: only of a domain the account manages through the
 * route of its custody, only when it changes something (NO_CHANGE), and only while no other operation holds the
 * domain (CONCURRENT_OPERATION).
 */
export const decideUpdate = (
  request: UpdateRequest,
  domain: HeldDomain,
  states: UpdateStates,
): OperationRequestDecision => {
  assertManages(states.account, domain, request.custody);
  const dependencies = changesOf(states.account, domain, request.change, request.custody, request.dependencyIds);
  return requestOperation(
    web3OperationOf(request, 'DOMAIN_UPDATE', domain.name, dependencies),
    states.operation,
    states.activity,
  );
};
