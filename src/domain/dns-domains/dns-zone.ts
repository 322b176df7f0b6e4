import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { DsRecord } from './dns-setup';
import { HostingCertificate, HostingSite, HostingType } from './hosting';
import { applyRecordChanges, RecordChanges, RecordSet } from './zone-records';
import { ZoneSigningKey } from './zone-signing-key';

/**
 * The DNS of one of the service's registered names: its record sets, whose nameservers serve it, and whether it
 * resolves. A registration opens the zone anew (a name registered again starts empty); every change after that is
 * an operation's, recorded once however often its job runs.
 */
export const dnsZoneStream = (name: string): string => `dns-zone-${name}`;

type Of<Data> = MessageData<{ name: string; operationId: string }, Data>;
/**
 * Opened by the registration (`operationId`) of the name, resolving, empty, on our nameservers (`nameservers: null`)
 * or on those a name transferred in came with.
 */
export type DnsZoneOpened = DomainEvent<'DnsZoneOpened', Of<{ accountId: string; nameservers: string[] | null }>>;
/** Record sets written whole (new or changed) and removed by one operation, all at once. */
export type DnsRecordsChanged = DomainEvent<'DnsRecordsChanged', Of<{ put: RecordSet[]; removed: string[] }>>;
/** Nameservers of the customer's (`hosts`, with the DS records of their signing), or ours again (`hosts: null`). */
export type DnsNameserversSet = DomainEvent<'DnsNameserversSet', Of<{ hosts: string[] | null; ds: DsRecord[] }>>;
/** Whether the name resolves (`DNS_RESOLUTION`, the registry's `clientHold` lifted): our server answers for it. */
export type DnsResolutionSet = DomainEvent<'DnsResolutionSet', Of<{ enabled: boolean }>>;
/** Our nameservers sign the zone with `key` (DNSSEC on), or no longer sign it (`key: null`). */
export type DnsZoneSigningSet = DomainEvent<'DnsZoneSigningSet', Of<{ key: ZoneSigningKey | null }>>;
/** A name of the zone hosted: redirected or proxied by our hosting listener; its certificate to come. */
export type DnsHostingSet = DomainEvent<'DnsHostingSet', Of<{ subName: string; type: HostingType; targetUrl: string }>>;
export type DnsHostingRemoved = DomainEvent<'DnsHostingRemoved', Of<{ subName: string }>>;
/** The certificate issued for the hosting the operation `operationId` set. */
export type DnsHostingCertificateIssued = DomainEvent<
  'DnsHostingCertificateIssued',
  Of<{ subName: string; certificate: HostingCertificate }>
>;
export type DnsZoneEvent =
  | DnsZoneOpened
  | DnsRecordsChanged
  | DnsNameserversSet
  | DnsResolutionSet
  | DnsZoneSigningSet
  | DnsHostingSet
  | DnsHostingRemoved
  | DnsHostingCertificateIssued;
export const DNS_ZONE_EVENT_TYPES: readonly DnsZoneEvent['type'][] = [
  'DnsZoneOpened',
  'DnsRecordsChanged',
  'DnsNameserversSet',
  'DnsResolutionSet',
  'DnsZoneSigningSet',
  'DnsHostingSet',
  'DnsHostingRemoved',
  'DnsHostingCertificateIssued',
];

export type OpenDnsZone = DomainCommand<'OpenDnsZone', DnsZoneOpened['data']>;
export type ChangeDnsRecords = DomainCommand<'ChangeDnsRecords', Of<{ changes: RecordChanges }>>;
export type SetDnsNameservers = DomainCommand<'SetDnsNameservers', DnsNameserversSet['data']>;
export type SetDnsResolution = DomainCommand<'SetDnsResolution', DnsResolutionSet['data']>;
/**
 * Signs the zone with `key` unless it is signed already (its key stays, and a retirement under way is called off), or
 * (`key: null`) retires its key at `retireAt`: signed until then, unsigned after.
 */
