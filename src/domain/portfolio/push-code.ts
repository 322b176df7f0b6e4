import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * The one-time code that confirms a push of names to another account (`svc_domain_push`'s `otpCode`), one stream per
 * pushing account: mailed to the user for one push (these names, to that account), good for a few minutes and a few
 * tries, used once. A new code replaces the one before. Only its keyed digest is kept.
 */
export const pushCodeStream = (accountId: string): string => `push-code-${accountId}`;

export const PUSH_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes a push code takes before it is dead: six digits are guessed in 5 tries once in 200,000. */
export const PUSH_CODE_ATTEMPTS = 5;

/** What a code confirms: the names (as stored, in any order) and the account they go to. */
export interface PushRequest {
  readonly targetAccountId: string;
  readonly names: readonly string[];
}

type Of<Data> = MessageData<{ accountId: string }, Data>;
/** `sealedCode`: the code sealed with the service's key, for the mail alone (the digest is what confirms it). */
export type PushCodeIssued = DomainEvent<
  'PushCodeIssued',
  Of<PushRequest & { codeDigest: string; sealedCode: string; expiresAt: number }>
>;
export type PushCodeRejected = DomainEvent<'PushCodeRejected', Of<unknown>>;
export type PushCodeUsed = DomainEvent<'PushCodeUsed', Of<unknown>>;
export type PushCodeEvent = PushCodeIssued | PushCodeRejected | PushCodeUsed;

export type IssuePushCode = DomainCommand<'IssuePushCode', PushCodeIssued['data']>;
/** `codeDigest`: the keyed digest of the code the user gave, for the push asked. */
export type UsePushCode = DomainCommand<'UsePushCode', Of<PushRequest & { codeDigest: string }>>;
export type PushCodeCommand = IssuePushCode | UsePushCode;

export interface PushCode {
  readonly code: (PushRequest & { readonly codeDigest: string; readonly expiresAt: number }) | null;
  readonly failures: number;
  readonly used: boolean;
}

/** Names compared as a set: the order they are asked in does not make another push. */
const sameRequest = (one: PushRequest, other: PushRequest): boolean => {
  const names = new Set(one.names);
  return (
    one.targetAccountId === other.targetAccountId &&
    names.size === new Set(other.names).size &&
    other.names.every((name) => names.has(name))
  );
};

/** The code that can still confirm a push at `now`: issued, not used, not expired, with tries left. */
export const livePushCodeOf = (state: PushCode, now: number): PushCode['code'] =>
  state.code && !state.used && now < state.code.expiresAt && state.failures < PUSH_CODE_ATTEMPTS ? state.code : null;

/** Whether the live code was issued for this very push: a user asking another push is mailed a code for it. */
export const isCodeForPush = (state: PushCode, request: PushRequest, now: number): boolean => {
  const live = livePushCodeOf(state, now);
  return live !== null && sameRequest(live, request);
};

const evolve = (state: PushCode, event: PushCodeEvent): PushCode => {
  switch (event.type) {
    case 'PushCodeIssued': {
      const { targetAccountId, names, codeDigest, expiresAt } = event.data;
      return { code: { targetAccountId, names, codeDigest, expiresAt }, failures: 0, used: false };
    }
    case 'PushCodeRejected':
      return { ...state, failures: state.failures + 1 };
    case 'PushCodeUsed':
      return { ...state, used: true };
    default:
      return assertNever(event);
  }
};

/**
 * A code given for a push is used when it is the live code issued for that very push; a wrong one counts against the
 * code's tries; with no live code for the push there is nothing to try (the caller mails one).
 */
const decide = (command: PushCodeCommand, state: PushCode): PushCodeEvent[] => {
  switch (command.type) {
    case 'IssuePushCode':
      return [{ type: 'PushCodeIssued', data: command.data }];
    case 'UsePushCode': {
      const { accountId, codeDigest, at } = command.data;
      const live = livePushCodeOf(state, at);
      if (!live || !sameRequest(live, command.data)) return [];
      return live.codeDigest === codeDigest
        ? [{ type: 'PushCodeUsed', data: { accountId, at } }]
        : [{ type: 'PushCodeRejected', data: { accountId, at } }];
    }
    default:
      return assertNever(command);
  }
};

export const pushCodeDecider: Decider<PushCodeCommand, PushCodeEvent, PushCode> = {
  initialState: () => ({ code: null, failures: 0, used: false }),
  evolve,
  decide,
};
