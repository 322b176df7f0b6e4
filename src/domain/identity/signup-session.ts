import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { InvalidGrant } from '../shared/errors';
import { DomainCommand, DomainEvent } from '../shared/message';

/** Wrong codes a signup session takes before it closes for good (`decisions.md` §2). */
export const MAX_CODE_ATTEMPTS = 5;

export const signupStream = (sessionId: string): string => `signup-${sessionId}`;

/**
 * A signup in progress. The code is never stored in clear: `codeDigest` checks it, `sealedCode` (encrypted with the
 * service's secret key) lets the mailer send it. A taken email gets a session too, one that no code can verify,
 * so that both answer alike.
 */
export type SignupRequested = DomainEvent<
  'SignupRequested',
  {
    sessionId: string;
    email: string;
    emailTaken: boolean;
    passwordHash: string;
    codeDigest: string;
    sealedCode: string;
    expiresAt: number;
    at: number;
  }
>;
export type SignupCodeRejected = DomainEvent<'SignupCodeRejected', { sessionId: string; attempts: number; at: number }>;
export type SignupSessionClosed = DomainEvent<
  'SignupSessionClosed',
  { sessionId: string; reason: 'too_many_attempts'; at: number }
>;
export type SignupVerified = DomainEvent<'SignupVerified', { sessionId: string; accountId: string; at: number }>;
export type SignupEvent = SignupRequested | SignupCodeRejected | SignupSessionClosed | SignupVerified;

export type RequestSignup = DomainCommand<'RequestSignup', SignupRequested['data']>;
export type VerifySignup = DomainCommand<'VerifySignup', { codeDigest: string; accountId: string; at: number }>;
export type SignupCommand = RequestSignup | VerifySignup;

export type SignupSession =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'OPEN' | 'VERIFIED' | 'CLOSED';
      readonly id: string;
      readonly email: string;
      readonly emailTaken: boolean;
      readonly passwordHash: string;
      readonly codeDigest: string;
      readonly expiresAt: number;
      readonly attempts: number;
      readonly accountId: string | null;
    };

const evolve = (session: SignupSession, event: SignupEvent): SignupSession => {
  switch (event.type) {
    case 'SignupRequested': {
      const { sessionId: id, email, emailTaken, passwordHash, codeDigest, expiresAt } = event.data;
      return {
        status: 'OPEN',
        id,
        email,
        emailTaken,
        passwordHash,
        codeDigest,
        expiresAt,
        attempts: 0,
        accountId: null,
      };
    }
    case 'SignupCodeRejected':
      return session.status === 'NONE' ? session : { ...session, attempts: event.data.attempts };
    case 'SignupSessionClosed':
      return session.status === 'NONE' ? session : { ...session, status: 'CLOSED' };
    case 'SignupVerified':
      return session.status === 'NONE' ? session : { ...session, status: 'VERIFIED', accountId: event.data.accountId };
    default:
      return assertNever(event);
  }
};

const verify = (session: SignupSession, { codeDigest, accountId, at }: VerifySignup['data']): SignupEvent[] => {
  if (session.status === 'NONE') throw new InvalidGrant('unknown signup session');
  if (session.status !== 'OPEN') throw new InvalidGrant('the signup session is no longer valid');
  if (at > session.expiresAt) throw new InvalidGrant('the signup session has expired');
  if (session.emailTaken || codeDigest !== session.codeDigest) {
    const attempts = session.attempts + 1;
    const rejected: SignupEvent = { type: 'SignupCodeRejected', data: { sessionId: session.id, attempts, at } };
    return attempts >= MAX_CODE_ATTEMPTS
      ? [rejected, { type: 'SignupSessionClosed', data: { sessionId: session.id, reason: 'too_many_attempts', at } }]
      : [rejected];
  }
  return [{ type: 'SignupVerified', data: { sessionId: session.id, accountId, at } }];
};

const decide = (command: SignupCommand, session: SignupSession): SignupEvent[] => {
  switch (command.type) {
    case 'RequestSignup':
      if (session.status !== 'NONE') throw new InvalidGrant('signup session exists already');
      return [{ type: 'SignupRequested', data: command.data }];
    case 'VerifySignup':
      return verify(session, command.data);
    default:
      return assertNever(command);
  }
};

export const signupDecider: Decider<SignupCommand, SignupEvent, SignupSession> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
