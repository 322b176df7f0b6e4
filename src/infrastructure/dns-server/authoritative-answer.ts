import type { Answer, Packet, Question } from 'dns-packet';
import { questionTypeOf } from './record-rdata';
import { ServedSet, ServedZone } from './served-zone';

/** The zones the server answers for, found by the longest suffix of a name. */
export interface ZoneLookup {
  zoneOf(name: string): ServedZone | undefined;
}

export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
const AA = 0x0400;
const RD = 0x0100;
/** Checking disabled: echoed, as a validating client set it (RFC 4035 §3.1.6). */
const CD = 0x0010;
/** Longest CNAME chain followed inside the zone before answering with what was found. */
const MAX_CHAIN = 8;
/** Negative answers are cached for the SOA's minimum (RFC 2308 §5). */
const NEGATIVE_TTL = 300;

/** What a signed answer must prove besides its records (RFC 4035 §3.1.3): which names or types do not exist. */
export type Proof =
  | Readonly<{ kind: 'NXDOMAIN'; name: string; encloser: string }>
  /** `wildcard`: the wildcard the name was answered from, whose types the proof shows. */
  | Readonly<{ kind: 'NODATA'; name: string; wildcard?: string }>
  /** Answered from a wildcard: that the name asked for does not exist. */
  | Readonly<{ kind: 'WILDCARD'; name: string; wildcard: string }>
  /** A delegation: its DS records, or that it has none. */
  | Readonly<{ kind: 'REFERRAL'; cut: string }>;

export interface Sections {
  readonly rcode: number;
  readonly authoritative: boolean;
  readonly answers: Answer[];
  readonly authorities: Answer[];
  readonly additionals: Answer[];
  readonly proofs?: readonly Proof[];
}

/** The name a CNAME, NS or PTR answer points at. */
const targetOf = (answer: Answer): string => String((answer as { data: unknown }).data).toLowerCase();

const renamed = (answers: readonly Answer[], name: string, ttl?: number): Answer[] =>
  answers.map((answer) => ({ ...answer, name, ...(ttl === undefined ? {} : { ttl }) }) as Answer);

const soaOf = (zone: ServedZone): Answer[] =>
  renamed(zone.nodes.get(zone.apex)!.get('SOA')!.answers, zone.apex, NEGATIVE_TTL);

/** The name one label up: `a.b.c` → `b.c`. */
const parentOf = (name: string): string => name.slice(name.indexOf('.') + 1);

/** The topmost delegation (NS set below the apex) at or above `name`, where the zone's authority ends. */
const delegationOf = (zone: ServedZone, name: string): string | undefined => {
  let found: string | undefined;
  for (let owner = name; owner !== zone.apex && owner.length > zone.apex.length; owner = parentOf(owner)) {
    if (zone.nodes.get(owner)?.has('NS')) found = owner;
  }
  return found;
};

interface Found {
  readonly node?: ReadonlyMap<string, ServedSet>;
  readonly exists: boolean;
  /** The closest name that exists, for a name that does not (RFC 4592 §3.3.1). */
  readonly encloser?: string;
  /** The wildcard the node is, when the name itself does not exist. */
  readonly wildcard?: string;
}

/** The node answering for `name`: its own, or the wildcard of its closest encloser (RFC 4592 §3.3.1). */
const nodeFor = (zone: ServedZone, name: string): Found => {
  if (zone.names.has(name)) return { node: zone.nodes.get(name), exists: true };
  let encloser = parentOf(name);
  while (!zone.names.has(encloser) && encloser.length > zone.apex.length) encloser = parentOf(encloser);
  const wildcard = `*.${encloser}`;
  const node = zone.nodes.get(wildcard);
  return node ? { node, exists: true, encloser, wildcard } : { exists: false, encloser };
};

