import { Injectable } from '@nestjs/common';
import { decodeJwt } from 'jose';
import { PartnerProfile } from '../../domain/identity/account';
import { credentialDecider, CredentialKind, credentialStream } from '../../domain/identity/credential';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { TokenSigner } from './identity.ports';
import { AGENT_KEY_PATTERN, digestOf, RESOLUTION_KEY_PATTERN } from './secrets';

export interface Principal {
  readonly accountId: string;
  readonly via: 'api_key' | 'oauth_token' | 'partner_key' | 'resolution_key';
  readonly scopes: readonly string[];
  readonly profile: PartnerProfile | null;
}

const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Who a bearer credential belongs to, per surface. Keys are looked up by the digest of the secret in the event
 * store itself (not a projection), so a revocation holds from the very next request.
 */
@Injectable()
export class Authenticator {
  constructor(
    private readonly store: EventStore,
    private readonly signer: TokenSigner,
  ) {}

  /** Surface A: an agent API key, or an OAuth access token from surface B. */
  async agent(bearer: string): Promise<Principal | undefined> {
    if (AGENT_KEY_PATTERN.test(bearer)) return this.byKey(bearer, 'agent_key', 'api_key');
    if (!JWT_PATTERN.test(bearer)) return undefined;
    const claims = await this.signer.verify(bearer);
    if (!claims || claims.token_use !== 'access' || typeof claims.scope !== 'string') return undefined;
    return { accountId: claims.sub, via: 'oauth_token', scopes: claims.scope.split(' '), profile: null };
  }

  /** Surfaces C and D: a partner access key (a JWT we issued and still hold as a credential). */
  async partner(bearer: string): Promise<Principal | undefined> {
    if (!JWT_PATTERN.test(bearer)) return undefined;
    const principal = await this.byKey(bearer, 'partner_key', 'partner_key');
    if (!principal) return undefined;
    // the digest matched a key this service issued, so its claims are the ones it signed
    const profile = decodeJwt(bearer).profile as PartnerProfile;
    return { ...principal, profile };
  }

  /** Surface E: a resolution key. */
  async resolution(bearer: string): Promise<Principal | undefined> {
    return RESOLUTION_KEY_PATTERN.test(bearer) ? this.byKey(bearer, 'resolution_key', 'resolution_key') : undefined;
  }

  private async byKey(secret: string, kind: CredentialKind, via: Principal['via']): Promise<Principal | undefined> {
    const { state } = await loadStream(this.store, credentialStream(digestOf(secret)), credentialDecider);
    if (state.status !== 'ACTIVE' || state.kind !== kind) return undefined;
    return { accountId: state.accountId, via, scopes: state.scopes, profile: null };
  }
}
