import { CredentialEvent, CredentialKind } from '../../domain/identity/credential';
import { Projection } from '../../application/shared/projection';

export interface CredentialRow {
  readonly credentialId: string;
  readonly accountId: string;
  readonly kind: CredentialKind;
  readonly prefix: string;
  readonly scopes: readonly string[];
  readonly secretDigest: string;
  readonly createdAt: number;
  readonly revokedAt: number | null;
}

/** Keys by id, for listing and revoking them; authentication reads the credential stream itself. */
export const credentialList: Projection<CredentialRow, CredentialEvent> = {
  name: 'credential-list',
  version: 1,
  handles: ['CredentialIssued', 'CredentialRevoked'],
  idOf: (event) => event.data.credentialId,
  evolve: (row, event) => {
    switch (event.type) {
      case 'CredentialIssued': {
        const { credentialId, accountId, kind, prefix, scopes, secretDigest, at } = event.data;
        return { credentialId, accountId, kind, prefix, scopes, secretDigest, createdAt: at, revokedAt: null };
      }
      case 'CredentialRevoked':
        return row ? { ...row, revokedAt: event.data.at } : null;
    }
  },
};
