// @peculiar/x509 resolves its parts through tsyringe, which needs the metadata polyfill loaded first
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { randomBytes, webcrypto } from 'node:crypto';
import {
  CertificateIssuer,
  CertificateOrder,
  IssuedCertificate,
} from '../../application/dns-domains/certificate-issuer.port';
import { SecretBox } from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';
import { EventStore } from '../../application/shared/event-store.port';
import { handleCommand } from '../../application/shared/handle-command';
import { Decider } from '../../domain/shared/decider';
import { DomainCommand, DomainEvent } from '../../domain/shared/message';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const CA_YEARS = 10;
/** Leaf certificates last 90 days, as public CAs issue them. */
const LEAF_MS = 90 * 86_400_000;

type CaCreated = DomainEvent<'LocalCaCreated', { certificatePem: string; sealedPrivateKey: string; at: number }>;
type CreateCa = DomainCommand<'CreateLocalCa', CaCreated['data']>;
type Ca = CaCreated['data'] | null;

/** The CA is made once, by whichever process needs it first; another one made at the same time loses and is dropped. */
const caDecider: Decider<CreateCa, CaCreated, Ca> = {
  initialState: () => null,
  evolve: (_ca, event) => event.data,
  decide: (command, ca) => (ca ? [] : [{ type: 'LocalCaCreated', data: command.data }]),
};
const CA_STREAM = 'local-certificate-authority';

const pemOf = (label: string, der: ArrayBuffer): string =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n').trim()}\n-----END ${label}-----\n`;

/**
 * The default certificate issuer: a certificate authority of the service's own, made on first use and kept in the
 * event store (its key sealed), so that every process issues under the same root. It asks no challenges: the names
 * are ours to vouch for. Clients trust its root (`caCertificatePem`) as they would a public CA's; an ACME client for
 * a public CA replaces it without anything else changing. An order's id carries its names, so any process finalizes it.
 */
export class LocalCertificateAuthority extends CertificateIssuer {
  private ca: Promise<{ certificate: x509.X509Certificate; key: CryptoKey }> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {
    super();
  }

  async order(hostnames: readonly string[]): Promise<CertificateOrder> {
    return { id: Buffer.from(JSON.stringify(hostnames)).toString('base64url'), challenges: [] };
  }

  async finalize(orderId: string): Promise<IssuedCertificate> {
    const hostnames = JSON.parse(Buffer.from(orderId, 'base64url').toString()) as string[];
    const ca = await this.authority();
    const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
    const now = this.clock.now();
    const leaf = await x509.X509CertificateGenerator.create({
      serialNumber: randomBytes(16).toString('hex'),
      subject: `CN=${hostnames[0]}`,
      issuer: ca.certificate.subject,
      notBefore: new Date(now - 3_600_000),
      notAfter: new Date(now + LEAF_MS),
      publicKey: keys.publicKey,
      signingKey: ca.key,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.SubjectAlternativeNameExtension(hostnames.map((value) => ({ type: 'dns', value }))),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature),
      ],
    });
    return {
      certificatePem: `${leaf.toString('pem')}\n${ca.certificate.toString('pem')}\n`,
      privateKeyPem: pemOf('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
      expiresAt: now + LEAF_MS,
    };
  }

  /** The root clients trust the hosted names' certificates by. */
  async caCertificatePem(): Promise<string> {
    return (await this.authority()).certificate.toString('pem');
  }

  private authority() {
    this.ca ??= this.load().catch((error) => {
      this.ca = undefined; // a store that failed once is asked again next time
      throw error;
    });
    return this.ca;
  }

  private async load() {
    const { state } = await handleCommand(this.store, CA_STREAM, caDecider, {
      type: 'CreateLocalCa',
      data: await this.newAuthority(),
    });
    const stored = state!; // created now, or by another process first
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      Buffer.from(this.box.open(stored.sealedPrivateKey), 'base64'),
      ALGORITHM,
      false,
      ['sign'],
    );
    return { certificate: new x509.X509Certificate(stored.certificatePem), key };
  }

  private async newAuthority(): Promise<CaCreated['data']> {
    const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
    const now = this.clock.now();
    const certificate = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: randomBytes(16).toString('hex'),
      name: 'CN=domain-engine local hosting CA',
      notBefore: new Date(now - 3_600_000),
      notAfter: new Date(now + CA_YEARS * 365 * 86_400_000),
      keys,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      ],
    });
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
    return { certificatePem: certificate.toString('pem'), sealedPrivateKey: this.box.seal(pkcs8), at: now };
  }
}
