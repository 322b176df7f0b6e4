import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AccountNames } from '../../../../application/dns-domains/account-names';
import { ResellerSettings } from '../../../../application/dns-domains/reseller-settings';
import { RecordChangesAsked } from '../../../../application/dns-domains/zone-requests';
import { Principal } from '../../../../application/identity/authenticator';
import { RecordSet, subNameOf } from '../../../../domain/dns-domains/zone-records';
import { DnsZoneRow } from '../../../../projections/dns-zones/dns-zones.projection';
import { GetDnsZone } from '../../../../projections/dns-zones/dns-zones.queries';
import { recordCreateAskedOf, recordUpdateAskedOf } from '../../partner-reseller/dns-input';
import { RecordRequestDto } from '../../partner-reseller/dns-setup.dto';
import { decodeCursor, encodeCursor } from '../../shared/partner-lists';
import { isRecordPosition, ListedRecordSet, recordSetsPage } from '../../shared/zone-record-pages';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import {
  DnsRecordAddBody,
  DnsRecordAddLine,
  DnsRecordRemoveBody,
  DnsRecordsListBody,
  DnsRecordsRemoveAllBody,
  DnsRecordUpdateBody,
} from './dns-bodies.dto';
import {
  askedDnsName,
  bulkAnswer,
  resultsByName,
  byDomain,
  changeDomain,
  DnsResult,
  resultOf,
  shownSubName,
} from './dns-changes';

/** Record sets per page of svc_dns_records_list. */
const PAGE = 100;
const DEFAULT_TTL = 3600;
const UPSERT = { append: 'APPEND', replace: 'REPLACE', disallowed: 'DISALLOWED' } as const;

const recordOf = ({ set, readonlyReasons }: ListedRecordSet) => ({
  id: set.id,
  type: set.type,
  subName: shownSubName(set.subName),
  values: set.values,
  ttl: set.ttl,
  readonly: readonlyReasons.length > 0,
  readonlyReasons,
});

/** Who answers the name's DNS: our nameservers serve the records listed, or the user's own ones do. */
const dnsStatusOf = (zone: DnsZoneRow | undefined) => {
  if (!zone) return { configured: false, provider: null, message: 'The name has no DNS zone here yet.' };
  if (zone.nameservers === null) {
    return { configured: true, provider: 'service', message: 'Our nameservers answer these records.' };
  }
  return {
    configured: zone.nameservers.length > 0,
    provider: 'external',
    message: `The name is delegated to ${zone.nameservers.join(', ') || 'no nameservers'}: these records are kept, but only served again once the default nameservers are set (svc_dns_nameservers_set_default).`,
  };
};

@Injectable()
export class DnsRecordsListAction implements AgentActionHandler<DnsRecordsListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_records_list',
    title: "List a domain's DNS records",
    description:
      "The DNS record sets of one of the user's domains, 100 a page (pass pagination.nextCursor as cursor for the next), optionally only one type or one name below the domain (subName, @ for the apex). Each set has the id that svc_dns_record_update and svc_dns_record_remove take; read-only sets (the addresses of a hosted name) change with svc_dns_hosting_add and svc_dns_hosting_remove. dnsStatus says whether our nameservers serve them.",
    body: DnsRecordsListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'DnsRecordsListResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly names: AccountNames,
    private readonly settings: ResellerSettings,
  ) {}

  async run(body: DnsRecordsListBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const name = askedDnsName(body.domain);
    await this.names.get(accountId, name);
    const after = decodeCursor(body.cursor, isRecordPosition, 'cursor');
    const zone: DnsZoneRow | undefined = await this.queries.execute(new GetDnsZone(accountId, name.name));
    const filter = {
      types: body.type === undefined ? undefined : [body.type],
      subNames: body.subName === undefined ? undefined : [subNameOf(body.subName, name.name)],
    };
    const { page, next } = recordSetsPage(zone, this.settings.hostingAddresses, filter, after, PAGE);
    return {
      domain: name.name,
      records: page.map(recordOf),
      pagination: { hasMore: next !== null, nextCursor: next === null ? null : encodeCursor(next) },
      dnsStatus: dnsStatusOf(zone),
    };
  }
}

/** Each line of a batch by the record change it asks of its domain, or the reason it cannot be asked. */
type Asked<T> = { readonly line: T; readonly changes?: RecordChangesAsked; readonly error?: string };

/**
 * Runs record changes domain by domain: one operation per domain carries every valid line for it, each line answered
 * with its domain's operation (or refusal), a malformed line with its own problem.
 */
