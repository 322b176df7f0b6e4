import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, JWK, jwtVerify, KeyLike, SignJWT, decodeProtectedHeader } from 'jose';
import { Pool } from 'pg';
import { SecretBox, TokenClaims, TokenSigner } from '../../application/identity/identity.ports';

const ALGORITHM = 'EdDSA';

interface SigningKey {
  readonly kid: string;
  readonly publicJwk: JWK;
  readonly privateKey: KeyLike | Uint8Array;
  readonly retired: boolean;
}

/**
 * JWTs signed with Ed25519 keys kept in `signing_keys` (private keys sealed). The newest key signs; every key not
 * retired long enough verifies and is published in the JWKS, so tokens outlive a rotation.
 */
export class JoseTokenSigner implements TokenSigner {
  private keys: SigningKey[] | undefined;
  private loading: Promise<SigningKey[]> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly box: SecretBox,
    private readonly issuer: string,
  ) {}

  async sign(claims: TokenClaims, ttlSeconds: number | null): Promise<string> {
    const [current] = await this.signingKeys();
    const jwt = new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALGORITHM, kid: current.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setIssuedAt()
      .setJti((claims.jti as string | undefined) ?? randomUUID());
    if (ttlSeconds !== null) jwt.setExpirationTime(`${ttlSeconds}s`);
    return jwt.sign(current.privateKey);
  }

  async verify(token: string): Promise<(TokenClaims & { exp?: number; iat: number }) | undefined> {
    try {
      const { kid } = decodeProtectedHeader(token);
      let key = (await this.signingKeys()).find((candidate) => candidate.kid === kid);
      // rotated by another process
      if (!key) key = (await this.signingKeys(true)).find((candidate) => candidate.kid === kid);
      if (!key) return undefined;
      const { payload } = await jwtVerify(token, await importJWK(key.publicJwk, ALGORITHM), {
        issuer: this.issuer,
        algorithms: [ALGORITHM],
      });
      return payload as TokenClaims & { exp?: number; iat: number };
    } catch {
      return undefined;
    }
  }

  async publicKeys(): Promise<{ keys: object[] }> {
    return {
      keys: (await this.signingKeys(true)).map((key) => ({
        ...key.publicJwk,
        kid: key.kid,
        alg: ALGORITHM,
        use: 'sig',
      })),
    };
  }

  /** A new key signs from now on; the old ones keep verifying. */
  async rotate(): Promise<string> {
    const kid = await this.createKey();
    await this.pool.query('update signing_keys set retired_at = now() where kid <> $1 and retired_at is null', [kid]);
    this.keys = undefined;
    return kid;
  }

  /** Newest first; created on first use. */
  private async signingKeys(reload = false): Promise<SigningKey[]> {
    if (reload) this.keys = undefined;
    if (this.keys) return this.keys;
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    this.keys = await this.loading;
    return this.keys;
  }

  private async load(): Promise<SigningKey[]> {
    let { rows } = await this.readKeys();
    if (rows.length === 0) {
      await this.createKey();
      ({ rows } = await this.readKeys());
    }
    return Promise.all(
      rows.map(async (row) => ({
        kid: row.kid,
        publicJwk: row.public_jwk,
        privateKey: await importJWK(JSON.parse(this.box.open(row.sealed_private_jwk)) as JWK, ALGORITHM),
        retired: row.retired_at !== null,
      })),
    );
  }

  private readKeys() {
    // keys retired more than a day ago have outlived every access token they signed; partner keys are re-signed
    return this.pool.query<{ kid: string; public_jwk: JWK; sealed_private_jwk: string; retired_at: Date | null }>(
      `select kid, public_jwk, sealed_private_jwk, retired_at from signing_keys
        where retired_at is null or retired_at > now() - interval '1 day'
        order by created_at desc, kid`,
    );
  }

  private async createKey(): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    await this.pool.query('insert into signing_keys (kid, public_jwk, sealed_private_jwk) values ($1, $2, $3)', [
      kid,
      JSON.stringify(await exportJWK(publicKey)),
      this.box.seal(JSON.stringify(await exportJWK(privateKey))),
    ]);
    return kid;
  }
}
