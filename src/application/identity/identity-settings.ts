/** The identity numbers that configuration decides (the module builds this from AppConfig). */
export class IdentitySettings {
  constructor(
    readonly refreshTokenTtlSeconds: number,
    /** Requests per window to surface B from one IP address. */
    readonly oauthLimitPerIp: number,
    /** Signups per window for one email address. */
    readonly signupLimitPerEmail: number,
    readonly rateWindowSeconds: number,
    /** How long another process may go on accepting a key revoked elsewhere (this process forgets it at once). */
    readonly credentialCacheMs: number = 0,
  ) {}
}

/** Fixed by `decisions.md` §2. */
export const SIGNUP_SESSION_SECONDS = 900;
export const ACCESS_TOKEN_SECONDS = 3600;
