import { DependencySpec } from '../operations/operation.events';
import { ID_PREFIXES } from '../shared/ids';
import { Refused } from '../shared/errors';
import { DsRecord, MAX_DS_RECORDS, MAX_NAMESERVERS } from './dns-setup';
import { HostingType, MAX_HOSTING_SITES, targetUrlProblemOf } from './hosting';
import { hostNameOf } from './record-values';
import { dsProblemOf } from './record-values';
import { applyRecordChanges, RecordChanges, RecordSet } from './zone-records';

/** Nameservers asked for: the customer's (with the DS records of their signing), or ours again (`hosts: null`). */
export interface NameserverChange {
  readonly hosts: readonly string[] | null;
  readonly ds: readonly DsRecord[];
}

/** A name hosted (redirected or proxied by our hosting listener), or no longer. */
export type HostingChange =
  Readonly<{ subName: string; type: HostingType; targetUrl: string }> | Readonly<{ subName: string; remove: true }>;

/** The zone changes an operation asks for, with the ids of the dependencies that make them. */
export interface ZoneChangeRequest {
  readonly name: string;
  readonly records: RecordChanges | null;
  /** One id per update and per deletion, in their order; a creation's dependency id follows from its record's id. */
  readonly recordDependencyIds: { readonly update: readonly string[]; readonly delete: readonly string[] };
  readonly nameservers: NameserverChange | null;
  readonly nameserversDependencyId: string;
  /** DNSSEC turned on (our nameservers sign the zone) or off; null: left as it is. */
  readonly dnssec: boolean | null;
  readonly dnssecDependencyId: string;
  readonly hosting: HostingChange | null;
  readonly hostingDependencyId: string;
}

/** The zone as it stands when the change is asked for. */
export interface ZoneFacts {
  readonly records: readonly RecordSet[];
  /** The customer's nameservers; null while ours serve the zone. */
  readonly nameservers: readonly string[] | null;
  /** Whether our nameservers sign the zone, and whether the registry publishes the DS of their key. */
  readonly signed: boolean;
  readonly dsPublished: boolean;
  /** The sub names hosted now. */
  readonly hosted: readonly string[];
}

/**
 * A new record set's id and the id of the dependency that creates it share their UUID, so a job run again knows
 * which set it made without storing more than the spec's parameters.
 */
export const dependencyIdOfRecord = (recordId: string): string =>
  `${ID_PREFIXES.platformDependency}${recordId.slice(ID_PREFIXES.dnsRecord.length)}`;
export const recordIdOfDependency = (dependencyId: string): string =>
  `${ID_PREFIXES.dnsRecord}${dependencyId.slice(ID_PREFIXES.platformDependency.length)}`;

/**
 * Why a set of nameservers is refused: each a host name, none twice, 1 to 13; a host inside the domain itself only
 * with an address in the zone to register as its glue; DS records (at most 8, each taken by `decisions.md` §4) only
 * with the customer's nameservers, since ours sign the zone themselves.
 */
export const nameserverProblemsOf = (name: string, change: NameserverChange, zone: ZoneFacts): string[] => {
  const problems: string[] = [];
  const hosts = change.hosts ?? [];
  if (change.hosts !== null && (hosts.length < 1 || hosts.length > MAX_NAMESERVERS)) {
    problems.push(`nameservers: 1 to ${MAX_NAMESERVERS} hosts`);
  }
  const parsed = hosts.map((host) => hostNameOf(host));
  parsed.forEach((host, index) => {
    if (host === undefined || host.includes('_')) problems.push(`nameservers[${index}] is not a host name`);
    else if (host === name) problems.push(`nameservers[${index}] is the domain itself`);
    else if (host.endsWith(`.${name}`) && !hasAddress(zone, host.slice(0, -name.length - 1))) {
      problems.push(`nameservers[${index}] is inside ${name}: give ${host} an A or AAAA record first, for its glue`);
    }
  });
  if (new Set(parsed).size !== parsed.length) problems.push('nameservers must not name a host twice');
  if (change.ds.length > 0 && change.hosts === null) {
    problems.push('DS records go with your own nameservers: ours sign the zone through /dns/security');
  }
  if (change.ds.length > MAX_DS_RECORDS) problems.push(`at most ${MAX_DS_RECORDS} DS records`);
  change.ds.forEach((ds, index) => {
    const problem = dsProblemOf(ds.algorithm, ds.digestType, ds.digest);
    if (problem) problems.push(`dnssec.items[${index}]: ${problem}`);
  });
  return problems;
};

