import { HostingChange, NameserverChange, ZoneChangeRequest } from '../../domain/dns-domains/zone-change-decision';
import { RecordChanges, RecordSet } from '../../domain/dns-domains/zone-records';
import { newId } from '../../domain/shared/ids';

/** Record changes as asked: creations get their ids when the operation is requested. */
export type RecordChangesAsked = Omit<RecordChanges, 'create'> & {
  readonly create: readonly (Omit<RecordSet, 'id'> & Pick<RecordChanges['create'][number], 'upsert'>)[];
};

/** What a registration or a change asks of a name's zone: records to change, nameservers to delegate to. */
export interface ZoneAsked {
  readonly records?: RecordChangesAsked;
  readonly nameservers?: NameserverChange;
  /** DNSSEC on (our nameservers sign the zone) or off. */
  readonly dnssec?: boolean;
  readonly hosting?: HostingChange;
}

/** The zone changes asked, with the ids of the record sets and dependencies they create; null when none are. */
export const zoneRequestOf = (name: string, asked: ZoneAsked): ZoneChangeRequest | null => {
  if (!asked.records && !asked.nameservers && asked.dnssec === undefined && !asked.hosting) return null;
  const records = asked.records
    ? { ...asked.records, create: asked.records.create.map((set) => ({ ...set, id: newId('dnsRecord') })) }
    : null;
  const idsFor = (items: readonly unknown[] = []) => items.map(() => newId('platformDependency'));
  return {
    name,
    records,
    recordDependencyIds: { update: idsFor(records?.update), delete: idsFor(records?.delete) },
    nameservers: asked.nameservers ?? null,
    nameserversDependencyId: newId('platformDependency'),
    dnssec: asked.dnssec ?? null,
    dnssecDependencyId: newId('platformDependency'),
    hosting: asked.hosting ?? null,
    hostingDependencyId: newId('platformDependency'),
  };
};
