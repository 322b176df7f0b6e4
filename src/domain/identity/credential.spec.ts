import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { CREDENTIAL_STREAM_PREFIX, credentialDecider, CredentialIssued, credentialStream } from './credential';

// Equivalent mutants: the `status === 'NONE' ? credential : …` guard of evolve (CredentialRevoked): a credential's
// stream starts with CredentialIssued, and the decider refuses to revoke a credential that does not exist, so the
// NONE branch is never taken.

const at = 1_700_000_000_000;

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

describe('credential streams', () => {
  it('are named by the digest of the secret, after a prefix that tells them from every other stream', () => {
    expect(credentialStream('d1')).toBe('credential-d1');
    // a process reads the digest of a revoked credential back from the stream's name
    expect(credentialStream('d1').slice(CREDENTIAL_STREAM_PREFIX.length)).toBe('d1');
  });
});
