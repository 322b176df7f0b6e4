import { Injectable } from '@nestjs/common';
import { decisionOf, leaseSizeOf, TokenBucket, TokenDecision, TokenRate } from '../../domain/identity/token-bucket';
import { Clock } from '../shared/clock';
import { Principal } from './authenticator';
import { CredentialFamily, IdentitySettings } from './identity-settings';
import { CredentialBuckets } from './identity.ports';

const FAMILY: Readonly<Record<Principal['via'], CredentialFamily>> = {
  api_key: 'agent',
  oauth_token: 'agent',
  partner_key: 'partner',
  resolution_key: 'resolution',
  // operators are few and trusted, but a leaked key must not read the whole history at full speed either
  operator_key: 'partner',
};

/** A request's place in its credential's budget: the decision, and the rate it was taken under. */
export interface CredentialAdmission extends TokenDecision {
  readonly rate: TokenRate;
}

/** Tokens this process took for a credential's next requests, and the shared bucket as it left it. */
interface Lease {
  tokens: number;
  readonly bucket: TokenBucket;
  readonly until: number;
}

/** A lease not spent within a second lapses: the tokens it held are not kept from the other processes for long. */
const LEASE_MS = 1000;
/** Enough for the busy keys of a large deployment; the oldest lease goes first beyond it. */
const MAX_LEASES = 10_000;

/**
 * Rate limits per credential: every authenticated request takes a token from its credential's bucket, sized by the
 * kind of credential (`AGENT_KEY_RATE_*`, `PARTNER_KEY_RATE_*`, `RESOLUTION_KEY_RATE_*`). The bucket is shared by
 * every process; a busy key's requests are served from a lease of its tokens this process took at once
 * (`leaseSizeOf`: a tenth of a second at its rate), so that only every few hundredth request waits on the database.
 */
@Injectable()
export class CredentialRateLimits {
  private readonly leases = new Map<string, Lease>();
  private readonly taking = new Map<string, Promise<TokenDecision>>();

  constructor(
    private readonly buckets: CredentialBuckets,
    private readonly settings: IdentitySettings,
    private readonly clock: Clock,
  ) {}

  /** Takes a token for a request of `principal`; undefined when its kind of credential has no limit. */
  async admit(principal: Principal): Promise<CredentialAdmission | undefined> {
    const rate = this.settings.credentialRates[FAMILY[principal.via]];
    if (!rate) return undefined;
    const size = leaseSizeOf(rate);
    if (size === 1) return { ...(await this.buckets.take(principal.bucket, rate)), rate };
    const key = principal.bucket;
    // requests that find no lease while one is being taken wait for it rather than each taking their own
    for (let waited = 0; waited < 3; waited++) {
      const lease = this.leases.get(key);
      if (lease && lease.tokens > 0 && lease.until > this.clock.now()) {
        lease.tokens -= 1;
        return { ...leasedDecision(lease, rate), rate };
      }
      const taking = this.taking.get(key);
      if (!taking) break;
      await taking;
    }
    const taking = this.takeLease(key, rate, size);
    this.taking.set(key, taking);
    try {
      return { ...(await taking), rate };
    } finally {
      if (this.taking.get(key) === taking) this.taking.delete(key);
    }
  }

  /** A new lease of `size` tokens, the first of them spent on the request that took it. */
  private async takeLease(key: string, rate: TokenRate, size: number): Promise<TokenDecision> {
    const now = this.clock.now();
    const taken = await this.buckets.take(key, rate, size);
    if (!taken.allowed) return taken;
    if (!this.leases.has(key) && this.leases.size >= MAX_LEASES)
      this.leases.delete(this.leases.keys().next().value as string);
    const lease = { tokens: taken.taken - 1, bucket: taken.bucket, until: now + LEASE_MS };
    this.leases.set(key, lease);
    return leasedDecision(lease, rate);
  }
}

/** What a request served from a lease is told: the shared bucket as the lease left it, and the lease's own tokens. */
const leasedDecision = (lease: Lease, rate: TokenRate): TokenDecision =>
  decisionOf(true, { ...lease.bucket, milliTokens: lease.bucket.milliTokens + lease.tokens * 1000 }, rate);
