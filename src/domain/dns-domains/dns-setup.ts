import { DNSSEC_ALGORITHMS, DS_DIGEST_TYPES } from './dnssec';

/** The record types surface D takes (`decisions.md` §4). */
export const RECORD_TYPES = [
  'A',
  'AAAA',
  'ALIAS',
  'CAA',
  'CNAME',
  'DS',
  'HTTPS',
  'MX',
  'NAPTR',
  'NS',
  'PTR',
  'SRV',
  'SSHFP',
  'SVCB',
  'TLSA',
  'TXT',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** A TTL's bounds in seconds (`decisions.md` §4). */
export const TTL_RANGE = { min: 60, max: 604_800 } as const;
/** At most this many nameservers, as registries take (`decisions.md` §4), and DS records. */
export const MAX_NAMESERVERS = 13;
export const MAX_DS_RECORDS = 8;

export interface RecordRequest {
  readonly subName?: string;
  readonly type: RecordType;
  readonly values: readonly string[];
  readonly ttl: number;
  readonly upsert?: 'REPLACE' | 'APPEND' | 'DISALLOWED';
}

export interface DsRecord {
  readonly keyTag: number;
  readonly algorithm: number;
  readonly digestType: number;
  readonly digest: string;
}

/**
 * What a registration asks of the name's DNS besides its registration: nameservers, records, DS records. The DNS
 * issue acts on it; until then a registration records it with the name, checked as far as its shape goes.
 */
export interface DnsSetup {
  readonly nameservers?: readonly string[];
  readonly records?: readonly RecordRequest[];
  readonly dnssec?: readonly DsRecord[];
}

/** A host name (RFC 1123): dot-separated labels of letters, digits and inner hyphens, a TLD of letters. */
const HOST_NAME = /^(?=.{1,253}\.?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/i;

/** Every problem of a DNS setup, each with where it is; none when it is well formed. */
export const dnsSetupProblemsOf = (setup: DnsSetup, at = 'dns'): { path: string; message: string }[] => {
  const problems: { path: string; message: string }[] = [];
  const nameservers = setup.nameservers ?? [];
  nameservers.forEach((host, index) => {
    if (!HOST_NAME.test(host)) problems.push({ path: `${at}.nameservers[${index}]`, message: 'is not a host name' });
  });
  const lowered = nameservers.map((host) => host.toLowerCase().replace(/\.$/, ''));
  if (new Set(lowered).size !== lowered.length) {
    problems.push({ path: `${at}.nameservers`, message: 'must not name a host twice' });
  }
  (setup.dnssec ?? []).forEach((ds, index) => {
    const digest = DS_DIGEST_TYPES.get(ds.digestType);
    if (!DNSSEC_ALGORITHMS.has(ds.algorithm)) {
      problems.push({
        path: `${at}.dnssec.items[${index}].algorithm`,
        message: 'is not an algorithm the service takes',
      });
    }
    if (!digest) {
      problems.push({ path: `${at}.dnssec.items[${index}].digestType`, message: 'must be 2 (SHA-256) or 4 (SHA-384)' });
    } else if (!new RegExp(`^[0-9a-f]{${digest.hexLength}}$`, 'i').test(ds.digest)) {
      problems.push({
        path: `${at}.dnssec.items[${index}].digest`,
        message: `must be ${digest.hexLength} hex digits for a ${digest.name} digest`,
      });
    }
  });
  return problems;
};
