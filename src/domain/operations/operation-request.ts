import { DomainActivity, domainActivityDecider, DomainActivityEvent } from './domain-activity';
import { existing, ExistingOperation, Operation } from './operation';
import { operationDecider } from './operation.decider';
import { OperationEvent, OperationRequested } from './operation.events';

/** What requesting an operation appends: to the operation, and to the activity of the domain it names. */
export interface OperationRequestDecision {
  readonly operation: readonly OperationEvent[];
  readonly activity: readonly DomainActivityEvent[];
  /** The operation as the request leaves it: what the caller answers. */
  readonly state: ExistingOperation;
}

/**
 * An operation that names a domain holds it while it runs, so a domain another unfinished operation holds refuses it
 * (CONCURRENT_OPERATION); one that finished as it started (nothing to do) gives the domain back at once. A preview is
 * refused where the operation would be, and holds nothing. `activity` is the named domain's, when one is named.
 */
export const requestOperation = (
  data: OperationRequested['data'],
  operation: Operation,
  activity?: DomainActivity,
): OperationRequestDecision => {
  const events = operationDecider.decide({ type: 'RequestOperation', data }, operation);
  const state = existing(events.reduce(operationDecider.evolve, operation));
  if (data.domain === null) return { operation: events, activity: [], state };
  const { domain } = data;
  const before = activity ?? domainActivityDecider.initialState();
  const claimed = domainActivityDecider.decide(
    { type: 'ClaimDomain', data: { domain, operationId: state.id, accountId: state.accountId, at: state.createdAt } },
    before,
  );
  const finishedAtOnce = events.some((event) => event.type === 'OperationFinished');
  const released = finishedAtOnce
    ? domainActivityDecider.decide(
        { type: 'ReleaseDomain', data: { domain, operationId: state.id, at: state.createdAt } },
        claimed.reduce(domainActivityDecider.evolve, before),
      )
    : [];
  return { operation: events, activity: data.preview ? [] : [...claimed, ...released], state };
};
