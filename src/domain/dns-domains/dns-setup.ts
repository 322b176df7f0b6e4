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

export interface DsRecord {
  readonly keyTag: number;
  readonly algorithm: number;
  readonly digestType: number;
  readonly digest: string;
}
