import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { ConcurrentOperation } from '../shared/errors';
import { DomainCommand, DomainEvent } from '../shared/message';

/**
 * The activity of one domain across all accounts: at most one unfinished operation holds it. The stream's unique
 * (stream, position) constraint makes the claim atomic in the database; concurrent claims conflict and re-decide.
 */
export const domainActivityStream = (domain: string): string => `domain-activity-${domain}`;

export type DomainOperationStarted = DomainEvent<
  'DomainOperationStarted',
  { domain: string; operationId: string; accountId: string; at: number }
>;
export type DomainOperationReleased = DomainEvent<
  'DomainOperationReleased',
  { domain: string; operationId: string; at: number }
>;
export type DomainActivityEvent = DomainOperationStarted | DomainOperationReleased;

export type ClaimDomain = DomainCommand<'ClaimDomain', DomainOperationStarted['data']>;
export type ReleaseDomain = DomainCommand<'ReleaseDomain', DomainOperationReleased['data']>;
export type DomainActivityCommand = ClaimDomain | ReleaseDomain;

export type DomainActivity = { readonly openOperationId: string | null; readonly holderAccountId: string | null };

const evolve = (_state: DomainActivity, event: DomainActivityEvent): DomainActivity => {
  switch (event.type) {
    case 'DomainOperationStarted':
      return { openOperationId: event.data.operationId, holderAccountId: event.data.accountId };
    case 'DomainOperationReleased':
      return { openOperationId: null, holderAccountId: null };
    default:
      return assertNever(event);
  }
};

const decide = (command: DomainActivityCommand, state: DomainActivity): DomainActivityEvent[] => {
  switch (command.type) {
    case 'ClaimDomain':
      if (state.openOperationId === command.data.operationId) return [];
      // the holder's id is news only to its own account: another learns that the domain is busy, nothing more
      if (state.openOperationId)
        throw new ConcurrentOperation(
          command.data.domain,
          state.holderAccountId === command.data.accountId ? state.openOperationId : undefined,
        );
      return [{ type: 'DomainOperationStarted', data: command.data }];
    case 'ReleaseDomain':
      return state.openOperationId === command.data.operationId
        ? [{ type: 'DomainOperationReleased', data: command.data }]
        : [];
    default:
      return assertNever(command);
  }
};

export const domainActivityDecider: Decider<DomainActivityCommand, DomainActivityEvent, DomainActivity> = {
  initialState: () => ({ openOperationId: null, holderAccountId: null }),
  evolve,
  decide,
};
