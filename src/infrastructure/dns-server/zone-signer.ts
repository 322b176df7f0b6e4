import { createPrivateKey, KeyObject, sign } from 'node:crypto';
import * as dnsPacket from 'dns-packet';
import type { Answer } from 'dns-packet';
import {
  canonicalNameOf,
  DNSKEY_FLAGS,
  SIGNING_ALGORITHM,
  ZoneSigningKey,
} from '../../domain/dns-domains/zone-signing-key';

/** Signatures start an hour back (clocks differ) and hold two weeks; one is made again once it is a day old. */
const INCEPTION_SLACK_S = 3600;
const VALIDITY_S = 14 * 86_400;
const REUSE_S = 86_400;
export const DNSKEY_TTL = 3600;

/** The labels of a name a signature counts (RFC 4034 §3.1.3): a leading wildcard not among them. */
const labelsOf = (owner: string): number => owner.split('.').filter((label) => label && label !== '*').length;

/** dns-packet's encoder of one resource record, which its type declarations leave out. */
const recordCodec = (dnsPacket as unknown as { answer: { encode(answer: Answer): Buffer } }).answer;

/** The RDATA of an answer as dns-packet writes it: names uncompressed, as canonical form needs (RFC 4034 §6.2). */
export const rdataOf = (answer: Answer): Buffer =>
  recordCodec.encode(answer).subarray(canonicalNameOf(answer.name).length + 10);

const u16 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
};
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
};

/** The wire number of a type, as dns-packet names it: read back from a question for the root (header, one byte). */
export const typeNumberOf = (type: string): number =>
  dnsPacket.encode({ type: 'query', id: 0, questions: [{ type: type as 'A', name: '.' }] }).readUInt16BE(13);

/**
 * Signs a zone's answers with its key as they are given out (RFC 4034 RRSIG, ECDSA P-256 with SHA-256, RFC 6605):
 * each RRset's canonical form signed once and kept for a day, so a busy name costs one signature a day.
 */
export class ZoneSigner {
  private readonly privateKey: KeyObject;
  private readonly publicKey: Buffer;
  private readonly cache = new Map<string, { answer: Answer; madeAt: number }>();
  private readonly typeNumbers = new Map<string, number>();

  constructor(
    private readonly apex: string,
    private readonly key: ZoneSigningKey,
    privateKeyDer: Buffer,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.privateKey = createPrivateKey({ key: privateKeyDer, format: 'der', type: 'pkcs8' });
    this.publicKey = Buffer.from(key.publicKey, 'base64');
  }

  /** The zone's DNSKEY RRset: the one key. */
  dnskey(): Answer[] {
    return [
      {
        name: this.apex,
        type: 'DNSKEY',
        ttl: DNSKEY_TTL,
        class: 'IN',
        data: { flags: DNSKEY_FLAGS, algorithm: SIGNING_ALGORITHM, key: this.publicKey },
      },
    ];
  }

  /**
   * The RRSIG of one RRset (all answers of one owner and type). `signedAs`: the wildcard the answers were made from,
   * whose name the signature covers (RFC 4035 §5.3.2: a validator rebuilds it from the labels count).
   */
  sign(rrset: readonly Answer[], signedAs?: string): Answer {
    const first = rrset[0];
    const owner = signedAs ?? first.name;
    const type = first.type as string;
    const ttl = (first as { ttl?: number }).ttl ?? 0;
    const cacheKey = `${owner}\u0000${type}\u0000${rrset.map((answer) => rdataOf(answer).toString('hex')).join(',')}`;
    const now = this.nowSeconds();
    const cached = this.cache.get(cacheKey);
    const rrsig = cached && now - cached.madeAt < REUSE_S ? cached.answer : this.made(owner, type, ttl, rrset, now);
    if (rrsig !== cached?.answer) this.cache.set(cacheKey, { answer: rrsig, madeAt: now });
    return { ...rrsig, name: first.name } as Answer;
  }

  private made(owner: string, type: string, ttl: number, rrset: readonly Answer[], now: number): Answer {
    const fields = {
      typeCovered: type,
      algorithm: SIGNING_ALGORITHM,
      labels: labelsOf(owner),
      originalTTL: ttl,
      expiration: now + VALIDITY_S,
      inception: now - INCEPTION_SLACK_S,
      keyTag: this.key.keyTag,
      signersName: this.apex,
    };
    const header = Buffer.concat([
      u16(this.typeNumber(type)),
      Buffer.from([SIGNING_ALGORITHM, fields.labels]),
      u32(ttl),
      u32(fields.expiration),
      u32(fields.inception),
      u16(this.key.keyTag),
      canonicalNameOf(this.apex),
    ]);
    const ownerWire = canonicalNameOf(owner);
    // RFC 4034 §6.3: the RRs of the set in canonical order, each with the original TTL
    const records = rrset
      .map(rdataOf)
      .sort(Buffer.compare)
      .map((rdata) =>
        Buffer.concat([ownerWire, u16(this.typeNumber(type)), u16(1), u32(ttl), u16(rdata.length), rdata]),
      );
    const signature = sign('sha256', Buffer.concat([header, ...records]), {
      key: this.privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return { name: owner, type: 'RRSIG', ttl, class: 'IN', data: { ...fields, signature } } as Answer;
  }

  private typeNumber(type: string): number {
    let number = this.typeNumbers.get(type);
    if (number === undefined) {
      number = typeNumberOf(type);
      this.typeNumbers.set(type, number);
    }
    return number;
  }
}
