import { OutboundPolicy, outboundHostProblem } from '../../../domain/shared/outbound-target';
import { RecordChangesAsked, ZoneAsked } from '../../../application/dns-domains/zone-requests';
import { RecordType } from '../../../domain/dns-domains/dns-setup';
import { HostingChange, NameserverChange } from '../../../domain/dns-domains/zone-change-decision';
import { hostedSubNameOf, HostingType, targetUrlProblemOf } from '../../../domain/dns-domains/hosting';
import { subNameOf, Upsert, valueProblemsOf } from '../../../domain/dns-domains/zone-records';
import { Issue, RequestValidationError } from '../shared/problem';
import {
  DnssecRequestDto,
  HostingDeleteDto,
  HostingPutDto,
  RecordBatchUpdateDto,
  RecordRequestDto,
} from './dns-setup.dto';
import { RegistrationDnsDto } from './register.dto';

/**
 * Checks of DNS input in depth, every problem with where it is: sub names, and each value by its type's rules
 * (shapes: dns-setup.dto). Whether the records stand together in the zone is the zone's rule, checked with it.
 */

const refuseIfAny = (issues: Issue[]): void => {
  if (issues.length > 0) throw new RequestValidationError(issues);
};

const createOf = (dto: RecordRequestDto, zone: string, path: string, issues: Issue[]) => {
  const subName = subNameOf(dto.subName, zone);
  if (subName === undefined) {
    issues.push({ path: `${path}subName`, message: 'is not a name below the domain (labels; a wildcard only first)' });
  }
  const type = dto.type as RecordType;
  issues.push(...valueProblemsOf(type, dto.values).map((message) => ({ path: `${path}values`, message })));
  return {
    subName: subName ?? '',
    type,
    values: dto.values,
    ttl: dto.ttl,
    upsert: (dto.$upsert ?? 'DISALLOWED') as Upsert,
  };
};

/** An update's values are checked against its set's type with the zone (`applyRecordChanges`). */
const updateOf = (dto: { values?: string[]; ttl?: number }) => ({
  ...(dto.values ? { values: dto.values } : {}),
  ...(dto.ttl !== undefined ? { ttl: dto.ttl } : {}),
});

/** One record set to create (`POST /dns/records`). */
export const recordCreateAskedOf = (dto: RecordRequestDto, zone: string): RecordChangesAsked => {
  const issues: Issue[] = [];
  const create = createOf(dto, zone, '', issues);
  refuseIfAny(issues);
  return { create: [create], update: [], delete: [] };
};

/** A batch (`records` of `PATCH /domains/{name}`): deletions, updates and creations. */
export const recordBatchAskedOf = (
  batch: { create?: RecordRequestDto[]; update?: RecordBatchUpdateDto[]; delete?: string[] },
  zone: string,
): RecordChangesAsked => {
  const path = 'records.';
  const issues: Issue[] = [];
  const create = (batch.create ?? []).map((dto, index) => createOf(dto, zone, `${path}create[${index}].`, issues));
  const update = (batch.update ?? []).map((dto) => ({ id: dto.id, ...updateOf(dto) }));
  if (update.some((item) => !item.values && item.ttl === undefined)) {
    issues.push({ path: `${path}update`, message: 'each update changes values, ttl or both' });
  }
  const ids = [...update.map((item) => item.id), ...(batch.delete ?? [])];
  if (new Set(ids).size !== ids.length) issues.push({ path, message: 'a record is named twice' });
  refuseIfAny(issues);
  return { create, update, delete: batch.delete ?? [] };
};

/** One set's new values and TTL (`PATCH /dns/records/{id}`). */
export const recordUpdateAskedOf = (id: string, dto: { values?: string[]; ttl?: number }): RecordChangesAsked => ({
  create: [],
  update: [{ id, ...updateOf(dto) }],
  delete: [],
});

/** Nameservers asked for: the customer's, with DS records of their signing, or ours again. */
export const nameserversAskedOf = (
  items: string[] | undefined,
  dnssec: DnssecRequestDto | undefined,
  revertToOurs = false,
): NameserverChange => {
  if (revertToOurs && items) {
    throw new RequestValidationError([{ path: 'nameservers', message: 'give items or $revertToManaged, not both' }]);
  }
  if (!revertToOurs && !items) {
    throw new RequestValidationError([{ path: 'nameservers.items', message: 'give the nameservers to delegate to' }]);
  }
  return { hosts: revertToOurs ? null : items!, ds: (dnssec?.items ?? []).map((item) => ({ ...item })) };
};

/** The zone a registration asks for: records to create, and nameservers (with DS records) to delegate to. */
export const registrationZoneOf = (dns: RegistrationDnsDto | undefined, zone: string): ZoneAsked => {
  const issues: Issue[] = [];
  const create = (dns?.records ?? []).map((dto, index) => createOf(dto, zone, `dns.records[${index}].`, issues));
  refuseIfAny(issues);
  return {
    ...(create.length > 0 ? { records: { create, update: [], delete: [] } } : {}),
    ...(dns?.nameservers || dns?.dnssec ? { nameservers: nameserversAskedOf(dns.nameservers, dns.dnssec) } : {}),
  };
};

/**
 * A hosting asked for (`PUT /dns/hosting`): its name, its type, and its target, which every type needs. A reverse
 * proxy's origin is a URL the service will call, so it follows the rule of every such URL (as webhooks do).
 */
export const hostingAskedOf = (dto: HostingPutDto, zone: string, outbound: OutboundPolicy): HostingChange => {
  const issues: Issue[] = [];
  const subName = hostedSubNameOf(dto.subName, zone);
  if (subName === undefined) issues.push({ path: 'subName', message: 'is not a single name below the domain' });
  const problem =
    dto.targetUrl === undefined
      ? 'targetUrl is needed'
      : (targetUrlProblemOf(dto.targetUrl) ??
        (dto.type === 'REVERSE_PROXY' ? outboundHostProblem(new URL(dto.targetUrl).hostname, outbound) : undefined));
  if (problem) issues.push({ path: 'targetUrl', message: problem.replace(/^targetUrl /, '') });
  refuseIfAny(issues);
  return { subName: subName!, type: dto.type as HostingType, targetUrl: dto.targetUrl! };
};

/** The hosted name to stop hosting (`DELETE /dns/hosting`). */
export const hostingRemovalOf = (dto: HostingDeleteDto | undefined, zone: string): HostingChange => {
  const subName = hostedSubNameOf(dto?.subName, zone);
  if (subName === undefined) refuseIfAny([{ path: 'subName', message: 'is not a single name below the domain' }]);
  return { subName: subName!, remove: true };
};
