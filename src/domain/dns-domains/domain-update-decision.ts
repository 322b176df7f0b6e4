import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { DependencySpec } from '../operations/operation.events';
import { DomainContacts } from '../registry/registry-domain.events';
import { Refused } from '../shared/errors';
import { DnsFlag, DnsFlagState, flagChangeOf, FlagStatus } from './dns-flags';
import { ZoneChangeRequest, zoneDependenciesOf, ZoneFacts } from './zone-change-decision';

export type ContactRole = 'owner' | 'admin' | 'tech' | 'billing';

/** The registry's name of each role: the owner is the registrant. */
const REGISTRY_ROLE: Readonly<Record<ContactRole, keyof DomainContacts>> = {
  owner: 'registrant',
  admin: 'admin',
  tech: 'tech',
  billing: 'billing',
};

/** A contact a change assigns: one of the account's, or one the change creates first (with its dependency id). */
export type RoleAssignment =
  Readonly<{ contactId: string; create: null }> | Readonly<{ contactId: string; create: { dependencyId: string } }>;

export interface DomainUpdateRequest {
  readonly accountId: string;
  readonly operationId: string;
  readonly at: number;
  readonly preview: boolean;
  readonly name: string;
  /** `DOMAIN_FLAGS_UPDATE`, `DOMAIN_CONTACTS_UPDATE`, or `DOMAIN_ADMIN_UPDATE` for both at once. */
  readonly type: string;
  readonly flags: Readonly<Partial<Record<DnsFlag, FlagStatus>>>;
  readonly contacts: Readonly<Partial<Record<ContactRole, RoleAssignment>>>;
  readonly flagsDependencyId: string;
  readonly contactsDependencyId: string;
  /** Records, nameservers and DNSSEC to change; null when the operation leaves the zone alone. */
  readonly zone: ZoneChangeRequest | null;
}

export interface DomainUpdateFacts {
  readonly flags: Readonly<Record<DnsFlag, DnsFlagState>>;
  /** The contacts the registry holds for the name now. */
  readonly contacts: DomainContacts;
  /** The name's zone now; null for a name without one (registered before zones were kept). */
  readonly zone: ZoneFacts | null;
}

/**
 * `PATCH /domains/{name}` (and its `/flags`, `/dns/contacts`, `/dns/records`, `/dns/nameservers` and `/dns/security`
 * parts) changes flags, contacts, nameservers, DNSSEC and records in one operation: `CONTACT_CREATE` for each inline
 * contact, then `DOMAIN_DNS_CONTACT_SET`, `DOMAIN_SET_NAMESERVERS`, `DOMAIN_DNS_SECURITY_*` and
 * `DOMAIN_FLAG_LOCK_UPDATE` (the flags first when they lift `clientUpdateProhibited`, last when they set it, since
 * the registry refuses contact, nameserver and DS changes while it holds), then the record changes. Refused: a flag
 * asked to change while read-only, contacts, nameservers or DNSSEC while the name is read-only or `DNS_UPDATE` stays
 * off, changes the zone cannot take (VALIDATION, or as `zoneDependenciesOf` refuses), nothing to change (NO_CHANGE).
 */
/** Zone changes the registry makes (delegation and DS records), which `clientUpdateProhibited` stops. */
const REGISTRY_CHANGES: ReadonlySet<string> = new Set([
  'DOMAIN_SET_NAMESERVERS',
  'DOMAIN_DNS_SECURITY_SET_DNSSEC',
  'DOMAIN_DNS_SECURITY_DELETE_DNSSEC',
]);

export const decideDomainUpdate = (
  request: DomainUpdateRequest,
  facts: DomainUpdateFacts,
  states: { readonly operation: Operation; readonly activity: DomainActivity },
): OperationRequestDecision => {
  const roles = (Object.keys(request.contacts) as ContactRole[]).filter(
    (role) => request.contacts[role]!.contactId !== facts.contacts[REGISTRY_ROLE[role]],
  );
  const change = flagChangeOf(facts.flags, request.flags);
  const zone = zoneDependenciesFor(request, facts);
  if (!change && roles.length === 0 && zone.length === 0) {
    throw new Refused('NO_CHANGE', 'the domain already has what was asked for');
  }
  const unlocks = change?.DNS_UPDATE === false;
  // nameservers and DS records are the registry's to change, and wait for DNS_UPDATE as contacts do
  const nameservers = zone.filter((dependency) => REGISTRY_CHANGES.has(dependency.type));
  if (roles.length > 0 || nameservers.length > 0) {
    const update = facts.flags.DNS_UPDATE;
    const reasons = update.readonlyReasons.map((reason) => reason.message);
    if (reasons.length > 0 || (update.status === 'DISABLED' && !unlocks)) {
      const what = roles.length > 0 ? 'contacts' : 'nameservers and DNSSEC';
      throw new Refused('VALIDATION', `${what}: ${reasons.join(', ') || 'DNS_UPDATE is off: turn it on first'}`);
    }
  }
  // records and hosting are ours alone: after whatever the registry must do
  const records = zone.filter((dependency) => !REGISTRY_CHANGES.has(dependency.type));
  const creates: DependencySpec[] = roles.flatMap((role) => {
    const { contactId, create } = request.contacts[role]!;
    return create
      ? [{ id: create.dependencyId, type: 'CONTACT_CREATE', parameters: { purposes: [role.toUpperCase()], contactId } }]
      : [];
  });
  const setContacts: DependencySpec[] =
    roles.length > 0
      ? [
          {
            id: request.contactsDependencyId,
            type: 'DOMAIN_DNS_CONTACT_SET',
            parameters: Object.fromEntries(
              roles.map((role) => {
                const { contactId, create } = request.contacts[role]!;
                // a new contact's id too: several roles may each get a new one
                return [role, { new: create !== null, id: contactId }];
              }),
            ),
          },
        ]
      : [];
  const setFlags: DependencySpec[] = change
    ? [{ id: request.flagsDependencyId, type: 'DOMAIN_FLAG_LOCK_UPDATE', parameters: { locks: change } }]
    : [];
  return requestOperation(
    {
      operationId: request.operationId,
      accountId: request.accountId,
      surface: 'reseller',
      type: request.type,
      domain: request.name,
      preview: request.preview,
      validUntil: null,
      dependencies: [
        ...creates,
        ...(unlocks ? [...setFlags, ...setContacts, ...nameservers] : [...setContacts, ...nameservers, ...setFlags]),
        ...records,
      ],
      at: request.at,
    },
    states.operation,
    states.activity,
  );
};

const zoneDependenciesFor = (request: DomainUpdateRequest, facts: DomainUpdateFacts): DependencySpec[] => {
  if (!request.zone) return [];
  if (!facts.zone) throw new Refused('VALIDATION', `${request.name} has no DNS zone here: register it again`);
  return zoneDependenciesOf(request.zone, facts.zone);
};
