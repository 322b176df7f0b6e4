import { isIPv4, isIPv6 } from 'node:net';
import { DNSSEC_ALGORITHMS, DS_DIGEST_TYPES } from './dnssec';
import { RecordType } from './dns-setup';

/**
 * The data of one record value, parsed from the presentation form surface D takes (RFC 1035 §5.1 and each type's
 * RFC): what the DNS server encodes. Host names are absolute, lowercase and without the trailing dot; `.` (the root)
 * is the empty string.
 */
export type RecordData =
  | Readonly<{ type: 'A' | 'AAAA'; address: string }>
  | Readonly<{ type: 'CNAME' | 'ALIAS' | 'NS' | 'PTR'; target: string }>
  | Readonly<{ type: 'MX'; preference: number; exchange: string }>
  | Readonly<{ type: 'TXT'; text: string }>
  | Readonly<{ type: 'SRV'; priority: number; weight: number; port: number; target: string }>
  | Readonly<{ type: 'CAA'; flags: number; tag: string; value: string }>
  | Readonly<{ type: 'DS'; keyTag: number; algorithm: number; digestType: number; digest: string }>
  | Readonly<{ type: 'HTTPS' | 'SVCB'; priority: number; target: string; params: readonly SvcParam[] }>
  | Readonly<{
      type: 'NAPTR';
      order: number;
      preference: number;
      flags: string;
      service: string;
      regexp: string;
      replacement: string;
    }>
  | Readonly<{ type: 'SSHFP'; algorithm: number; fingerprintType: number; fingerprint: string }>
  | Readonly<{ type: 'TLSA'; usage: number; selector: number; matchingType: number; data: string }>;

/** One SvcParam of an SVCB or HTTPS record (RFC 9460 §7), its key by number and its value as written. */
export type SvcParam = Readonly<{ key: number; value: string | null }>;

export type ParsedValue = Readonly<{ ok: true; data: RecordData }> | Readonly<{ ok: false; problem: string }>;

const refuse = (problem: string): ParsedValue => ({ ok: false, problem });
const accept = (data: RecordData): ParsedValue => ({ ok: true, data });

/** A host name of letters, digits, hyphens (and underscores, which service labels use), absolute or not. */
const HOST_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/**
 * The host name a value names, lowercase without its trailing dot; undefined when it is not one. Its last label is
 * not all digits (RFC 1123 §2.1: so that an address is never taken for a name).
 */
export const hostNameOf = (text: string, rootAllowed = false): string | undefined => {
  if (text === '.') return rootAllowed ? '' : undefined;
  const name = text.toLowerCase().replace(/\.$/, '');
  if (name.length === 0 || name.length > 253) return undefined;
  const labels = name.split('.');
  const valid = labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1)!);
  return valid ? name : undefined;
};

const uint = (text: string, max: number): number | undefined =>
  /^\d{1,10}$/.test(text) && Number(text) <= max ? Number(text) : undefined;

const U16 = 65_535;
const U8 = 255;

/** The fields of a value: words, or quoted strings (with `\"` and `\\` inside) for the types that have them. */
const fieldsOf = (value: string): string[] | undefined => {
  const fields: string[] = [];
  const pattern = /\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))/y;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < value.length && (match = pattern.exec(value))) {
    fields.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]);
    if (/^\s*$/.test(value.slice(pattern.lastIndex))) return fields;
  }
  // the loop returns the fields once it reaches the end of the value: a field that does not parse ends it here
  return undefined;
};

const HEX = /^[0-9a-f]+$/i;

/** SvcParamKeys by name (RFC 9460 §14.3.2); `keyNNNNN` names any other. */
const SVC_KEYS: ReadonlyMap<string, number> = new Map([
  ['mandatory', 0],
  ['alpn', 1],
  ['no-default-alpn', 2],
  ['port', 3],
  ['ipv4hint', 4],
  ['ech', 5],
  ['ipv6hint', 6],
]);

const svcKeyOf = (name: string): number | undefined => {
  const generic = /^key(\d{1,5})$/.exec(name);
  return generic ? uint(generic[1], U16 - 1) : SVC_KEYS.get(name);
};

const listProblem = (items: string[], valid: (item: string) => boolean): boolean =>
  items.length === 0 || !items.every(valid);

/** Why a SvcParam's value is wrong for its key; undefined when it is right. */
const svcValueProblem = (key: number, value: string | null): string | undefined => {
  const items = value?.split(',') ?? [];
  switch (key) {
    case 0:
      return value === null || listProblem(items, (item) => svcKeyOf(item) !== undefined && item !== 'mandatory')
        ? 'mandatory lists other keys'
        : undefined;
    case 1:
      return value === null || listProblem(items, (item) => item.length > 0 && Buffer.byteLength(item) <= 255)
        ? 'alpn lists protocol ids'
        : undefined;
    case 2:
      return value === null ? undefined : 'no-default-alpn takes no value';
    case 3:
      return value === null || uint(value, U16) === undefined ? 'port is 0..65535' : undefined;
    case 4:
      return value === null || listProblem(items, isIPv4) ? 'ipv4hint lists IPv4 addresses' : undefined;
    case 5:
      return value === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(value) ? 'ech is base64' : undefined;
    case 6:
      return value === null || listProblem(items, isIPv6) ? 'ipv6hint lists IPv6 addresses' : undefined;
    default:
      return undefined;
  }
};

