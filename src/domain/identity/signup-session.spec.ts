import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { InvalidGrant } from '../shared/errors';
import { signupDecider, SignupRequested } from './signup-session';

// Equivalent mutants: the `status === 'NONE' ? session : …` guards of evolve (SignupCodeRejected,
// SignupSessionClosed, SignupVerified): a session's stream starts with SignupRequested, and the decider refuses
// every command on a session that does not exist, so the NONE branch is never taken.

const at = 1_700_000_000_000;

describe('signup session decider', () => {
  const given = deciderSpec(signupDecider);
  const requested = (emailTaken = false): SignupRequested => ({
    type: 'SignupRequested',
    data: {
      sessionId: 'sus-1',
      email: 'a@example.com',
      emailTaken,
      passwordHash: '$argon2id$x',
      codeDigest: 'right',
      sealedCode: 'sealed',
      expiresAt: at + 900_000,
      at,
    },
  });
  const verify = (codeDigest: string, when = at + 1000) => ({
    type: 'VerifySignup' as const,
    data: { codeDigest, accountId: 'acc-1', at: when },
  });
  const rejected = (attempts: number) => ({
    type: 'SignupCodeRejected' as const,
    data: { sessionId: 'sus-1', attempts, at: at + 1000 },
  });

  it('verifies the right code', () =>
    given(requested())
      .when(verify('right'))
      .then({ type: 'SignupVerified', data: { sessionId: 'sus-1', accountId: 'acc-1', at: at + 1000 } }));
  it('keeps the session open with what verifying it needs', () =>
    given(requested()).thenState({
      status: 'OPEN',
      id: 'sus-1',
      email: 'a@example.com',
      emailTaken: false,
      passwordHash: '$argon2id$x',
      codeDigest: 'right',
      expiresAt: at + 900_000,
      attempts: 0,
      accountId: null,
    }));
  it('verifies the right code until the moment the session expires', () =>
    given(requested())
      .when(verify('right', at + 900_000))
      .thenState({ status: 'VERIFIED', accountId: 'acc-1' }));
  it('refuses a verified session', () =>
    given(requested(), { type: 'SignupVerified', data: { sessionId: 'sus-1', accountId: 'acc-1', at } })
      .when(verify('right'))
      .thenThrows(InvalidGrant, /no longer valid/));
  it('refuses to open a session twice', () =>
    given(requested())
      .when({ type: 'RequestSignup', data: requested().data })
      .thenThrows(InvalidGrant, { code: 'INVALID_GRANT', message: /exists already/ }));
  it('opens a session', () => given().when({ type: 'RequestSignup', data: requested().data }).then(requested()));
  it('counts a wrong code', () => given(requested()).when(verify('wrong')).then(rejected(1)));
  it('counts wrong codes on from the last one', () =>
    given(requested(), rejected(1), rejected(2)).when(verify('wrong')).thenState({ status: 'OPEN', attempts: 3 }));
  it('keeps the session open after the fourth wrong code', () =>
    given(requested(), rejected(1), rejected(2), rejected(3)).when(verify('wrong')).then(rejected(4)));
  it('closes the session at the fifth wrong code', () =>
    given(requested(), rejected(1), rejected(2), rejected(3), rejected(4))
      .when(verify('wrong'))
      .then(rejected(5), {
        type: 'SignupSessionClosed',
        data: { sessionId: 'sus-1', reason: 'too_many_attempts', at: at + 1000 },
      }));
  it('is closed after the fifth wrong code', () =>
    given(requested(), rejected(1), rejected(2), rejected(3), rejected(4))
      .when(verify('wrong'))
      .thenState({ status: 'CLOSED', attempts: 5 }));
  it('refuses even the right code once closed', () =>
    given(requested(), rejected(1), rejected(2), rejected(3), rejected(4), rejected(5), {
      type: 'SignupSessionClosed',
      data: { sessionId: 'sus-1', reason: 'too_many_attempts', at },
    })
      .when(verify('right'))
      .thenThrows(InvalidGrant, /no longer valid/));
  it('refuses an expired session', () =>
    given(requested())
      .when(verify('right', at + 900_001))
      .thenThrows(InvalidGrant, /expired/));
  it('never verifies a session for a taken address', () =>
    given(requested(true)).when(verify('right')).then(rejected(1)));
  it('refuses an unknown session', () =>
    given()
      .when(verify('right'))
      .thenThrows(InvalidGrant, /unknown/));
  it('fails loudly on a command or an event of a newer version', () => {
    given(requested())
      .when({ type: 'ResendSignupCode', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(signupDecider, [requested(), { type: 'SignupCodeResent', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });
});
