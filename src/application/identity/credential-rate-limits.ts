import { Injectable } from '@nestjs/common';
import { TokenDecision, TokenRate } from '../../domain/identity/token-bucket';
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

/**
 * Rate limits per credential: every authenticated request takes a token from its credential's bucket, sized by the
 * kind of credential (`AGENT_KEY_RATE_*`, `PARTNER_KEY_RATE_*`, `RESOLUTION_KEY_RATE_*`).
 */
@Injectable()
export class CredentialRateLimits {
  constructor(
    private readonly buckets: CredentialBuckets,
    private readonly settings: IdentitySettings,
  ) {}

  /** Takes a token for a request of `principal`; undefined when its kind of credential has no limit. */
  async admit(principal: Principal): Promise<CredentialAdmission | undefined> {
    const rate = this.settings.credentialRates[FAMILY[principal.via]];
    if (!rate) return undefined;
    return { ...(await this.buckets.take(principal.bucket, rate)), rate };
  }
}