export type SetDnsZoneSigning = DomainCommand<
  'SetDnsZoneSigning',
  Of<{ key: ZoneSigningKey | null; retireAt?: number }>
>;
export type SetDnsHosting = DomainCommand<'SetDnsHosting', DnsHostingSet['data']>;
export type RemoveDnsHosting = DomainCommand<'RemoveDnsHosting', DnsHostingRemoved['data']>;
export type RecordHostingCertificate = DomainCommand<'RecordHostingCertificate', DnsHostingCertificateIssued['data']>;
export type DnsZoneCommand =
  | OpenDnsZone
  | ChangeDnsRecords
  | SetDnsNameservers
  | SetDnsResolution
  | SetDnsZoneSigning
  | SetDnsHosting
  | RemoveDnsHosting
  | RecordHostingCertificate;

export type OpenZone = Readonly<{
  status: 'OPEN';
  accountId: string;
  /** The registration that opened it. */
  openedBy: string;
  records: readonly RecordSet[];
  /** The customer's nameservers; null while ours serve the zone. */
  nameservers: readonly string[] | null;
  /** DS records for the customer's nameservers' signing, sent to the registry with them. */
  ds: readonly DsRecord[];
  resolution: boolean;
  /** The key our nameservers sign the zone with; null while DNSSEC is off. */
  signing: ZoneSigningKey | null;
  hosting: readonly HostingSite[];
  /** Operations whose record changes are in (the latest few): a job run again changes nothing more. */
  applied: readonly string[];
}>;
export type DnsZone = Readonly<{ status: 'NONE' }> | OpenZone;

/** How many applied operations a zone remembers: operations on a name run one at a time, so a few are plenty. */
const REMEMBERED = 16;

const open = (zone: DnsZone, name: string): OpenZone => {
  if (zone.status !== 'OPEN') throw new IllegalTransition(`the zone of ${name} is not open`);
  return zone;
};

const evolve = (zone: DnsZone, event: DnsZoneEvent): DnsZone => {
  switch (event.type) {
    case 'DnsZoneOpened':
      return {
        status: 'OPEN',
        accountId: event.data.accountId,
        openedBy: event.data.operationId,
        records: [],
        nameservers: event.data.nameservers,
        ds: [],
        resolution: true,
        signing: null,
        hosting: [],
        applied: [],
      };
    case 'DnsRecordsChanged': {
      if (zone.status !== 'OPEN') return zone;
      const replaced = new Set([...event.data.removed, ...event.data.put.map((set) => set.id)]);
      const kept = zone.records.filter((set) => !replaced.has(set.id));
      const applied = [...zone.applied, event.data.operationId].slice(-REMEMBERED);
      return { ...zone, records: [...kept, ...event.data.put], applied };
    }
    case 'DnsNameserversSet':
      return zone.status === 'OPEN' ? { ...zone, nameservers: event.data.hosts, ds: event.data.ds } : zone;
    case 'DnsResolutionSet':
      return zone.status === 'OPEN' ? { ...zone, resolution: event.data.enabled } : zone;
    case 'DnsZoneSigningSet':
      return zone.status === 'OPEN' ? { ...zone, signing: event.data.key } : zone;
    case 'DnsHostingSet':
    case 'DnsHostingRemoved':
    case 'DnsHostingCertificateIssued':
      return zone.status === 'OPEN' ? { ...zone, hosting: hostingAfter(zone.hosting, event) } : zone;
    default:
      return assertNever(event);
  }
};

/** The hosted names after an event: a setting replaces the name's (its certificate to come again). */
export const hostingAfter = (
  sites: readonly HostingSite[],
  event: DnsHostingSet | DnsHostingRemoved | DnsHostingCertificateIssued,
): HostingSite[] => {
  const others = sites.filter((site) => site.subName !== event.data.subName);
  switch (event.type) {
    case 'DnsHostingSet': {
      const { subName, type, targetUrl, operationId } = event.data;
      return [...others, { subName, type, targetUrl, setBy: operationId, certificate: null }];
    }
    case 'DnsHostingRemoved':
      return others;
    case 'DnsHostingCertificateIssued':
      return sites.map((site) =>
        site.subName === event.data.subName && site.setBy === event.data.operationId
          ? { ...site, certificate: event.data.certificate }
          : site,
      );
  }
};

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => JSON.stringify(a) === JSON.stringify(b);