/** `priority target key=value ...` (RFC 9460 §2.1): AliasMode (priority 0) takes no parameters. */
const parseServiceBinding = (type: 'HTTPS' | 'SVCB', fields: string[]): ParsedValue => {
  const [priorityText, targetText, ...rest] = fields;
  const priority = uint(priorityText ?? '', U16);
  const target = targetText === undefined ? undefined : hostNameOf(targetText, true);
  if (priority === undefined || target === undefined) return refuse('must be "priority target key=value ..."');
  if (priority === 0 && rest.length > 0) return refuse('an alias (priority 0) takes no parameters');
  const params: SvcParam[] = [];
  for (const field of rest) {
    const [name, ...valueParts] = field.split('=');
    const key = svcKeyOf(name.toLowerCase());
    if (key === undefined) return refuse(`${name} is not a parameter key`);
    if (params.some((param) => param.key === key)) return refuse(`${name} is given twice`);
    const value = valueParts.length > 0 ? valueParts.join('=') : null;
    const problem = svcValueProblem(key, value);
    if (problem) return refuse(problem);
    params.push({ key, value });
  }
  const mandatory = params.find((param) => param.key === 0);
  const missing = mandatory?.value?.split(',').find((item) => !params.some((param) => param.key === svcKeyOf(item)));
  if (missing) return refuse(`mandatory names ${missing}, which is not given`);
  return accept({ type, priority, target, params: [...params].sort((a, b) => a.key - b.key) });
};

