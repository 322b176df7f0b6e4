import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { decodeJwt } from 'jose';
import { PartnerProfile } from '../../domain/identity/account';
import {
  CREDENTIAL_STREAM_PREFIX,
  credentialDecider,
  CredentialKind,
  credentialStream,
} from '../../domain/identity/credential';
import { refreshFamilyDecider, refreshFamilyStream } from '../../domain/identity/refresh-family';
import { Clock } from '../shared/clock';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { followedWithin, subscribe, Subscription } from '../shared/subscription';
import { loadStream } from '../shared/handle-command';
import { IdentitySettings } from './identity-settings';
import { TokenSigner } from './identity.ports';
import { AGENT_KEY_PATTERN, digestOf, OPERATOR_KEY_PATTERN, RESOLUTION_KEY_PATTERN } from './secrets';

export interface Principal {
  readonly accountId: string;
  readonly via: 'api_key' | 'oauth_token' | 'partner_key' | 'resolution_key' | 'operator_key';
  readonly scopes: readonly string[];
  readonly profile: PartnerProfile | null;
  /** The credential's rate-limit bucket (its digest, or the token family): never the secret itself. */
  readonly bucket: string;
}

const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const familyKey = (familyId: string): string => `family:${familyId}`;

/** Enough for every active key of a large deployment; the oldest entry goes first beyond it. */
const MAX_CACHED_KEYS = 50_000;
/** How long a check waits for the process to read appends it was told of, before it reads the credential itself. */
const FOLLOW_WAIT_MS = 250;

/**
 * Who a bearer credential belongs to, per surface. Keys are looked up by the digest of the secret in the event
 * store itself (not a projection). A key found active is kept (reading the credential on every request halved the
 * requests/s of resolution lookups) for at most `credentialCacheMs`, and only while the process follows the store:
 * every process reads each revocation as its append is notified and forgets the credential, and a check made while
 * the process has not yet read appends it was told of waits for them, so a revoked key is refused by every process
 * from the moment the revocation's notification reaches it.
 */
@Injectable()
export class Authenticator implements OnApplicationShutdown {
  private readonly active = new Map<string, { principal: Principal; until: number }>();
  private revocations: Promise<Subscription> | undefined;

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

  /** Called when a refresh family is revoked: its access tokens stop working in this process at once. */
  forgetFamily(familyId: string): void {
    this.active.delete(familyKey(familyId));
  }

  /**
   * Surface A: an agent API key, or an OAuth access token from surface B. An access token lives as long as the
   * refresh family that issued it (`fid`): revoked with it, in this process at once and in others within the cache
   * time.
   */
  async agent(bearer: string): Promise<Principal | undefined> {
    if (AGENT_KEY_PATTERN.test(bearer)) return this.byKey(bearer, 'agent_key', 'api_key');
    if (!JWT_PATTERN.test(bearer)) return undefined;
    const claims = await this.signer.verify(bearer);
    if (!claims || claims.token_use !== 'access' || typeof claims.scope !== 'string' || typeof claims.fid !== 'string')
      return undefined;
    const family = await this.remembered(familyKey(claims.fid), async () => {
      const { state } = await loadStream(this.store, refreshFamilyStream(claims.fid as string), refreshFamilyDecider);
      return state.status === 'ACTIVE'
        ? {
            accountId: state.accountId,
            via: 'oauth_token',
            scopes: state.scope.split(' '),
            profile: null,
            bucket: familyKey(claims.fid as string),
          }
        : undefined;
    });
    if (!family || family.accountId !== claims.sub) return undefined;
    return { ...family, scopes: claims.scope.split(' ') };
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

  /** The operator API and console: an operator key (issued by the CLI to an operator account). */
  async operator(bearer: string): Promise<Principal | undefined> {
    return OPERATOR_KEY_PATTERN.test(bearer) ? this.byKey(bearer, 'operator_key', 'operator_key') : undefined;
  }

  /** The operator a console session names by its key's digest, while that key is active. */
  async operatorByDigest(secretDigest: string): Promise<Principal | undefined> {
    return this.byDigest(secretDigest, 'operator_key', 'operator_key');
  }

  /** Any credential of surfaces A, C, D or E: a valid key shown where it does not count is forbidden, not unknown. */
  async anyOtherSurface(bearer: string): Promise<boolean> {
    return (
      (await this.agent(bearer)) !== undefined ||
      (await this.partner(bearer)) !== undefined ||
      (await this.resolution(bearer)) !== undefined
    );
  }

  private byKey(secret: string, kind: CredentialKind, via: Principal['via']): Promise<Principal | undefined> {
    return this.byDigest(digestOf(secret), kind, via);
  }

  private async byDigest(digest: string, kind: CredentialKind, via: Principal['via']): Promise<Principal | undefined> {
    const principal = await this.remembered(digest, async () => {
      const { state } = await loadStream(this.store, credentialStream(digest), credentialDecider);
      return state.status === 'ACTIVE' && state.kind === kind
        ? { accountId: state.accountId, via, scopes: state.scopes, profile: null, bucket: `key:${digest}` }
        : undefined;
    });
    return principal?.via === via ? principal : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await (await this.revocations?.catch(() => undefined))?.close();
  }

  /**
   * What `read` found active under `key`, kept for `credentialCacheMs` and trusted only while the process has read
   * every append it was told of; what it found inactive is read again next time.
   */
  private async remembered(key: string, read: () => Promise<Principal | undefined>): Promise<Principal | undefined> {
    if (this.settings.credentialCacheMs === 0) return read();
    // following from before the first read: no revocation appended after a credential was read can be missed
    const revocations = await this.following();
    if (revocations.current || (await followedWithin(revocations, FOLLOW_WAIT_MS))) {
      const known = this.active.get(key);
      if (known && known.until > this.clock.now()) return known.principal;
    }
    const now = this.clock.now();
    const principal = await read();
    if (principal) {
      if (this.active.size >= MAX_CACHED_KEYS) this.active.delete(this.active.keys().next().value as string);
      this.active.set(key, { principal, until: now + this.settings.credentialCacheMs });
    }
    return principal;
  }

  /** The process's reading of revocations appended anywhere, from the store's head when it was first needed. */
  private following(): Promise<Subscription> {
    this.revocations ??= this.store.head().then(
      (head) =>
        subscribe(this.store, head, async (events) => this.forgetRevoked(events), {
          pollMs: this.settings.storePollMs,
        }),
      (error: unknown) => {
        this.revocations = undefined;
        throw error;
      },
    );
    return this.revocations;
  }

  private forgetRevoked(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if (event.type === 'CredentialRevoked') this.active.delete(event.streamId.slice(CREDENTIAL_STREAM_PREFIX.length));
      else if (event.type === 'RefreshFamilyRevoked')
        this.active.delete(familyKey((event.data as { familyId: string }).familyId));
    }
  }
}