const hasAddress = (zone: ZoneFacts, subName: string): boolean =>
  zone.records.some((set) => set.subName === subName && (set.type === 'A' || set.type === 'AAAA'));

/**
 * The dependencies that make a zone change, after checking it against the zone as it stands: nameservers first
 * (`DOMAIN_SET_NAMESERVERS`, their hosts as the registry gets them), then record deletions, updates and creations
 * (`DNS_RECORD_*`, with the spec's parameters), which the first of them applies all at once. Refused as
 * `applyRecordChanges` refuses, and VALIDATION for nameservers `nameserverProblemsOf` finds wrong.
 */
export const zoneDependenciesOf = (request: ZoneChangeRequest, zone: ZoneFacts): DependencySpec[] => {
  const nameservers: DependencySpec[] = [];
  if (request.nameservers) {
    const records = request.records ? applyRecordChanges(zone.records, request.records).records : zone.records;
    const problems = nameserverProblemsOf(request.name, request.nameservers, { ...zone, records });
    if (problems.length > 0) throw new Refused('VALIDATION', problems.join('; '), { problems });
    const { hosts, ds } = request.nameservers;
    nameservers.push({
      id: request.nameserversDependencyId,
      type: 'DOMAIN_SET_NAMESERVERS',
      parameters: {
        ...(hosts === null ? {} : { items: hosts.map((host) => hostNameOf(host)!) }),
        ...(ds.length > 0 ? { dnssec: ds.map((item) => ({ ...item, digest: item.digest.toLowerCase() })) } : {}),
      },
    });
  }
  const dnssec = dnssecDependencies(request, zone);
  const hosting = hostingDependencies(request, zone);
  const changes = request.records;
  if (!changes) return [...nameservers, ...dnssec, ...hosting];
  const hosted = hostedAfter(request, zone);
  applyRecordChanges(zone.records, changes, hosted);
  const { update, delete: deletes } = request.recordDependencyIds;
  return [
    ...nameservers,
    ...dnssec,
    ...changes.delete.map((id, index) => ({ id: deletes[index], type: 'DNS_RECORD_DELETE', parameters: { id } })),
    ...changes.update.map(({ id, values, ttl }, index) => ({
      id: update[index],
      type: 'DNS_RECORD_UPDATE',
      parameters: { id, ...(values ? { values } : {}), ...(ttl !== undefined ? { ttl } : {}) },
    })),
    ...changes.create.map(({ id, subName, type, values, ttl, upsert }) => ({
      id: dependencyIdOfRecord(id),
      type: 'DNS_RECORD_CREATE',
      parameters: { ...(subName ? { subName } : {}), type, values, ttl, $upsert: upsert },
    })),
    // after the records, which may clear the addresses a new hosting takes over
    ...hosting,
  ];
};

const hostedAfter = (request: ZoneChangeRequest, zone: ZoneFacts): string[] => {
  const change = request.hosting;
  const others = zone.hosted.filter((subName) => subName !== change?.subName);
  return change && !('remove' in change) ? [...others, change.subName] : others;
};

/**
 * A name hosted (`DOMAIN_HOSTING_UPDATE`) or no longer (`DOMAIN_HOSTING_DISABLE`). Refused: a target that is no
 * http(s) URL, a name whose addresses records give (A, AAAA, CNAME, ALIAS: delete them first, or in the same
 * batch), more than 20 hosted names, a name not hosted to remove (VALIDATION).
 */
