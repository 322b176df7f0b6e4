import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { DomainCommand, DomainEvent } from '../shared/message';

/**
 * A secret that authenticates an account on one surface: an agent API key (surface A), a partner access key (a JWT,
 * surfaces C and D), a resolution key (surface E) or an operator key (the operator API and console). Its stream is
 * named by the SHA-256 digest of the secret, so a request is authenticated by reading one stream, and the secret
 * itself is never stored.
 */
export type CredentialKind = 'agent_key' | 'partner_key' | 'resolution_key' | 'operator_key';

export const CREDENTIAL_STREAM_PREFIX = 'credential-';
export const credentialStream = (secretDigest: string): string => `${CREDENTIAL_STREAM_PREFIX}${secretDigest}`;

export type CredentialIssued = DomainEvent<
  'CredentialIssued',
  {
    credentialId: string;
    secretDigest: string;
    accountId: string;
    kind: CredentialKind;
    prefix: string;
    scopes: readonly string[];
    at: number;
  }
>;
export type CredentialRevoked = DomainEvent<'CredentialRevoked', { credentialId: string; at: number }>;
export type CredentialEvent = CredentialIssued | CredentialRevoked;

export type IssueCredential = DomainCommand<'IssueCredential', CredentialIssued['data']>;
export type RevokeCredential = DomainCommand<'RevokeCredential', { credentialId: string; at: number }>;
export type CredentialCommand = IssueCredential | RevokeCredential;

export type Credential =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'ACTIVE' | 'REVOKED';
      readonly id: string;
      readonly accountId: string;
      readonly kind: CredentialKind;
      readonly scopes: readonly string[];
    };

const evolve = (credential: Credential, event: CredentialEvent): Credential => {
  switch (event.type) {
    case 'CredentialIssued': {
      const { credentialId: id, accountId, kind, scopes } = event.data;
      return { status: 'ACTIVE', id, accountId, kind, scopes };
    }
    case 'CredentialRevoked':
      return credential.status === 'NONE' ? credential : { ...credential, status: 'REVOKED' };
    default:
      return assertNever(event);
  }
};

const decide = (command: CredentialCommand, credential: Credential): CredentialEvent[] => {
  switch (command.type) {
    case 'IssueCredential':
      if (credential.status !== 'NONE') throw new IllegalTransition('a credential with this secret exists already');
      return [{ type: 'CredentialIssued', data: command.data }];
    case 'RevokeCredential':
      if (credential.status === 'NONE')
        throw new IllegalTransition(`credential ${command.data.credentialId} does not exist`);
      return credential.status === 'REVOKED' ? [] : [{ type: 'CredentialRevoked', data: command.data }];
    default:
      return assertNever(command);
  }
};

export const credentialDecider: Decider<CredentialCommand, CredentialEvent, Credential> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
