import { createHash, generateKeyPairSync } from 'node:crypto';
import { DsRecord } from './dns-setup';

/**
 * The key our nameservers sign a zone with (DNSSEC, RFC 4033-4035): one ECDSA P-256 key (algorithm 13, RFC 6605)
 * with the SEP flag, serving as both key-signing and zone-signing key, as a single "combined signing key" does.
 * The public key is the 64 bytes of its point (x then y); the private key is sealed, for the DNS server alone.
 */
export interface ZoneSigningKey {
  /** Base64 of the 64-byte public point. */
  readonly publicKey: string;
  /** The PKCS #8 private key, sealed by the service's secret box. */
  readonly sealedPrivateKey: string;
  readonly keyTag: number;
  readonly createdAt: number;
  /**
   * Set once DNSSEC was turned off: the key signs until then, so that resolvers holding the withdrawn DS in their
   * caches still find signatures to match (the DS's TTL at the TLD), and the zone is unsigned after.
   */
  readonly retiresAt?: number;
}

export const SIGNING_ALGORITHM = 13;
/** Zone key and secure entry point (RFC 4034 §2.1.1): 256 + 1. */
export const DNSKEY_FLAGS = 257;
const DNSKEY_PROTOCOL = 3;
/** The DS digest we publish: SHA-256 (digest type 2). */
const DS_SHA256 = 2;

/** The DNSKEY RDATA of a public key: flags, protocol 3, algorithm, the key (RFC 4034 §2.1). */
export const dnskeyRdataOf = (publicKey: Buffer): Buffer => {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(DNSKEY_FLAGS, 0);
  header.writeUInt8(DNSKEY_PROTOCOL, 2);
  header.writeUInt8(SIGNING_ALGORITHM, 3);
  return Buffer.concat([header, publicKey]);
};

/** The key tag of a DNSKEY RDATA (RFC 4034 Appendix B): a 16-bit checksum. */
export const keyTagOf = (rdata: Buffer): number => {
  let sum = 0;
  for (let index = 0; index < rdata.length; index += 1) {
    sum += index & 1 ? rdata[index] : rdata[index] << 8;
  }
  sum += (sum >> 16) & 0xffff;
  return sum & 0xffff;
};

/** A domain name in canonical wire form (RFC 4034 §6.2): lowercase labels, uncompressed, ending in the root. */
export const canonicalNameOf = (name: string): Buffer =>
  Buffer.concat([
    ...(name ? name.toLowerCase().split('.') : []).map((label) =>
      Buffer.concat([Buffer.from([Buffer.byteLength(label)]), Buffer.from(label)]),
    ),
    Buffer.from([0]),
  ]);

/** The DS record the parent publishes for the zone's key: SHA-256 of owner name and DNSKEY RDATA (RFC 4034 §5.1.4). */
export const dsOf = (zone: string, key: Pick<ZoneSigningKey, 'publicKey'>): DsRecord => {
  const rdata = dnskeyRdataOf(Buffer.from(key.publicKey, 'base64'));
  const digest = createHash('sha256').update(canonicalNameOf(zone)).update(rdata).digest('hex');
  return { keyTag: keyTagOf(rdata), algorithm: SIGNING_ALGORITHM, digestType: DS_SHA256, digest };
};

/** A new P-256 key pair: the 64-byte public point, and the private key as PKCS #8 DER for sealing. */
export const newSigningKeyPair = (): { publicKey: Buffer; privateKey: Buffer } => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  return {
    publicKey: Buffer.concat([Buffer.from(x!, 'base64url'), Buffer.from(y!, 'base64url')]),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }),
  };
};
