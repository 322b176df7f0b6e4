import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContactDetails } from '../../domain/dns-domains/contact-rules';
import { DnsFlag, FlagStatus } from '../../domain/dns-domains/dns-flags';
import { DsRecord } from '../../domain/dns-domains/dns-setup';
import { dnsZoneDecider, dnsZoneStream } from '../../domain/dns-domains/dns-zone';
import { dsOf } from '../../domain/dns-domains/zone-signing-key';
import { ContactRole, decideDomainUpdate, RoleAssignment } from '../../domain/dns-domains/domain-update-decision';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { SecondLevelName } from '../../domain/shared/names';
import { SecretBox } from '../identity/identity.ports';
import { loadRequestStreams, requestStatesOf, requestWrites } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact } from '../shared/handle-command';
import { AccountNames } from './account-names';
import { assertContactsOf } from './contact.queries';
import { newContactWrite } from './create-contact.command';
import { flagsOf } from './domain-flags';
import { RegistrantOf } from './register-domain.command';
import { ZoneAsked, zoneRequestOf } from './zone-requests';

/** What `PATCH /domains/{name}` (or one of its parts: flags, contacts, records, nameservers) asks to change. */
export interface DomainChanges extends ZoneAsked {
  readonly flags: Readonly<Partial<Record<DnsFlag, FlagStatus>>>;
  /** Each role's contact: one of the account's by id, or the details of a new one. */
  readonly contacts: Readonly<Partial<Record<ContactRole, RegistrantOf>>>;
}

/** Operation types of changes to a name: the spec's pending-operation types, one per route. */
export type DomainChangeType =
  | 'DOMAIN_FLAGS_UPDATE'
  | 'DOMAIN_CONTACTS_UPDATE'
  | 'DOMAIN_ADMIN_UPDATE'
  | 'DOMAIN_DNS_RECORD_CREATE'
  | 'DOMAIN_DNS_RECORD_UPDATE'
  | 'DOMAIN_DNS_RECORD_DELETE'
  | 'DOMAIN_DNS_RECORD_BATCH'
  | 'DOMAIN_DNS_NAME_SERVER_UPDATE'
  | 'DOMAIN_DNS_SECURITY_ENABLE'
  | 'DOMAIN_DNS_SECURITY_DELETE'
  | 'DOMAIN_HOSTING_UPDATE'
  | 'DOMAIN_HOSTING_DISABLE';

/** Flags, contacts, nameservers and records of one of the account's names, changed in one operation of `type`. */
export class UpdateDnsDomain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
    readonly type: DomainChangeType,
    readonly changes: DomainChanges,
    readonly preview: boolean,
  ) {
    super();
  }
}

/** Whether the registry publishes `ds` (compared field by field: stored JSON keeps no key order). */
const publishes = (published: readonly DsRecord[], ds: DsRecord): boolean =>
  published.some(
    (item) =>
      item.keyTag === ds.keyTag &&
      item.algorithm === ds.algorithm &&
      item.digestType === ds.digestType &&
      item.digest.toLowerCase() === ds.digest,
  );

@CommandHandler(UpdateDnsDomain)
export class UpdateDnsDomainHandler implements ICommandHandler<UpdateDnsDomain> {
  constructor(
    private readonly store: EventStore,
    private readonly names: AccountNames,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, name, type, changes, preview }: UpdateDnsDomain): Promise<ExistingOperation> {
    // refused at once for a name that is not the account's; read again below, after the name's activity
    await this.names.get(accountId, name);
    const byRole = Object.entries(changes.contacts) as [ContactRole, RegistrantOf][];
    await assertContactsOf(
      this.store,
      accountId,
      byRole.flatMap(([, contact]) => ('contactId' in contact ? [contact.contactId] : [])),
    );
    const inline = new Map<ContactRole, ContactDetails>(
      byRole.flatMap(([role, contact]) => ('details' in contact ? [[role, contact.details]] : [])),
    );
    const contacts = Object.fromEntries(
      byRole.map(([role, contact]): [ContactRole, RoleAssignment] =>
        'contactId' in contact
          ? [role, { contactId: contact.contactId, create: null }]
          : [role, { contactId: newId('contact'), create: { dependencyId: newId('platformDependency') } }],
      ),
    );
    const request = {
      accountId,
      operationId: keyedRequests.newOperationId(),
      at: this.clock.now(),
      preview,
      name: name.name,
      type,
      flags: changes.flags,
      contacts,
      flagsDependencyId: newId('platformDependency'),
      contactsDependencyId: newId('platformDependency'),
      zone: zoneRequestOf(name.name, changes),
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const requested = await loadRequestStreams(streams, request.operationId, name.name);
      // the name's flags, contacts and DS records are read after its activity, at each attempt: an update that
      // finished while this one waited to try again shows in them
      const mine = await this.names.get(accountId, name);
      const { state: zone } = await streams.load(dnsZoneStream(name.name), dnsZoneDecider);
      const facts = {
        flags: flagsOf(mine),
        contacts: mine.info.contacts!, // our names show their contacts
        zone:
          zone.status === 'OPEN'
            ? {
                ...zone,
                signed: zone.signing !== null && zone.signing.retiresAt === undefined,
                dsPublished: zone.signing !== null && publishes(mine.info.ds, dsOf(name.name, zone.signing)),
                hosted: zone.hosting.map((site) => site.subName),
              }
            : null,
      };
      const decision = decideDomainUpdate(request, facts, requestStatesOf(requested));
      // inline contacts are stored with the operation that uses them, usable (and mailed) at once
      const created = preview
        ? []
        : await Promise.all(
            [...inline].map(([role, details]) =>
              newContactWrite(streams, this.box, {
                contactId: contacts[role].contactId,
                accountId,
                details,
                at: request.at,
              }),
            ),
          );
      return { writes: [...requestWrites(requested, decision), ...created], result: decision.state };
    });
    return result;
  }
}
