/** The issuer URL (configuration `OAUTH_ISSUER`), the base of the discovery document. */
export class OAuthIssuer {
  constructor(readonly url: string) {}
}
