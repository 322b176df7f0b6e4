import type { Answer } from 'dns-packet';
import { hostingRecordsOf, HostingType } from '../../domain/dns-domains/hosting';
import { parseRecordValue } from '../../domain/dns-domains/record-values';
import { DnsZoneRow } from '../../projections/dns-zones/dns-zones.projection';
import { answerOf } from './record-rdata';
import { DNSKEY_TTL, ZoneSigner } from './zone-signer';

/** What the DNS server needs beyond the zones: our nameservers and the SOA's mailbox and timers. */
export interface ZoneDefaults {
  readonly nameservers: readonly string[];
  readonly hostmaster: string;
  /** Opens a sealed secret: a zone's signing key (PKCS #8 DER in base64), a hosted name's certificate key (PEM). */
  readonly open: (sealed: string) => string;
  /** The addresses of our hosting listener: what hosted names resolve to (`HOSTING_ADDRESS`). */
  readonly hostingAddresses: readonly string[];
  /** The for-sale page of a name listed on our marketplace, on the API host (`PUBLIC_URL/market/<name>`). */
  readonly forSalePageOf: (apex: string) => string;
}

/** Apex records that give a name an address of its own: a name for sale with one keeps it. */
const ADDRESSING = new Set(['A', 'AAAA', 'CNAME', 'ALIAS']);

/**
 * A name listed for sale with no address of its own at the apex (no record, no hosting) is parked: it resolves to
 * the hosting listener, which redirects its visitors to the name's for-sale page.
 */
const apexFree = (row: DnsZoneRow): boolean =>
  !row.hosting.some((site) => site.subName === '') &&
  !row.records.some((set) => set.subName === '' && ADDRESSING.has(set.type));
const parkedFor = (row: DnsZoneRow): boolean => row.forSale === true && apexFree(row);

/**
 * A name with a landing page and no address of its own at the apex shows the page there (before its parking: the
 * user made it); the page is the hosting listener's to serve, over HTTP.
 */
export const landerShownFor = (row: DnsZoneRow): boolean => Boolean(row.lander) && apexFree(row);

/**
 * A hosted name as the hosting listener serves it: where requests go, and its certificate once issued; a landing
 * page (`LANDER`) is answered with its `html`, `targetUrl` empty.
 */
export interface ServedSite {
  readonly type: HostingType | 'LANDER';
  readonly targetUrl: string;
  readonly html?: string;
  readonly certificate: Readonly<{ certificatePem: string; privateKeyPem: string }> | null;
  /** Redirect to the target as it is, whatever path was asked (a parked name's for-sale page). */
  readonly exact?: true;
}

/** The TTL of the SOA and NS at the apex, and the SOA's timers (RFC 1912 §2.2 values for a zone like ours). */
const APEX_TTL = 3600;
const SOA_TIMERS = { refresh: 3600, retry: 600, expire: 1_209_600, minimum: 300 };

/** One record set as served: its answers (one per value) under its owner name. */
export interface ServedSet {
  readonly ttl: number;
  readonly answers: readonly Answer[];
  /** Of an ALIAS: the target whose addresses it is answered with. */
  readonly aliasOf?: string;
}

/**
 * A zone as the DNS server answers from it: every owner name (absolute, lowercase) with its sets by type, the SOA
 * and our NS at the apex. `served` is false for a zone we must not answer for: on hold (`DNS_RESOLUTION` off) or
 * delegated to the customer's nameservers.
 */
export interface ServedZone {
  readonly apex: string;
  readonly served: boolean;
  readonly serial: number;
  readonly nodes: ReadonlyMap<string, ReadonlyMap<string, ServedSet>>;
  /** Every name that exists in the zone, those without records of their own (empty non-terminals) included. */
  readonly names: ReadonlySet<string>;
  /** While DNSSEC is on: the signer, and the NSEC chain of authoritative names with their types. */
  readonly signing: ZoneSigning | null;
  /** Hosted names (absolute) and what the hosting listener does with their requests. */
  readonly sites: ReadonlyMap<string, ServedSite>;
}

export interface ZoneSigning {
  readonly signer: ZoneSigner;
  /** Names with records the zone is authoritative for, in canonical order (RFC 4034 §6.1). */
  readonly chain: readonly string[];
  /** The types each name of the chain has, NSEC's and RRSIG's included, as its NSEC lists them. */
  readonly types: ReadonlyMap<string, readonly string[]>;
}

const ownerOf = (subName: string, apex: string): string => (subName ? `${subName}.${apex}` : apex);

