import { Refused } from '../shared/errors';
import { RecordType } from './dns-setup';
import { parseRecordValue } from './record-values';

/**
 * A record set of a zone as surface D shows it: every value of one type at one name, with one TTL and an id.
 * `subName` is relative to the zone, lowercase, `''` at the apex.
 */
export interface RecordSet {
  readonly id: string;
  readonly subName: string;
  readonly type: RecordType;
  readonly values: readonly string[];
  readonly ttl: number;
}

export type Upsert = 'REPLACE' | 'APPEND' | 'DISALLOWED';

/** What one operation changes in a zone's records: deletions first, then updates, then creations. */
export interface RecordChanges {
  readonly create: readonly (RecordSet & { readonly upsert: Upsert })[];
  readonly update: readonly { readonly id: string; readonly values?: readonly string[]; readonly ttl?: number }[];
  readonly delete: readonly string[];
}

/** The types a hosted name's hosting answers itself (kept here, not imported, as hosting builds on records). */
const HOSTED_TYPES: ReadonlySet<string> = new Set(['A', 'AAAA', 'CNAME', 'ALIAS']);

/** At most this many record sets in one zone: a zone is one document and one message of a zone transfer. */
export const MAX_RECORD_SETS = 1000;

const at = (subName: string): string => subName || 'the apex';

/** `www`, `_sip._tcp`, `*.shop`: labels of letters, digits, hyphens and underscores, a wildcard only first. */
const SUB_NAME = /^(?:\*|(?!-)[a-z0-9_-]{1,63}(?<!-))(?:\.(?!-)[a-z0-9_-]{1,63}(?<!-))*$/;