const referral = (zone: ServedZone, cut: string): Sections => {
  const ns = zone.nodes.get(cut)!.get('NS')!.answers;
  // glue: addresses of nameservers inside the delegated name, which no one could find otherwise
  const glue = ns.flatMap((answer) => {
    const host = targetOf(answer);
    if (host !== cut && !host.endsWith(`.${cut}`)) return [];
    const node = zone.nodes.get(host);
    return [...(node?.get('A')?.answers ?? []), ...(node?.get('AAAA')?.answers ?? [])];
  });
  const proofs: Proof[] = [{ kind: 'REFERRAL', cut }];
  return { rcode: RCODE.NOERROR, authoritative: false, answers: [], authorities: [...ns], additionals: glue, proofs };
};

/**
 * An ALIAS answered as the addresses of its target, when the target is a name we serve; in a signed zone only a
 * target in the same zone, whose types the zone's NSEC records can tell (`signingOf`).
 */
const flattened = (zones: ZoneLookup, from: ServedZone, alias: ServedSet, type: string, owner: string): Answer[] => {
  const target = alias.aliasOf!;
  const zone = from.signing ? (inZone(from, target) ? from : undefined) : zones.zoneOf(target);
  const set = zone?.served ? zone.nodes.get(target)?.get(type) : undefined;
  return set ? renamed(set.answers, owner, alias.ttl) : [];
};

/** Whether a name is the zone's apex or below it. */
export const inZone = (zone: ServedZone, name: string): boolean => name === zone.apex || name.endsWith(`.${zone.apex}`);

/**
 * The sections answering one question for a zone we serve (RFC 1034 §4.3.2): the records of the name and type,
 * following CNAMEs inside the zone; a referral below a delegation; NODATA or NXDOMAIN with the SOA.
 */
export const answerQuestion = (zones: ZoneLookup, zone: ServedZone, question: Question): Sections => {
  const type = questionTypeOf(question.type);
  const answers: Answer[] = [];
  const proofs: Proof[] = [];
  let name = question.name.toLowerCase().replace(/\.$/, '');
  for (let hops = 0; hops < MAX_CHAIN; hops += 1) {
    const cut = delegationOf(zone, name);
    if (cut && !(cut === name && type === 'DS')) {
      const referred = referral(zone, cut);
      return hops === 0 ? referred : { ...referred, answers, proofs: [...proofs, ...referred.proofs!] };
    }
    const { node, exists, encloser, wildcard } = nodeFor(zone, name);
    if (!exists) {
      proofs.push({ kind: 'NXDOMAIN', name, encloser: encloser! });
      return { rcode: RCODE.NXDOMAIN, authoritative: true, answers, authorities: soaOf(zone), additionals: [], proofs };
    }
    if (wildcard) proofs.push({ kind: 'WILDCARD', name, wildcard });
    const before = answers.length;
    const own = node?.get(type);
    if (type === 'ANY' && node) {
      answers.push(...[...node.values()].filter((set) => !set.aliasOf).flatMap((set) => renamed(set.answers, name)));
    } else if (own && !own.aliasOf) {
      answers.push(...renamed(own.answers, name));
    } else if (node?.has('ALIAS') && (type === 'A' || type === 'AAAA')) {
      answers.push(...flattened(zones, zone, node.get('ALIAS')!, type, name));
    } else if (node?.has('CNAME') && type !== 'CNAME') {
      const cname = renamed(node.get('CNAME')!.answers, name);
      answers.push(...cname);
      const target = targetOf(cname[0]);
      if (inZone(zone, target)) {
        name = target;
        continue;
      }
    }
    const nodata = answers.length === before;
    if (nodata) proofs.push({ kind: 'NODATA', name, ...(wildcard ? { wildcard } : {}) });
    const authorities = nodata ? soaOf(zone) : [];
    return { rcode: RCODE.NOERROR, authoritative: true, answers, authorities, additionals: [], proofs };
  }
  return { rcode: RCODE.NOERROR, authoritative: true, answers, authorities: [], additionals: [], proofs };
};

/** The header flags of an answer: authoritative or not, the query's recursion-desired bit echoed, the rcode. */
export const flagsOf = (query: Packet, sections: Pick<Sections, 'rcode' | 'authoritative'>): number =>
  (sections.authoritative ? AA : 0) | ((query.flags ?? 0) & (RD | CD)) | (sections.rcode & 0x0f);
