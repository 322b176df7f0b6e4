import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { InvalidGrant } from '../shared/errors';
import { refreshFamilyDecider, RefreshFamilyStarted, RefreshTokenRotated } from './refresh-family';

// Equivalent mutants: the `status === 'NONE' ? family : …` guards of evolve (RefreshTokenRotated,
// RefreshFamilyRevoked): a family's stream starts with RefreshFamilyStarted, and the decider rotates or revokes only
// a family that exists, so the NONE branch is never taken.

const at = 1_700_000_000_000;

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