const runRecordBatch = async <T extends { domain: string }>(
  lines: readonly T[],
  askedOf: (line: T, zone: string) => RecordChangesAsked,
  change: (name: ReturnType<typeof askedDnsName>, records: RecordChangesAsked) => Promise<{ id: string }>,
): Promise<DnsResult[]> => {
  const answers = new Map<T, DnsResult>();
  for (const [, group] of byDomain(lines, (line) => line.domain)) {
    const asked = group.map((line): Asked<T> => {
      try {
        return { line, changes: askedOf(line, askedDnsName(line.domain).name) };
      } catch (error) {
        return { line, error: error instanceof Error ? error.message : String(error) };
      }
    });
    const valid = asked.filter((item) => item.changes);
    const records: RecordChangesAsked = {
      create: valid.flatMap((item) => item.changes!.create),
      update: valid.flatMap((item) => item.changes!.update),
      delete: valid.flatMap((item) => item.changes!.delete),
    };
    const outcome =
      valid.length === 0
        ? undefined
        : await resultOf(group[0].domain, async () => ({
            operationId: (await change(askedDnsName(group[0].domain), records)).id,
          }));
    for (const item of asked) {
      answers.set(
        item.line,
        item.error !== undefined
          ? { domain: item.line.domain, success: false, error: item.error }
          : { ...outcome!, domain: item.line.domain },
      );
    }
  }
  return lines.map((line) => answers.get(line)!);
};

@Injectable()
export class DnsRecordAddAction implements AgentActionHandler<DnsRecordAddBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_record_add',
    title: 'Add DNS records',
    description:
      "Adds up to 50 DNS record sets to the user's domains (type, subName below the domain or @, values, ttl). The records of one domain are added together by one operation; upsertMode says what to do when the name already has records of the type (append, replace, or disallowed: refused). One result per record, with its domain's operationId; a record the zone refuses fails with why and the other domains go ahead. The operation completes in moments, and our nameservers answer the records.",
    body: DnsRecordAddBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
    answer: 'BulkDnsOperationResponse',
    keyed: true,
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: DnsRecordAddBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const upsert = UPSERT[body.upsertMode ?? 'disallowed'];
    const askedOf = (line: DnsRecordAddLine, zone: string) => {
      const dto = { ...line, ttl: line.ttl ?? DEFAULT_TTL, $upsert: upsert };
      return recordCreateAskedOf(dto as unknown as RecordRequestDto, zone);
    };
    const results = await runRecordBatch(body.records, askedOf, (name, records) =>
      changeDomain(this.commands, accountId, name, 'DOMAIN_DNS_RECORD_CREATE', { records }),
    );
    return bulkAnswer(
      results.map((result, index) => ({ ...result, subName: shownSubName(body.records[index].subName ?? '') })),
    );
  }
}

@Injectable()
export class DnsRecordUpdateAction implements AgentActionHandler<DnsRecordUpdateBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_record_update',
    title: 'Change DNS records',
    description:
      "Replaces the values (and the TTL, when given) of up to 50 of the user's DNS record sets, each named by the domain and the recordId svc_dns_records_list gives. The sets of one domain change together in one operation; one result per record with its domain's operationId or why it was refused.",
    body: DnsRecordUpdateBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
    answer: 'BulkDnsOperationResponse',
    keyed: true,
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: DnsRecordUpdateBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await runRecordBatch(
      body.records,
      (line) => recordUpdateAskedOf(line.recordId, { values: line.values, ttl: line.ttl }),
      (name, records) => changeDomain(this.commands, accountId, name, 'DOMAIN_DNS_RECORD_UPDATE', { records }),
    );
    return bulkAnswer(results);
  }
}

@Injectable()
export class DnsRecordRemoveAction implements AgentActionHandler<DnsRecordRemoveBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_record_remove',
    title: 'Remove DNS records',
    description:
      "Deletes up to 50 of the user's DNS record sets, each named by the domain and the recordId svc_dns_records_list gives. The sets of one domain go together in one operation; one result per record with its domain's operationId or why it was refused.",
    body: DnsRecordRemoveBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
    answer: 'BulkDnsOperationResponse',
    keyed: true,
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: DnsRecordRemoveBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await runRecordBatch(
      body.records,
      (line) => ({ create: [], update: [], delete: [line.recordId] }),
      (name, records) => changeDomain(this.commands, accountId, name, 'DOMAIN_DNS_RECORD_DELETE', { records }),
    );
    return bulkAnswer(results);
  }
}

@Injectable()
export class DnsRecordsRemoveAllAction implements AgentActionHandler<DnsRecordsRemoveAllBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_records_remove_all',
    title: 'Remove every DNS record of domains',
    description:
      "Deletes every DNS record set of up to 50 of the user's domains (confirmDeleteAll: true), in one operation per domain; the read-only addresses of hosted names stay until their hosting is removed. The names stop resolving to anything but their hosting. One result per domain with deletedAll and its operationId (none when there was nothing to delete).",
    body: DnsRecordsRemoveAllBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
    answer: 'BulkDnsOperationResponse',
    keyed: true,
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly names: AccountNames,
  ) {}

  async run(body: DnsRecordsRemoveAllBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsByName(body.domains, async (name) => {
      await this.names.get(accountId, name);
      const zone: DnsZoneRow | undefined = await this.queries.execute(new GetDnsZone(accountId, name.name));
      const ids = (zone?.records ?? []).map((set: RecordSet) => set.id);
      if (ids.length === 0) return { deletedAll: true };
      const records = { create: [], update: [], delete: ids };
      const op = await changeDomain(this.commands, accountId, name, 'DOMAIN_DNS_RECORD_DELETE', { records });
      return { deletedAll: true, operationId: op.id };
    });
    return bulkAnswer(results);
  }
}
