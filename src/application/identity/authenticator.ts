import { Injectable } from '@nestjs/common';
import { decodeJwt } from 'jose';
import { PartnerProfile } from '../../domain/identity/account';
import { credentialDecider, CredentialKind, credentialStream } from '../../domain/identity/credential';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { IdentitySettings } from './identity-settings';
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
 * store itself (not a projection). A key found active is kept for `credentialCacheMs` (reading the credential on
 * every request halved the requests/s of resolution lookups): the revoking process forgets it at once, the others
 * within that time.
 */
/** Enough for every active key of a large deployment; the oldest entry goes first beyond it. */
const MAX_CACHED_KEYS = 50_000;

@Injectable()
export class Authenticator {
  private readonly active = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly store: EventStore,
    private readonly signer: TokenSigner,
    private readonly settings: IdentitySettings,
    private readonly clock: Clock,
  ) {}

  /** Called by the revocation: from now on this process reads the credential again. */
  forget(secretDigest: string): void {
    this.active.delete(secretDigest);
  }

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
    const digest = digestOf(secret);
    const now = this.clock.now();
    const known = this.active.get(digest);
    if (known && known.until > now) return known.principal.via === via ? known.principal : undefined;
    const { state } = await loadStream(this.store, credentialStream(digest), credentialDecider);
    if (state.status !== 'ACTIVE' || state.kind !== kind) return undefined;
    const principal: Principal = { accountId: state.accountId, via, scopes: state.scopes, profile: null };
    if (this.settings.credentialCacheMs > 0) {
      if (this.active.size >= MAX_CACHED_KEYS) this.active.delete(this.active.keys().next().value as string);
      this.active.set(digest, { principal, until: now + this.settings.credentialCacheMs });
    }
    return principal;
  }
}