/** Each type's presentation form, read into its data (RFC 1035, 2782, 3403, 3596, 4034, 4255, 6698, 8659, 9460). */
const PARSERS: Readonly<Record<RecordType, (value: string) => ParsedValue>> = {
  A: (value) => (isIPv4(value) ? accept({ type: 'A', address: value }) : refuse('must be an IPv4 address')),
  AAAA: (value) =>
    isIPv6(value) && !value.includes('%')
      ? accept({ type: 'AAAA', address: value.toLowerCase() })
      : refuse('must be an IPv6 address'),
  CNAME: (value) => target('CNAME', value),
  ALIAS: (value) => target('ALIAS', value),
  NS: (value) => target('NS', value),
  PTR: (value) => target('PTR', value),
  MX: (value) => {
    const [preference, exchange, extra] = value.trim().split(/\s+/);
    const data = { preference: uint(preference ?? '', U16), exchange: exchange && hostNameOf(exchange, true) };
    return data.preference === undefined || data.exchange === undefined || extra !== undefined
      ? refuse('must be "preference exchange", the preference 0..65535')
      : accept({ type: 'MX', preference: data.preference, exchange: data.exchange });
  },
  TXT: (value) =>
    /[\u0000-\u001f\u007f]/.test(value) || value.length === 0
      ? refuse('must be text without control characters')
      : accept({ type: 'TXT', text: value }),
  SRV: (value) => {
    const [priority, weight, port, host, extra] = value.trim().split(/\s+/);
    const numbers = [priority, weight, port].map((field) => uint(field ?? '', U16));
    const name = host === undefined ? undefined : hostNameOf(host, true);
    if (numbers.includes(undefined) || name === undefined || extra !== undefined) {
      return refuse('must be "priority weight port target", numbers 0..65535');
    }
    const [p, w, n] = numbers as number[];
    return accept({ type: 'SRV', priority: p, weight: w, port: n, target: name });
  },
  CAA: (value) => {
    const match = /^(\d{1,3})\s+([a-z0-9]{1,15})\s+"((?:[^"\\]|\\.)*)"$/i.exec(value.trim());
    const flags = match ? uint(match[1], U8) : undefined;
    if (!match || flags === undefined) return refuse('must be "flags tag \\"value\\"", flags 0..255');
    const tag = match[2].toLowerCase();
    const text = match[3].replace(/\\(.)/g, '$1');
    if ((tag === 'issue' || tag === 'issuewild') && !/^\s*([a-z0-9.-]*)\s*(;.*)?$/i.test(text)) {
      return refuse(`an ${tag} value is a CA's domain name, then parameters`);
    }
    if (tag === 'iodef' && !/^(mailto:|https?:\/\/)\S+$/.test(text)) return refuse('iodef is a mailto: or http(s) URL');
    return accept({ type: 'CAA', flags, tag, value: text });
  },
  DS: (value) => {
    const [keyTag, algorithm, digestType, digest, extra] = value.trim().split(/\s+/);
    const data = {
      keyTag: uint(keyTag ?? '', U16),
      algorithm: uint(algorithm ?? '', U8),
      digestType: uint(digestType ?? '', U8),
    };
    if (Object.values(data).some((field) => field === undefined) || digest === undefined || extra !== undefined) {
      return refuse('must be "keyTag algorithm digestType digest"');
    }
    const problem = dsProblemOf(data.algorithm!, data.digestType!, digest);
    return problem
      ? refuse(problem)
      : accept({
          type: 'DS',
          keyTag: data.keyTag!,
          algorithm: data.algorithm!,
          digestType: data.digestType!,
          digest: digest.toLowerCase(),
        });
  },
  HTTPS: (value) => parseServiceBinding('HTTPS', value.trim().split(/\s+/)),
  SVCB: (value) => parseServiceBinding('SVCB', value.trim().split(/\s+/)),
  NAPTR: (value) => {
    const fields = fieldsOf(value);
    const [order, preference] = [uint(fields?.[0] ?? '', U16), uint(fields?.[1] ?? '', U16)];
    const replacement = fields?.[5] === undefined ? undefined : hostNameOf(fields[5], true);
    if (
      !fields ||
      fields.length !== 6 ||
      order === undefined ||
      preference === undefined ||
      replacement === undefined
    ) {
      return refuse('must be \'order preference "flags" "service" "regexp" replacement\'');
    }
    const [, , flags, service, regexp] = fields;
    if (!/^[a-z0-9]*$/i.test(flags)) return refuse('flags are letters and digits');
    // each is a character-string on the wire (RFC 1035 §3.3): one length byte
    if ([service, regexp].some((text) => Buffer.byteLength(text) > 255))
      return refuse('service and regexp are 255 bytes at most');
    if (regexp !== '' && replacement !== '') return refuse('a regexp and a replacement exclude each other');
    return accept({ type: 'NAPTR', order, preference, flags, service, regexp, replacement });
  },
  SSHFP: (value) => {
    const [algorithm, fingerprintType, fingerprint, extra] = value.trim().split(/\s+/);
    const length = { '1': 40, '2': 64 }[fingerprintType];
    if (!['1', '2', '3', '4', '6'].includes(algorithm) || length === undefined || extra !== undefined) {
      return refuse('must be "algorithm type fingerprint", algorithm 1-4 or 6, type 1 (SHA-1) or 2 (SHA-256)');
    }
    if (!HEX.test(fingerprint ?? '') || fingerprint.length !== length) {
      return refuse(`the fingerprint is ${length} hex digits`);
    }
    const fields = { algorithm: Number(algorithm), fingerprintType: Number(fingerprintType) };
    return accept({ type: 'SSHFP', ...fields, fingerprint: fingerprint.toLowerCase() });
  },
  TLSA: (value) => {
    const [usage, selector, matchingType, data, extra] = value.trim().split(/\s+/);
    const fields = {
      usage: uint(usage ?? '', 3),
      selector: uint(selector ?? '', 1),
      matchingType: uint(matchingType ?? '', 2),
    };
    if (Object.values(fields).some((field) => field === undefined) || extra !== undefined) {
      return refuse('must be "usage selector matchingType data": usage 0-3, selector 0-1, matching type 0-2');
    }
    const length = [undefined, 64, 128][fields.matchingType!];
    const wrongLength = length === undefined ? (data ?? '').length % 2 !== 0 : data?.length !== length;
    if (!HEX.test(data ?? '') || wrongLength) {
      return refuse(length ? `the data is ${length} hex digits` : 'the data is hex, whole bytes');
    }
    return accept({
      type: 'TLSA',
      usage: fields.usage!,
      selector: fields.selector!,
      matchingType: fields.matchingType!,
      data: data.toLowerCase(),
    });
  },
};

function target(type: 'CNAME' | 'ALIAS' | 'NS' | 'PTR', value: string): ParsedValue {
  const name = hostNameOf(value.trim());
  return name === undefined ? refuse('must be a host name') : accept({ type, target: name });
}

/** Why a DS record's algorithm, digest type or digest is refused (`decisions.md` §4); undefined when it is taken. */
export const dsProblemOf = (algorithm: number, digestType: number, digest: string): string | undefined => {
  const kind = DS_DIGEST_TYPES.get(digestType);
  if (!DNSSEC_ALGORITHMS.has(algorithm)) return 'the algorithm is not one the service takes (8, 13, 14, 15, 16)';
  if (!kind) return 'the digest type must be 2 (SHA-256) or 4 (SHA-384)';
  return new RegExp(`^[0-9a-f]{${kind.hexLength}}$`, 'i').test(digest)
    ? undefined
    : `the digest must be ${kind.hexLength} hex digits for ${kind.name}`;
};

/** A value of `type` read into its data, or why it cannot be. */
export const parseRecordValue = (type: RecordType, value: string): ParsedValue => PARSERS[type](value);