/** The zone of a read-model row, parsed once: values become wire-ready answers. */
export const servedZoneOf = (row: DnsZoneRow, defaults: ZoneDefaults): ServedZone => {
  const apex = row.name;
  const nodes = new Map<string, Map<string, ServedSet>>();
  const put = (owner: string, type: string, set: ServedSet) => {
    const node = nodes.get(owner) ?? new Map<string, ServedSet>();
    node.set(type, set);
    nodes.set(owner, node);
  };
  put(apex, 'SOA', {
    ttl: APEX_TTL,
    answers: [
      {
        name: apex,
        type: 'SOA',
        ttl: APEX_TTL,
        class: 'IN',
        data: { mname: defaults.nameservers[0], rname: defaults.hostmaster, serial: row.serial, ...SOA_TIMERS },
      },
    ],
  });
  put(apex, 'NS', {
    ttl: APEX_TTL,
    answers: defaults.nameservers.map((host) => ({ name: apex, type: 'NS', ttl: APEX_TTL, class: 'IN', data: host })),
  });
  // a hosted name resolves to the hosting listener: its A and AAAA records are the hosting's, none of the zone's
  const lander = landerShownFor(row) ? row.lander : null;
  const parked = !lander && parkedFor(row);
  const addressed = parked || lander ? [...row.hosting, { subName: '' }] : row.hosting;
  for (const set of [...row.records, ...hostingRecordsOf(apex, addressed, defaults.hostingAddresses)]) {
    const owner = ownerOf(set.subName, apex);
    const data = set.values.flatMap((value) => {
      const parsed = parseRecordValue(set.type, value);
      return parsed.ok ? [parsed.data] : []; // stored values were checked on the way in
    });
    const answers = data.map((value) => answerOf(owner, set.ttl, value));
    const alias = data.find((value) => value.type === 'ALIAS');
    put(owner, set.type, { ttl: set.ttl, answers, ...(alias?.type === 'ALIAS' ? { aliasOf: alias.target } : {}) });
  }
  const sites = new Map<string, ServedSite>();
  for (const site of row.hosting) {
    const owner = ownerOf(site.subName, apex);
    const { certificate } = site;
    sites.set(owner, {
      type: site.type,
      targetUrl: site.targetUrl,
      certificate: certificate
        ? { certificatePem: certificate.certificatePem, privateKeyPem: defaults.open(certificate.sealedPrivateKey) }
        : null,
      // a hosted for-sale page (the agent's LISTING_PAGE) is the page itself, whatever path was asked
      ...(site.targetUrl === defaults.forSalePageOf(apex) ? { exact: true as const } : {}),
    });
  }
  if (parked)
    sites.set(apex, { type: 'REDIRECT_302', targetUrl: defaults.forSalePageOf(apex), certificate: null, exact: true });
  if (lander) sites.set(apex, { type: 'LANDER', targetUrl: '', html: lander.html, certificate: null });
  const names = new Set<string>();
  for (const owner of nodes.keys()) {
    // the owner and every name between it and the apex exist (RFC 4592 §2.2.2)
    for (let name = owner; name.length >= apex.length; name = name.slice(name.indexOf('.') + 1)) {
      names.add(name);
      if (name === apex) break;
    }
  }
  const signer = row.signing
    ? new ZoneSigner(apex, row.signing, Buffer.from(defaults.open(row.signing.sealedPrivateKey), 'base64'))
    : null;
  if (signer) put(apex, 'DNSKEY', { ttl: DNSKEY_TTL, answers: signer.dnskey() });
  const served = row.resolution && row.nameservers === null;
  const signing = signer ? signingOf(apex, nodes, signer) : null;
  return { apex, served, serial: row.serial, nodes, names, signing, sites };
};

/** Labels compared from the right, lowercase bytes, a missing label first (RFC 4034 §6.1). */
export const compareCanonical = (a: string, b: string): number => {
  const left = a.split('.').reverse();
  const right = b.split('.').reverse();
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const order = Buffer.compare(Buffer.from(left[index]), Buffer.from(right[index]));
    if (order !== 0) return order;
  }
  return left.length - right.length;
};

/** The NSEC chain: every owner the zone is authoritative for (none below a delegation), with its types. */
const signingOf = (apex: string, nodes: ReadonlyMap<string, ReadonlyMap<string, ServedSet>>, signer: ZoneSigner) => {
  const cuts = [...nodes].filter(([owner, node]) => owner !== apex && node.has('NS')).map(([owner]) => owner);
  const below = (owner: string) => cuts.some((cut) => owner !== cut && owner.endsWith(`.${cut}`));
  const types = new Map<string, string[]>();
  for (const [owner, node] of nodes) {
    if (below(owner)) continue; // glue belongs to the delegated zone
    // an ALIAS stands for its target's addresses, when the target is in this zone (what a signed zone flattens)
    const own = [...node.keys()].flatMap((type) => {
      if (type !== 'ALIAS') return [type];
      const target = nodes.get(node.get('ALIAS')!.aliasOf!);
      return (['A', 'AAAA'] as const).filter((address) => target?.has(address));
    });
    const isCut = cuts.includes(owner);
    const listed = isCut ? own.filter((type) => type === 'NS' || type === 'DS') : own;
    types.set(owner, [...new Set([...listed, 'RRSIG', 'NSEC'])]);
  }
  const chain = [...types.keys()].sort(compareCanonical);
  return { signer, chain, types };
};
