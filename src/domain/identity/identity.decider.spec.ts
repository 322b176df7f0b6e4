import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { IllegalTransition, InvalidGrant } from '../shared/errors';
import { accountDecider, AccountOpened } from './account';
import { credentialDecider, CredentialIssued } from './credential';
import { EmailClaimed, emailDecider, EmailTaken } from './email-registry';
import { refreshFamilyDecider, RefreshFamilyStarted, RefreshTokenRotated } from './refresh-family';
import { AGENT_SCOPES, isAgentScope } from './scopes';
import { signupDecider, SignupRequested } from './signup-session';
import { emailProblems, normalizeEmail, passwordProblems } from './signup-rules';

// Equivalent mutants: the `status === 'NONE' ? state : …` guards in the evolve of credential.ts
// (CredentialRevoked), refresh-family.ts (RefreshTokenRotated, RefreshFamilyRevoked) and signup-session.ts
// (SignupCodeRejected, SignupSessionClosed, SignupVerified): every one of these streams starts with the event that
// creates its state, and the deciders refuse every command on a state that does not exist, so the NONE branch is
// never taken.
// And signup-rules.ts `at <= 0` → `at < 0`: an address starting with its @ has an empty local part, which the
// local-part pattern refuses with the same answer.

const at = 1_700_000_000_000;

describe('account decider', () => {
  const given = deciderSpec(accountDecider);
  const opened: AccountOpened = {
    type: 'AccountOpened',
    data: { accountId: 'acc-1', kind: 'partner', profile: 'web3', name: 'Acme', email: null, passwordHash: null, at },
  };
  it('opens an account', () => given().when({ type: 'OpenAccount', data: opened.data }).then(opened));
  it('keeps who the account is', () =>
    given()
      .when({ type: 'OpenAccount', data: opened.data })
      .thenState({ status: 'OPEN', id: 'acc-1', kind: 'partner', profile: 'web3', name: 'Acme', email: null }));
  it('opens a user account, which has no profile', () => {
    const user: AccountOpened = {
      type: 'AccountOpened',
      data: { ...opened.data, kind: 'user', profile: null, email: 'a@example.com', passwordHash: '$argon2id$x' },
    };
    given().when({ type: 'OpenAccount', data: user.data }).then(user);
  });
  it('refuses to open it twice', () =>
    given(opened)
      .when({ type: 'OpenAccount', data: opened.data })
      .thenThrows(IllegalTransition, { code: 'ILLEGAL_TRANSITION', message: /account acc-1 exists already/ }));
  it('refuses a partner without a profile', () =>
    given()
      .when({ type: 'OpenAccount', data: { ...opened.data, profile: null } })
      .thenThrows(IllegalTransition, /profile/));
  it('refuses a user with a profile', () =>
    given()
      .when({ type: 'OpenAccount', data: { ...opened.data, kind: 'user', profile: 'reseller' } })
      .thenThrows(IllegalTransition, /a user account none/));
  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'CloseAccount', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(accountDecider, [{ type: 'AccountClosed', data: {} } as never])).toThrow(/unexpected value/);
  });
});

describe('email registry decider', () => {
  const given = deciderSpec(emailDecider);
  const claimed: EmailClaimed = { type: 'EmailClaimed', data: { email: 'a@example.com', accountId: 'acc-1', at } };
  it('claims a free address', () => given().when({ type: 'ClaimEmail', data: claimed.data }).then(claimed));
  it('holds no address before it is claimed', () => given().thenState({ accountId: null }));
  it('holds the address for the account', () =>
    given().when({ type: 'ClaimEmail', data: claimed.data }).thenState({ accountId: 'acc-1' }));
  it('refuses an address another account holds', () =>
    given(claimed)
      .when({ type: 'ClaimEmail', data: { ...claimed.data, accountId: 'acc-2' } })
      .thenThrows(EmailTaken, { code: 'CONFLICT', message: /an account uses a@example.com already/ }));
  it('says nothing when the holder claims it again', () =>
    given(claimed).when({ type: 'ClaimEmail', data: claimed.data }).thenNothing());
  it('fails loudly on an event of a newer version', () =>
    expect(() => fold(emailDecider, [{ type: 'EmailReleased', data: {} } as never])).toThrow(/unexpected value/));
});

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

