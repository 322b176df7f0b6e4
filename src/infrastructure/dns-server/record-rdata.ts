import type { Answer } from 'dns-packet';
import { RecordData, SvcParam } from '../../domain/dns-domains/record-values';

/** Types dns-packet has no name for, written by number (RFC 9460's SVCB 64 and HTTPS 65). */
const TYPE_NUMBERS: Readonly<Record<string, string>> = { SVCB: 'UNKNOWN_64', HTTPS: 'UNKNOWN_65' };
const TYPE_NAMES: Readonly<Record<string, string>> = { UNKNOWN_64: 'SVCB', UNKNOWN_65: 'HTTPS' };

/** A type as dns-packet writes it. */
export const wireTypeOf = (type: string): string => TYPE_NUMBERS[type] ?? type;

/** The record type a question asks for, by the name our zones use. */
export const questionTypeOf = (type: string): string => TYPE_NAMES[type] ?? type;

/** `.` (the root) where a target is empty: dns-packet writes names without their trailing dot. */
const nameOf = (target: string): string => target || '.';

/** A TXT value as character-strings of at most 255 bytes each (RFC 1035 §3.3.14), split where UTF-8 allows. */
export const characterStrings = (text: string): Buffer[] => {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length;) {
    let end = Math.min(start + 255, bytes.length);
    // never split inside a character: continuation bytes are 10xxxxxx
    while (end < bytes.length && end > start && (bytes[end] & 0xc0) === 0x80) end -= 1;
    chunks.push(bytes.subarray(start, end));
    start = end;
  }
  return chunks;
};

const ipv4 = (address: string): Buffer => Buffer.from(address.split('.').map(Number));

const ipv6 = (address: string): Buffer => {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const withV4 = (groups: string[]) =>
    groups.flatMap((group) => {
      if (!group.includes('.')) return [group];
      const bytes = ipv4(group);
      return [bytes.readUInt16BE(0).toString(16), bytes.readUInt16BE(2).toString(16)];
    });
  const left = withV4(groupsOf(head));
  const right = withV4(groupsOf(tail));
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const buffer = Buffer.alloc(16);
  groups.forEach((group, index) => buffer.writeUInt16BE(parseInt(group, 16), index * 2));
  return buffer;
};

/** A domain name in wire form, uncompressed (RFC 1035 §3.1), as SVCB's target must be (RFC 9460 §2.2). */
const wireName = (name: string): Buffer =>
  Buffer.concat([
    ...(name ? name.split('.') : []).map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);

const svcValue = ({ key, value }: SvcParam): Buffer => {
  if (value === null) return Buffer.alloc(0);
  switch (key) {
    case 0:
      return Buffer.concat(value.split(',').map((name) => u16(svcKeyNumber(name))));
    case 1:
      return Buffer.concat(
        value.split(',').map((id) => Buffer.concat([Buffer.from([Buffer.byteLength(id)]), Buffer.from(id)])),
      );
    case 3:
      return u16(Number(value));
    case 4:
      return Buffer.concat(value.split(',').map(ipv4));
    case 5:
      return Buffer.from(value, 'base64');
    case 6:
      return Buffer.concat(value.split(',').map(ipv6));
    default:
      return Buffer.from(value, 'utf8');
  }
};

const SVC_KEY_NUMBERS: Readonly<Record<string, number>> = {
  mandatory: 0,
  alpn: 1,
  'no-default-alpn': 2,
  port: 3,
  ipv4hint: 4,
  ech: 5,
  ipv6hint: 6,
};
const svcKeyNumber = (name: string): number => SVC_KEY_NUMBERS[name] ?? Number(name.slice(3));

const u16 = (value: number): Buffer => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
};

/** SVCB and HTTPS RDATA (RFC 9460 §2.2): priority, target, then each parameter as key, length and value. */
const serviceBinding = (priority: number, target: string, params: readonly SvcParam[]): Buffer =>
  Buffer.concat([
    u16(priority),
    wireName(target),
    ...params.flatMap((param) => {
      const value = svcValue(param);
      return [u16(param.key), u16(value.length), value];
    }),
  ]);

/** The dns-packet answer of one value of a record set, owned by `name`. */
export const answerOf = (name: string, ttl: number, data: RecordData): Answer => {
  const base = { name, ttl, class: 'IN' as const };
  switch (data.type) {
    case 'A':
    case 'AAAA':
      return { ...base, type: data.type, data: data.address };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return { ...base, type: data.type, data: nameOf(data.target) };
    case 'ALIAS':
      // served flattened into the addresses of its target; as itself it is a CNAME-like name for zone transfers
      return { ...base, type: 'CNAME', data: nameOf(data.target) };
    case 'MX':
      return { ...base, type: 'MX', data: { preference: data.preference, exchange: nameOf(data.exchange) } };
    case 'TXT':
      return { ...base, type: 'TXT', data: characterStrings(data.text) };
    case 'SRV':
      return {
        ...base,
        type: 'SRV',
        data: { priority: data.priority, weight: data.weight, port: data.port, target: nameOf(data.target) },
      };
    case 'CAA':
      return { ...base, type: 'CAA', data: { flags: data.flags, tag: data.tag as 'issue', value: data.value } };
    case 'DS':
      return {
        ...base,
        type: 'DS',
        data: {
          keyTag: data.keyTag,
          algorithm: data.algorithm,
          digestType: data.digestType,
          digest: Buffer.from(data.digest, 'hex'),
        },
      };
    case 'HTTPS':
    case 'SVCB':
      return {
        ...base,
        type: TYPE_NUMBERS[data.type],
        data: serviceBinding(data.priority, data.target, data.params),
      } as unknown as Answer;
    case 'NAPTR':
      return {
        ...base,
        type: 'NAPTR',
        data: {
          order: data.order,
          preference: data.preference,
          flags: data.flags,
          services: data.service,
          regexp: data.regexp,
          replacement: nameOf(data.replacement),
        },
      };
    case 'SSHFP':
      return {
        ...base,
        type: 'SSHFP',
        data: { algorithm: data.algorithm, hash: data.fingerprintType, fingerprint: data.fingerprint },
      };
    case 'TLSA':
      return {
        ...base,
        type: 'TLSA',
        data: {
          usage: data.usage,
          selector: data.selector,
          matchingType: data.matchingType,
          certificate: Buffer.from(data.data, 'hex'),
        },
      };
  }
};