const decide = (command: DnsZoneCommand, zone: DnsZone): DnsZoneEvent[] => {
  switch (command.type) {
    case 'OpenDnsZone':
      return zone.status === 'OPEN' && zone.openedBy === command.data.operationId
        ? []
        : [{ type: 'DnsZoneOpened', data: command.data }];
    case 'ChangeDnsRecords': {
      const current = open(zone, command.data.name);
      if (current.applied.includes(command.data.operationId)) return [];
      const { changes, ...data } = command.data;
      const hosted = current.hosting.map((site) => site.subName);
      const { records } = applyRecordChanges(current.records, changes, hosted);
      const before = new Map(current.records.map((set) => [set.id, set]));
      const put = records.filter((set) => JSON.stringify(before.get(set.id)) !== JSON.stringify(set));
      const kept = new Set(records.map((set) => set.id));
      const removed = current.records.filter((set) => !kept.has(set.id)).map((set) => set.id);
      return [{ type: 'DnsRecordsChanged', data: { ...data, put, removed } }];
    }
    case 'SetDnsNameservers': {
      const current = open(zone, command.data.name);
      const unchanged =
        sameList(current.nameservers ?? [], command.data.hosts ?? []) &&
        (current.nameservers === null) === (command.data.hosts === null) &&
        sameList(current.ds, command.data.ds);
      return unchanged ? [] : [{ type: 'DnsNameserversSet', data: command.data }];
    }
    case 'SetDnsResolution':
      // a name registered before zones were kept has none to stop or start serving
      return zone.status !== 'OPEN' || zone.resolution === command.data.enabled
        ? []
        : [{ type: 'DnsResolutionSet', data: command.data }];
    case 'SetDnsZoneSigning': {
      const { retireAt, key, ...data } = command.data;
      const signing = open(zone, command.data.name).signing;
      if (key) {
        // a job run again brings a key of its own: the zone keeps the one it signs with
        if (signing && signing.retiresAt === undefined) return [];
        if (!signing) return [{ type: 'DnsZoneSigningSet', data: { ...data, key } }];
        const { retiresAt: _calledOff, ...kept } = signing;
        return [{ type: 'DnsZoneSigningSet', data: { ...data, key: kept } }];
      }
      if (!signing || signing.retiresAt !== undefined) return [];
      const retiresAt = retireAt ?? data.at;
      return [
        { type: 'DnsZoneSigningSet', data: { ...data, key: retiresAt > data.at ? { ...signing, retiresAt } : null } },
      ];
    }
    case 'SetDnsHosting': {
      const site = open(zone, command.data.name).hosting.find((item) => item.subName === command.data.subName);
      return site?.setBy === command.data.operationId ? [] : [{ type: 'DnsHostingSet', data: command.data }];
    }
    case 'RemoveDnsHosting':
      return open(zone, command.data.name).hosting.some((site) => site.subName === command.data.subName)
        ? [{ type: 'DnsHostingRemoved', data: command.data }]
        : [];
    case 'RecordHostingCertificate': {
      // issued for a setting since replaced or removed, or recorded already: nothing to record
      const site = open(zone, command.data.name).hosting.find((item) => item.subName === command.data.subName);
      return site?.setBy === command.data.operationId && !site.certificate
        ? [{ type: 'DnsHostingCertificateIssued', data: command.data }]
        : [];
    }
    default:
      return assertNever(command);
  }
};

export const dnsZoneDecider: Decider<DnsZoneCommand, DnsZoneEvent, DnsZone> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