/** A sub name as a record set holds it (lowercase, `@` for the apex); undefined when it is not one. */
export const subNameOf = (text: string | undefined, zone: string): string | undefined => {
  const subName = (text ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (subName === '' || subName === '@') return '';
  return SUB_NAME.test(subName) && subName.length + zone.length + 1 <= 253 ? subName : undefined;
};

/** At most this many values in a set, and this many bytes of them: a set fits one DNS message with room to spare. */
export const MAX_VALUES = 100;
export const MAX_SET_BYTES = 16_000;

/** A value as the data it stands for: `mx.a.com` and `MX.a.com.`, `2001:db8::1` and `2001:db8:0::1` are one. */
const canonicalOf = (type: RecordType, value: string): string => {
  const parsed = parseRecordValue(type, value);
  return parsed.ok ? JSON.stringify(parsed.data) : value;
};

/**
 * Why a set's own values are wrong: each value by its type's RFC, no value twice (as data: RFC 2181 §5 forbids
 * repeats in a set), one target for CNAME and ALIAS, at most 100 values and 16,000 bytes of them.
 */
export const valueProblemsOf = (type: RecordType, values: readonly string[]): string[] => {
  const problems = values.flatMap((value, index) => {
    const parsed = parseRecordValue(type, value);
    return parsed.ok ? [] : [`values[${index}] ${parsed.problem}`];
  });
  if (new Set(values.map((value) => canonicalOf(type, value))).size !== values.length) {
    problems.push('values must not repeat');
  }
  if (values.length > MAX_VALUES) problems.push(`a set holds at most ${MAX_VALUES} values`);
  if (values.reduce((bytes, value) => bytes + Buffer.byteLength(value), 0) > MAX_SET_BYTES) {
    problems.push(`a set holds at most ${MAX_SET_BYTES} bytes of values`);
  }
  if ((type === 'CNAME' || type === 'ALIAS') && values.length > 1) problems.push(`a ${type} has one target`);
  return problems;
};

/**
 * Why a zone's record sets cannot stand together (RFC 1034 §3.6.2, RFC 4035 §2.4): a CNAME alone at its name and
 * never at the apex, nameservers and DS records only below it (the apex's are the registry's delegation), a DS only
 * where nameservers delegate, an ALIAS where no address or CNAME is, one set per name and type.
 */
export const zoneProblemsOf = (records: readonly RecordSet[]): string[] => {
  const byName = new Map<string, RecordSet[]>();
  for (const set of records) byName.set(set.subName, [...(byName.get(set.subName) ?? []), set]);
  const problems: string[] = [];
  for (const [subName, sets] of byName) {
    const types = new Set(sets.map((set) => set.type));
    if (types.size !== sets.length) problems.push(`${at(subName)} has two record sets of one type`);
    if (types.has('CNAME') && subName === '') problems.push('a CNAME cannot be at the apex');
    else if (types.has('CNAME') && types.size > 1) problems.push(`a CNAME stands alone: ${at(subName)} has others`);
    if (subName === '' && (types.has('NS') || types.has('DS'))) {
      problems.push('nameservers and DS records of the apex are set through /dns/nameservers');
    }
    if (types.has('DS') && !types.has('NS')) problems.push(`a DS record needs nameservers at ${at(subName)}`);
    if (types.has('ALIAS') && (types.has('A') || types.has('AAAA'))) {
      problems.push(`an ALIAS stands in for the addresses of ${at(subName)}: it cannot have A or AAAA records too`);
    }
  }
  if (records.length > MAX_RECORD_SETS) problems.push(`a zone holds at most ${MAX_RECORD_SETS} record sets`);
  return problems;
};

const mergedValues = (type: RecordType, existing: readonly string[], added: readonly string[]): string[] => {
  const seen = new Set(existing.map((value) => canonicalOf(type, value)));
  return [...existing, ...added.filter((value) => !seen.has(canonicalOf(type, value)))];
};

/**
 * The record sets after `changes`, with the ids each creation ended in (a creation merged into an existing set of
 * its name and type keeps that set's id). Refused: an id the zone does not hold (NOT_FOUND), a set that exists where
 * creation disallows it (RECORD_EXISTS), a zone whose sets cannot stand together (VALIDATION).
 */
export const applyRecordChanges = (
  records: readonly RecordSet[],
  changes: RecordChanges,
  /** Hosted sub names: the hosting answers their addresses (A, AAAA), so no CNAME, ALIAS or address set there. */
  hosted: readonly string[] = [],
): { readonly records: RecordSet[]; readonly createdIds: string[] } => {
  const sets = new Map(records.map((set) => [set.id, set]));
  for (const id of [...changes.delete, ...changes.update.map((update) => update.id)]) {
    if (!sets.has(id)) throw new Refused('NOT_FOUND', `record ${id} was not found`, { id });
  }
  for (const id of changes.delete) sets.delete(id);
  for (const { id, values, ttl } of changes.update) {
    const set = sets.get(id);
    if (!set) throw new Refused('VALIDATION', `record ${id} is deleted by the same change`);
    sets.set(id, { ...set, values: values ?? set.values, ttl: ttl ?? set.ttl });
  }
  const createdIds = changes.create.map(({ upsert, ...created }) => {
    const existing = [...sets.values()].find((set) => set.subName === created.subName && set.type === created.type);
    if (!existing) {
      sets.set(created.id, created);
      return created.id;
    }
    if (upsert === 'DISALLOWED') {
      throw new Refused(
        'RECORD_EXISTS',
        `${at(created.subName)} already has ${created.type} records (record ${existing.id})`,
      );
    }
    const values = upsert === 'APPEND' ? mergedValues(created.type, existing.values, created.values) : created.values;
    sets.set(existing.id, { ...existing, values, ttl: created.ttl });
    return existing.id;
  });
  const after = [...sets.values()];
  const problems = [
    ...after.flatMap((set) => valueProblemsOf(set.type, set.values).map((problem) => `${set.type} ${problem}`)),
    ...zoneProblemsOf(after),
    ...after
      .filter((set) => hosted.includes(set.subName) && HOSTED_TYPES.has(set.type))
      .map((set) => `${at(set.subName)} is hosted: the hosting answers its addresses, not a ${set.type} record`),
  ];
  if (problems.length > 0) throw new Refused('VALIDATION', `records: ${problems.join('; ')}`, { problems });
  return { records: after, createdIds };
};
