/** A certificate for a hosted name: its chain (PEM, the leaf first), its private key (PKCS #8 PEM), its expiry. */
export interface IssuedCertificate {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
  readonly expiresAt: number;
}

/** What an issuer asks to see before it issues: ACME's http-01 (RFC 8555 §8.3), a token the hosting answers with. */
export interface CertificateChallenge {
  readonly hostname: string;
  readonly token: string;
  readonly keyAuthorization: string;
}

export interface CertificateOrder {
  readonly id: string;
  readonly challenges: readonly CertificateChallenge[];
}

/**
 * Issues the certificates hosted names are served over HTTPS with, in the shape of ACME (RFC 8555): an order for the
 * names, the challenges to answer (served by the hosting listener), then the order finalized, the key made and its
 * request signed. The default adapter is a local certificate authority of the service's own (no challenges); an
 * ACME client for a public CA implements the same calls.
 */
export abstract class CertificateIssuer {
  abstract order(hostnames: readonly string[]): Promise<CertificateOrder>;
  /** The certificate once the CA issued it; undefined while it is still validating or processing the order. */
  abstract finalize(orderId: string): Promise<IssuedCertificate | undefined>;
}
