import { deciderSpec } from '../../../test/support/decider-spec';
import { IllegalTransition, InvalidGrant } from '../shared/errors';
import { accountDecider, AccountOpened } from './account';
import { credentialDecider, CredentialIssued } from './credential';
import { EmailClaimed, emailDecider, EmailTaken } from './email-registry';
import { refreshFamilyDecider, RefreshFamilyStarted } from './refresh-family';
import { signupDecider, SignupRequested } from './signup-session';
import { emailProblems, normalizeEmail, passwordProblems } from './signup-rules';

const at = 1_700_000_000_000;

describe('account decider', () => {
  const given = deciderSpec(accountDecider);
  const opened: AccountOpened = { type: 'AccountOpened', data: { accountId: 'acc-1', kind: 'partner', profile: 'web3', name: 'Acme', email: null, passwordHash: null, at } };
  it('opens an account', () => given().when({ type: 'OpenAccount', data: opened.data }).then(opened));
  it('refuses to open it twice', () => given(opened).when({ type: 'OpenAccount', data: opened.data }).thenThrows(IllegalTransition));
  it('refuses a partner without a profile', () =>
    given().when({ type: 'OpenAccount', data: { ...opened.data, profile: null } }).thenThrows(IllegalTransition, /profile/));
});

describe('email registry decider', () => {
  const given = deciderSpec(emailDecider);
  const claimed: EmailClaimed = { type: 'EmailClaimed', data: { email: 'a@example.com', accountId: 'acc-1', at } };
  it('claims a free address', () => given().when({ type: 'ClaimEmail', data: claimed.data }).then(claimed));
  it('refuses an address another account holds', () =>
    given(claimed).when({ type: 'ClaimEmail', data: { ...claimed.data, accountId: 'acc-2' } }).thenThrows(EmailTaken));
  it('says nothing when the holder claims it again', () => given(claimed).when({ type: 'ClaimEmail', data: claimed.data }).thenNothing());
});

describe('signup session decider', () => {
  const given = deciderSpec(signupDecider);
  const requested = (emailTaken = false): SignupRequested => ({
    type: 'SignupRequested',
    data: { sessionId: 'sus-1', email: 'a@example.com', emailTaken, passwordHash: '$argon2id$x', codeDigest: 'right', sealedCode: 'sealed', expiresAt: at + 900_000, at },
  });
  const verify = (codeDigest: string, when = at + 1000) => ({ type: 'VerifySignup' as const, data: { codeDigest, accountId: 'acc-1', at: when } });
  const rejected = (attempts: number) => ({ type: 'SignupCodeRejected' as const, data: { sessionId: 'sus-1', attempts, at: at + 1000 } });

  it('verifies the right code', () =>
    given(requested()).when(verify('right')).then({ type: 'SignupVerified', data: { sessionId: 'sus-1', accountId: 'acc-1', at: at + 1000 } }));
  it('counts a wrong code', () => given(requested()).when(verify('wrong')).then(rejected(1)));
  it('closes the session at the fifth wrong code', () =>
    given(requested(), rejected(1), rejected(2), rejected(3), rejected(4))
      .when(verify('wrong'))
      .then(rejected(5), { type: 'SignupSessionClosed', data: { sessionId: 'sus-1', reason: 'too_many_attempts', at: at + 1000 } }));
  it('refuses even the right code once closed', () =>
    given(requested(), rejected(1), rejected(2), rejected(3), rejected(4), rejected(5), { type: 'SignupSessionClosed', data: { sessionId: 'sus-1', reason: 'too_many_attempts', at } })
      .when(verify('right'))
      .thenThrows(InvalidGrant, /no longer valid/));
  it('refuses an expired session', () => given(requested()).when(verify('right', at + 900_001)).thenThrows(InvalidGrant, /expired/));
  it('never verifies a session for a taken address', () => given(requested(true)).when(verify('right')).then(rejected(1)));
  it('refuses an unknown session', () => given().when(verify('right')).thenThrows(InvalidGrant, /unknown/));
});

