import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * What the service sold of a blockchain name: who claimed it, when and for how much, so that a return within
 * the window credits that price back to that account. A pending claim makes the name unavailable to every other
 * claimer: concurrent claims conflict on this stream and all but one are refused.
 */
export const domainClaimStream = (name: string): string => `web3-claim-${name}`;

type Of<Data> = MessageData<{ name: string; operationId: string }, Data>;
export type ClaimRequested = DomainEvent<'ClaimRequested', Of<{ accountId: string; priceCents: number }>>;
export type ClaimConfirmed = DomainEvent<'ClaimConfirmed', Of<unknown>>;
export type ClaimAbandoned = DomainEvent<'ClaimAbandoned', Of<unknown>>;
export type ReturnRequested = DomainEvent<'ReturnRequested', Of<{ accountId: string }>>;
export type ReturnConfirmed = DomainEvent<'ReturnConfirmed', Of<{ creditCents: number }>>;
export type ReturnAbandoned = DomainEvent<'ReturnAbandoned', Of<unknown>>;
export type DomainClaimEvent =
  ClaimRequested | ClaimConfirmed | ClaimAbandoned | ReturnRequested | ReturnConfirmed | ReturnAbandoned;

export type RequestClaim = DomainCommand<'RequestClaim', ClaimRequested['data']>;
export type FinishClaim = DomainCommand<'FinishClaim', Of<{ succeeded: boolean }>>;
export type RequestReturn = DomainCommand<'RequestReturn', Of<{ accountId: string; returnWindowMs: number }>>;
export type FinishReturn = DomainCommand<'FinishReturn', Of<{ succeeded: boolean }>>;
export type DomainClaimCommand = RequestClaim | FinishClaim | RequestReturn | FinishReturn;

export type DomainClaim =
  | { readonly status: 'NONE' | 'RETURNED' }
  | {
      readonly status: 'PENDING' | 'CLAIMED' | 'RETURNING';
      readonly accountId: string;
      readonly operationId: string;
      readonly priceCents: number;
      readonly claimedAt: number;
    };

const evolve = (claim: DomainClaim, event: DomainClaimEvent): DomainClaim => {
  switch (event.type) {
    case 'ClaimRequested':
      return {
        status: 'PENDING',
        accountId: event.data.accountId,
        operationId: event.data.operationId,
        priceCents: event.data.priceCents,
        claimedAt: event.data.at,
      };
    case 'ClaimConfirmed':
      return claim.status === 'PENDING' ? { ...claim, status: 'CLAIMED', claimedAt: event.data.at } : claim;
    case 'ClaimAbandoned':
      return { status: 'NONE' };
    case 'ReturnRequested':
      return claim.status === 'CLAIMED'
        ? { ...claim, status: 'RETURNING', operationId: event.data.operationId }
        : claim;
    case 'ReturnConfirmed':
      return { status: 'RETURNED' };
    case 'ReturnAbandoned':
      return claim.status === 'RETURNING' ? { ...claim, status: 'CLAIMED' } : claim;
    default:
      return assertNever(event);
  }
};

const requestClaim = (claim: DomainClaim, data: RequestClaim['data']): DomainClaimEvent[] => {
  if (claim.status === 'PENDING' || claim.status === 'RETURNING') {
    throw new Refused('NOT_AVAILABLE', `${data.name} is being claimed or returned`, { name: data.name });
  }
  return [{ type: 'ClaimRequested', data }];
};

const finishClaim = (claim: DomainClaim, { succeeded, ...data }: FinishClaim['data']): DomainClaimEvent[] => {
  if (claim.status !== 'PENDING' || claim.operationId !== data.operationId) return []; // told twice
  return [succeeded ? { type: 'ClaimConfirmed', data } : { type: 'ClaimAbandoned', data }];
};

const requestReturn = (claim: DomainClaim, { returnWindowMs, ...data }: RequestReturn['data']): DomainClaimEvent[] => {
  if (claim.status !== 'CLAIMED' || claim.accountId !== data.accountId) {
    throw new Refused('FORBIDDEN', `${data.name} was not claimed by this account, or is not held since its claim`, {
      name: data.name,
    });
  }
  if (data.at - claim.claimedAt > returnWindowMs) {
    throw new Refused(
      'FORBIDDEN',
      `${data.name} can be returned only within ${Math.round(returnWindowMs / 86_400_000)} days of its claim`,
      { name: data.name, claimedAt: claim.claimedAt },
    );
  }
  return [
    {
      type: 'ReturnRequested',
      data: { name: data.name, operationId: data.operationId, accountId: data.accountId, at: data.at },
    },
  ];
};

const finishReturn = (claim: DomainClaim, { succeeded, ...data }: FinishReturn['data']): DomainClaimEvent[] => {
  if (claim.status !== 'RETURNING' || claim.operationId !== data.operationId) return [];
  return [
    succeeded
      ? { type: 'ReturnConfirmed', data: { ...data, creditCents: claim.priceCents } }
      : { type: 'ReturnAbandoned', data },
  ];
};

const decide = (command: DomainClaimCommand, claim: DomainClaim): DomainClaimEvent[] => {
  switch (command.type) {
    case 'RequestClaim':
      return requestClaim(claim, command.data);
    case 'FinishClaim':
      return finishClaim(claim, command.data);
    case 'RequestReturn':
      return requestReturn(claim, command.data);
    case 'FinishReturn':
      return finishReturn(claim, command.data);
    default:
      return assertNever(command);
  }
};

export const domainClaimDecider: Decider<DomainClaimCommand, DomainClaimEvent, DomainClaim> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
