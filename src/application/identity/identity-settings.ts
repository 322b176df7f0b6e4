import { TokenRate } from '../../domain/identity/token-bucket';

/** The kinds of credentials whose rates are set apart: agent keys and tokens, partner keys, resolution keys. */
export type CredentialFamily = 'agent' | 'partner' | 'resolution';

/** The identity numbers that configuration decides (SettingsModule builds this from AppConfig). */
export class IdentitySettings {
  constructor(
    readonly refreshTokenTtlSeconds: number,
    /** Requests per window to surface B from one IP address. */
    readonly oauthLimitPerIp: number,
    /** Signups per window for one email address. */
    readonly signupLimitPerEmail: number,
    readonly rateWindowSeconds: number,
    /** How long a process keeps a credential it found active (0: not at all); revocations reach it by notification. */
    readonly credentialCacheMs: number = 0,
    /** `OAUTH_ISSUER`: the `iss` of the tokens and the base URL of the discovery document. */
    readonly issuer: string = 'http://localhost',
    /** Calls per window of surface A's open searches from one IP address. */
    readonly agentOpenLimitPerIp: number = 300,
    /** The token bucket of each kind of credential; null: no limit. */
    readonly credentialRates: Readonly<Record<CredentialFamily, TokenRate | null>> = {
      agent: null,
      partner: null,
      resolution: null,
    },
    /** How often a process reads the store for revocations when no notification came (`SUBSCRIPTION_POLL_MS`). */
    readonly storePollMs: number = 1000,
  ) {}
}

/** Fixed by `decisions.md` §2. */
export const SIGNUP_SESSION_SECONDS = 900;
export const ACCESS_TOKEN_SECONDS = 3600;