describe('credential decider', () => {
  const given = deciderSpec(credentialDecider);
  const issued: CredentialIssued = {
    type: 'CredentialIssued',
    data: { credentialId: 'key-1', secretDigest: 'd1', accountId: 'acc-1', kind: 'agent_key', prefix: 'svc_mcp_ab12', scopes: ['cart:read'], at },
  };
  const revoke = { type: 'RevokeCredential' as const, data: { credentialId: 'key-1', at } };
  it('issues a credential', () => given().when({ type: 'IssueCredential', data: issued.data }).then(issued));
  it('refuses to issue the same secret twice', () => given(issued).when({ type: 'IssueCredential', data: issued.data }).thenThrows(IllegalTransition));
  it('revokes it', () => given(issued).when(revoke).then({ type: 'CredentialRevoked', data: revoke.data }));
  it('says nothing when revoked twice', () => given(issued, { type: 'CredentialRevoked', data: revoke.data }).when(revoke).thenNothing());
});

describe('refresh family decider', () => {
  const given = deciderSpec(refreshFamilyDecider);
  const started: RefreshFamilyStarted = {
    type: 'RefreshFamilyStarted',
    data: { familyId: 'rtf-1', accountId: 'acc-1', scope: 'cart:read', tokenDigest: 't1', expiresAt: at + 1000, at },
  };
  const rotate = (presentedDigest: string, nextDigest: string, when = at) => ({ type: 'RotateRefreshToken' as const, data: { presentedDigest, nextDigest, expiresAt: when + 1000, at: when } });
  const rotated = { type: 'RefreshTokenRotated' as const, data: { familyId: 'rtf-1', fromDigest: 't1', toDigest: 't2', expiresAt: at + 1000, at } };

  it('rotates the current token', () => given(started).when(rotate('t1', 't2')).then(rotated));
  it('revokes the family when a used token comes back', () =>
    given(started, rotated).when(rotate('t1', 't3')).then({ type: 'RefreshFamilyRevoked', data: { familyId: 'rtf-1', reason: 'reuse', at } }));
  it('refuses every token of a revoked family', () =>
    given(started, rotated, { type: 'RefreshFamilyRevoked', data: { familyId: 'rtf-1', reason: 'reuse', at } }).when(rotate('t2', 't3')).thenThrows(InvalidGrant));
  it('refuses a token it never issued', () => given(started).when(rotate('forged', 't2')).thenThrows(InvalidGrant));
  it('refuses an expired token', () => given(started).when(rotate('t1', 't2', at + 1001)).thenThrows(InvalidGrant, /expired/));
  it('says nothing when revoking a revoked family', () =>
    given(started, { type: 'RefreshFamilyRevoked', data: { familyId: 'rtf-1', reason: 'revoked', at } }).when({ type: 'RevokeRefreshFamily', data: { at } }).thenNothing());
});

describe('signup rules', () => {
  it.each(['alice@example.com', 'a.b+tag@sub.example.co', "o'hara@example.org"])('accepts %s', (email) => expect(emailProblems(email)).toEqual([]));
  it.each(['alice', '@example.com', 'alice@', 'alice@localhost', 'a..b@example.com', 'alice@exa mple.com', 'alice@-example.com', 'alice@example.123', `${'a'.repeat(65)}@example.com`])(
    'refuses %s',
    (email) => expect(emailProblems(email)).not.toEqual([]),
  );
  it('lowercases and trims addresses', () => expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com'));
  it('wants 8 to 256 characters with upper, lower, digit and another character', () => {
    expect(passwordProblems('Str0ng!pass')).toEqual([]);
    expect(passwordProblems('short1!')).toContain('must be at least 8 characters');
    expect(passwordProblems('alllowercase1!')).toEqual(['must contain an uppercase letter']);
    expect(passwordProblems('NoDigitsHere!')).toEqual(['must contain a digit']);
    expect(passwordProblems('NoSymbols123')).toEqual(['must contain a character that is not a letter or a digit']);
    expect(passwordProblems(`Aa1!${'x'.repeat(253)}`)).toEqual(['must be at most 256 characters']);
    expect(passwordProblems('Str0ng!pa\u0000ss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng!pa\tss')).toEqual(['must not contain control characters']);
  });
});