const hostingDependencies = (request: ZoneChangeRequest, zone: ZoneFacts): DependencySpec[] => {
  const change = request.hosting;
  if (!change) return [];
  const where = change.subName || 'the apex';
  const subName = change.subName ? { subName: change.subName } : {};
  if ('remove' in change) {
    if (!zone.hosted.includes(change.subName)) throw new Refused('VALIDATION', `${where} is not hosted`);
    return [{ id: request.hostingDependencyId, type: 'DOMAIN_HOSTING_DISABLE', parameters: subName }];
  }
  const problem = targetUrlProblemOf(change.targetUrl);
  if (problem) throw new Refused('VALIDATION', problem);
  const records = request.records ? applyRecordChanges(zone.records, request.records).records : zone.records;
  const owned = records.filter((set) => set.subName === change.subName && HOSTED_ADDRESS_TYPES.has(set.type));
  if (owned.length > 0) {
    const types = owned.map((set) => set.type).join(', ');
    throw new Refused('VALIDATION', `${where} has ${types} records: hosting answers its addresses, delete them first`);
  }
  if (hostedAfter(request, zone).length > MAX_HOSTING_SITES) {
    throw new Refused('VALIDATION', `a zone hosts at most ${MAX_HOSTING_SITES} names`);
  }
  const { type, targetUrl } = change;
  return [
    { id: request.hostingDependencyId, type: 'DOMAIN_HOSTING_UPDATE', parameters: { ...subName, type, targetUrl } },
  ];
};

const HOSTED_ADDRESS_TYPES: ReadonlySet<string> = new Set(['A', 'AAAA', 'CNAME', 'ALIAS']);

/**
 * Signing turned on (`DOMAIN_DNS_SECURITY_SET_DNSSEC`: a key made, the zone signed, its DS sent to the registry) or
 * off (`DOMAIN_DNS_SECURITY_DELETE_DNSSEC`: the DS withdrawn first, then the signing stopped); nothing when it is as
 * asked. Our nameservers sign only zones they serve: customers' nameservers sign theirs and give their DS records.
 */
const dnssecDependencies = (request: ZoneChangeRequest, zone: ZoneFacts): DependencySpec[] => {
  if (request.dnssec === null) return [];
  // a signing whose DS never reached the registry (refused) is done again; so is a withdrawal half done
  const done = request.dnssec ? zone.signed && zone.dsPublished : !zone.signed && !zone.dsPublished;
  if (done) return [];
  const ours = request.nameservers ? request.nameservers.hosts === null : zone.nameservers === null;
  if (!ours) {
    // DS records of the customer's nameservers are theirs: withdrawing ours must not take them away
    throw new Refused(
      'VALIDATION',
      'dnssec: the name is on your own nameservers, which sign it: give their DS records with the nameservers',
    );
  }
  const type = request.dnssec ? 'DOMAIN_DNS_SECURITY_SET_DNSSEC' : 'DOMAIN_DNS_SECURITY_DELETE_DNSSEC';
  return [{ id: request.dnssecDependencyId, type, parameters: { domain: request.name } }];
};

/** The record changes an operation's `DNS_RECORD_*` dependencies make, read back from their parameters. */
export const recordChangesOf = (dependencies: readonly DependencySpec[]): RecordChanges => {
  const of = (type: string) => dependencies.filter((dependency) => dependency.type === type);
  return {
    delete: of('DNS_RECORD_DELETE').map((dependency) => dependency.parameters.id as string),
    update: of('DNS_RECORD_UPDATE').map(({ parameters }) => ({
      id: parameters.id as string,
      ...(parameters.values ? { values: parameters.values as string[] } : {}),
      ...(parameters.ttl !== undefined ? { ttl: parameters.ttl as number } : {}),
    })),
    create: of('DNS_RECORD_CREATE').map(({ id, parameters }) => ({
      id: recordIdOfDependency(id),
      subName: (parameters.subName as string | undefined) ?? '',
      type: parameters.type as RecordSet['type'],
      values: parameters.values as string[],
      ttl: parameters.ttl as number,
      upsert: parameters.$upsert as RecordChanges['create'][number]['upsert'],
    })),
  };
};