describe('credential decider', () => {
  const given = deciderSpec(credentialDecider);
  const issued: CredentialIssued = {
    type: 'CredentialIssued',
    data: {
      credentialId: 'key-1',
      secretDigest: 'd1',
      accountId: 'acc-1',
      kind: 'agent_key',
      prefix: 'svc_mcp_ab12',
      scopes: ['cart:read'],
      at,
    },
  };
  const revoke = { type: 'RevokeCredential' as const, data: { credentialId: 'key-1', at } };
  it('issues a credential', () => given().when({ type: 'IssueCredential', data: issued.data }).then(issued));
  it('keeps whose it is and what it may do', () =>
    given()
      .when({ type: 'IssueCredential', data: issued.data })
      .thenState({ status: 'ACTIVE', id: 'key-1', accountId: 'acc-1', kind: 'agent_key', scopes: ['cart:read'] }));
  it('refuses to issue the same secret twice', () =>
    given(issued)
      .when({ type: 'IssueCredential', data: issued.data })
      .thenThrows(IllegalTransition, /a credential with this secret exists already/));
  it('revokes it', () => given(issued).when(revoke).then({ type: 'CredentialRevoked', data: revoke.data }));
  it('is revoked for good', () =>
    given(issued).when(revoke).thenState({ status: 'REVOKED', id: 'key-1', accountId: 'acc-1' }));
  it('says nothing when revoked twice', () =>
    given(issued, { type: 'CredentialRevoked', data: revoke.data }).when(revoke).thenNothing());
  it('refuses to revoke a credential that does not exist', () =>
    given()
      .when(revoke)
      .thenThrows(IllegalTransition, /credential key-1 does not exist/));
  it('fails loudly on a command or an event of a newer version', () => {
    given(issued)
      .when({ type: 'RenameCredential', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(credentialDecider, [issued, { type: 'CredentialRenamed', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });
});

describe('refresh family decider', () => {
  const given = deciderSpec(refreshFamilyDecider);
  const started: RefreshFamilyStarted = {
    type: 'RefreshFamilyStarted',
    data: { familyId: 'rtf-1', accountId: 'acc-1', scope: 'cart:read', tokenDigest: 't1', expiresAt: at + 1000, at },
  };
  const rotate = (presentedDigest: string, nextDigest: string, when = at) => ({
    type: 'RotateRefreshToken' as const,
    data: { presentedDigest, nextDigest, expiresAt: when + 1000, at: when },
  });
  const rotated = {
    type: 'RefreshTokenRotated' as const,
    data: { familyId: 'rtf-1', fromDigest: 't1', toDigest: 't2', expiresAt: at + 1000, at },
  };

  const revoked = (reason: 'reuse' | 'revoked', when = at) => ({
    type: 'RefreshFamilyRevoked' as const,
    data: { familyId: 'rtf-1', reason, at: when },
  });
  const logout = (when = at) => ({ type: 'RevokeRefreshFamily' as const, data: { at: when } });

  it('starts a family', () => given().when({ type: 'StartRefreshFamily', data: started.data }).then(started));
  it('keeps whose family it is and its current token', () =>
    given(started).thenState({
      status: 'ACTIVE',
      id: 'rtf-1',
      accountId: 'acc-1',
      scope: 'cart:read',
      currentDigest: 't1',
      usedDigests: [],
      expiresAt: at + 1000,
    }));
  it('refuses to start a family twice', () =>
    given(started)
      .when({ type: 'StartRefreshFamily', data: started.data })
      .thenThrows(InvalidGrant, { code: 'INVALID_GRANT', message: /exists already/ }));
  it('rotates the current token', () => given(started).when(rotate('t1', 't2')).then(rotated));
  it('makes the next token current, and the used one spent, until the new expiry', () =>
    given(started)
      .when(rotate('t1', 't2', at + 500))
      .thenState({ status: 'ACTIVE', currentDigest: 't2', usedDigests: ['t1'], expiresAt: at + 1500 }));
  it('rotates a token until the moment it expires', () =>
    given(started)
      .when(rotate('t1', 't2', at + 1000))
      .then({ ...rotated, data: { ...rotated.data, expiresAt: at + 2000, at: at + 1000 } }));
  it('gives the rotated token the new expiry', () => {
    const late: RefreshTokenRotated = { type: 'RefreshTokenRotated', data: { ...rotated.data, expiresAt: at + 5000 } };
    given(started, late)
      .when(rotate('t2', 't3', at + 4000))
      .then({
        type: 'RefreshTokenRotated',
        data: { familyId: 'rtf-1', fromDigest: 't2', toDigest: 't3', expiresAt: at + 5000, at: at + 4000 },
      });
  });
  it('revokes the family when any used token comes back', () => {
    const again: RefreshTokenRotated = {
      type: 'RefreshTokenRotated',
      data: { ...rotated.data, fromDigest: 't2', toDigest: 't3' },
    };
    given(started, rotated, again).when(rotate('t1', 't4')).then(revoked('reuse'));
    given(started, rotated).when(rotate('t1', 't3')).thenState({ status: 'REVOKED' });
  });
  it('revokes the family at logout', () =>
    given(started, rotated)
      .when(logout(at + 10))
      .then(revoked('revoked', at + 10)));
  it('is revoked at logout, its current token with it', () =>
    given(started, rotated).when(logout()).thenState({ status: 'REVOKED', currentDigest: 't2' }));
  it('refuses every token of a family revoked at logout', () =>
    given(started, revoked('revoked'))
      .when(rotate('t1', 't2'))
      .thenThrows(InvalidGrant, { code: 'INVALID_GRANT', message: /the refresh token is not valid/ }));
  it('says nothing at logout of a family that does not exist', () => given().when(logout()).thenNothing());
  it('refuses a token of a family that does not exist', () =>
    given()
      .when(rotate('t1', 't2'))
      .thenThrows(InvalidGrant, /not valid/));
  it('revokes the family when a used token comes back', () =>
    given(started, rotated)
      .when(rotate('t1', 't3'))
      .then({ type: 'RefreshFamilyRevoked', data: { familyId: 'rtf-1', reason: 'reuse', at } }));
  it('refuses every token of a revoked family', () =>
    given(started, rotated, { type: 'RefreshFamilyRevoked', data: { familyId: 'rtf-1', reason: 'reuse', at } })
      .when(rotate('t2', 't3'))
      .thenThrows(InvalidGrant));
  it('refuses a token it never issued', () =>
    given(started)
      .when(rotate('forged', 't2'))
      .thenThrows(InvalidGrant, /the refresh token is not valid/));
  it('refuses an expired token', () =>
    given(started)
      .when(rotate('t1', 't2', at + 1001))
      .thenThrows(InvalidGrant, { code: 'INVALID_GRANT', message: /the refresh token has expired/ }));
  it('says nothing when revoking a revoked family', () =>
    given(started, { type: 'RefreshFamilyRevoked', data: { familyId: 'rtf-1', reason: 'revoked', at } })
      .when({ type: 'RevokeRefreshFamily', data: { at } })
      .thenNothing());
  it('fails loudly on a command or an event of a newer version', () => {
    given(started)
      .when({ type: 'ExtendRefreshFamily', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(refreshFamilyDecider, [started, { type: 'RefreshFamilyExtended', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });
});

describe('signup rules', () => {
  it.each([
    'alice@example.com',
    'a.b+tag@sub.example.co',
    "o'hara@example.org",
    'x@a.io',
    'alice@host.a1',
    'alice@host.1a',
  ])('accepts %s', (email) => expect(emailProblems(email)).toEqual([]));
  it.each([
    'alice',
    '@example.com',
    'alice@',
    'alice@localhost',
    'a..b@example.com',
    'alice@exa mple.com',
    'alice@-example.com',
    'alice@example.123',
    `${'a'.repeat(65)}@example.com`,
    'alice.example.com',
  ])('refuses %s', (email) => expect(emailProblems(email)).toEqual(['must be an email address']));
  it('takes addresses of up to 254 characters, with up to 64 before the @', () => {
    const address = (local: number, domain: number) =>
      `${'a'.repeat(local)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(domain - 132)}.com`;
    expect(address(64, 189)).toHaveLength(254);
    expect(emailProblems(address(64, 189))).toEqual([]);
    expect(emailProblems(address(64, 190))).toEqual(['must be at most 254 characters']);
    expect(emailProblems(address(65, 150))).toEqual(['must be an email address']);
  });
  it('lowercases and trims addresses', () => expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com'));
  it('wants 8 to 256 characters with upper, lower, digit and another character', () => {
    expect(passwordProblems('Str0ng!pass')).toEqual([]);
    expect(passwordProblems('Str0ng!x')).toEqual([]);
    expect(passwordProblems('Str0ng!')).toEqual(['must be at least 8 characters']);
    expect(passwordProblems('short1!')).toContain('must be at least 8 characters');
    expect(passwordProblems(`Aa1!${'x'.repeat(252)}`)).toEqual([]);
    expect(passwordProblems(`Aa1!${'x'.repeat(253)}`)).toEqual(['must be at most 256 characters']);
    expect(passwordProblems('alllowercase1!')).toEqual(['must contain an uppercase letter']);
    expect(passwordProblems('ALLUPPERCASE1!')).toEqual(['must contain a lowercase letter']);
    expect(passwordProblems('NoDigitsHere!')).toEqual(['must contain a digit']);
    expect(passwordProblems('NoSymbols123')).toEqual(['must contain a character that is not a letter or a digit']);
    expect(passwordProblems('Str0ng!pa\u0000ss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng!pa\tss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng!pa\u001fss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng!pa\u007fss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng pa\u00e9ss')).toEqual([]);
  });
});

describe('agent scopes', () => {
  it('knows the scopes of surface A and nothing else', () => {
    expect(AGENT_SCOPES.every(isAgentScope)).toBe(true);
    expect(['cart:delete', 'CART:READ', '', 'admin'].some(isAgentScope)).toBe(false);
  });
});
