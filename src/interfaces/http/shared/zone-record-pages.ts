import { hostingRecordsOf } from '../../../domain/dns-domains/hosting';
import { RecordSet } from '../../../domain/dns-domains/zone-records';
import { DnsZoneRow } from '../../../projections/dns-zones/dns-zones.projection';

/** Where a page of record sets ends: sets are listed by name, type and id. */
export type RecordPosition = { readonly key: string };

export const isRecordPosition = (value: unknown): value is RecordPosition =>
  typeof value === 'object' && value !== null && typeof (value as RecordPosition).key === 'string';

const keyOf = (set: { subName: string; type: string; id: string }): string =>
  `${set.subName}\u0000${set.type}\u0000${set.id}`;

/** A record set as a list shows it: the hosting's address sets change with the hosting, so they are read-only. */
export interface ListedRecordSet {
  readonly set: RecordSet;
  readonly readonlyReasons: readonly 'HOSTING'[];
}

/**
 * One page of a zone's record sets (surface D's records route and the agent's), the hosted names' address sets
 * among them, filtered by type and sub name, ordered by name, type and id after `after`; `next` is where the
 * following page starts, null on the last.
 */
export const recordSetsPage = (
  zone: Pick<DnsZoneRow, 'name' | 'records' | 'hosting'> | undefined,
  hostingAddresses: readonly string[],
  filter: { readonly types?: readonly string[]; readonly subNames?: readonly (string | undefined)[] },
  after: RecordPosition | undefined,
  size: number,
): { readonly page: ListedRecordSet[]; readonly next: RecordPosition | null } => {
  const hosted = zone ? hostingRecordsOf(zone.name, zone.hosting, hostingAddresses) : [];
  const readonly = new Set(hosted.map((set) => set.id));
  const sets = [...(zone?.records ?? []), ...hosted]
    .filter((set) => !filter.types || filter.types.includes(set.type))
    .filter((set) => !filter.subNames || filter.subNames.includes(set.subName))
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
    .filter((set) => !after || keyOf(set) > after.key);
  const page = sets
    .slice(0, size)
    .map((set) => ({ set, readonlyReasons: readonly.has(set.id) ? ['HOSTING' as const] : [] }));
  return { page, next: sets.length > size ? { key: keyOf(page.at(-1)!.set) } : null };
};
