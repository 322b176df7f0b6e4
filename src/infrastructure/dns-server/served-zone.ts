import type { Answer } from 'dns-packet';
import { parseRecordValue } from '../../domain/dns-domains/record-values';
import { DnsZoneRow } from '../../projections/dns-zones/dns-zones.projection';
import { answerOf } from './record-rdata';

/** What the DNS server needs beyond the zones: our nameservers and the SOA's mailbox and timers. */
export interface ZoneDefaults {
  readonly nameservers: readonly string[];
  readonly hostmaster: string;
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
  for (const set of row.records) {
    const owner = ownerOf(set.subName, apex);
    const data = set.values.flatMap((value) => {
      const parsed = parseRecordValue(set.type, value);
      return parsed.ok ? [parsed.data] : []; // stored values were checked on the way in
    });
    const answers = data.map((value) => answerOf(owner, set.ttl, value));
    const alias = data.find((value) => value.type === 'ALIAS');
    put(owner, set.type, { ttl: set.ttl, answers, ...(alias?.type === 'ALIAS' ? { aliasOf: alias.target } : {}) });
  }
  const names = new Set<string>();
  for (const owner of nodes.keys()) {
    // the owner and every name between it and the apex exist (RFC 4592 §2.2.2)
    for (let name = owner; name.length >= apex.length; name = name.slice(name.indexOf('.') + 1)) {
      names.add(name);
      if (name === apex) break;
    }
  }
  return { apex, served: row.resolution && row.nameservers === null, serial: row.serial, nodes, names };
};
