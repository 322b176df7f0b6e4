import { decidedOperation, zoneChangeOf } from '../../../test/support/operation-events';
import { decisionSpec, exactly } from '../../../test/support/decision-spec';
import { domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { DependencySpec } from '../operations/operation.events';
import { RegistryPhase } from '../registry/registry-domain';
import { ConcurrentOperation, Refused } from '../shared/errors';
import { dnsFlagsOf } from './dns-flags';
import { decideDomainUpdate, DomainUpdateFacts, DomainUpdateRequest } from './domain-update-decision';
import { ZoneChangeRequest, ZoneFacts } from './zone-change-decision';

const at = Date.UTC(2026, 10, 23);
const name = 'fresh.com';
const flagsWith = (statuses: string[], phase: RegistryPhase = 'ACTIVE') =>
  dnsFlagsOf({
    statuses,
    phase,
    createdAt: at - 90 * 86_400_000,
    transferredAt: null,
    whoisProxy: true,
    now: at,
  });
const zone: ZoneFacts = { records: [], nameservers: null, signed: false, dsPublished: false, hosted: [] };
const facts: DomainUpdateFacts = {
  flags: flagsWith([]),
  contacts: { registrant: 'con_r', admin: 'con_a', tech: 'con_t', billing: 'con_b' },
  zone,
};
const request: DomainUpdateRequest = {
  accountId: 'acc-1',
  operationId: 'op-1',
  at,
  preview: false,
  name,
  type: 'DOMAIN_ADMIN_UPDATE',
  flags: {},
  contacts: {},
  flagsDependencyId: 'plop_flags',
  contactsDependencyId: 'plop_contacts',
  zone: null,
};
const zoneChange = (change: Partial<ZoneChangeRequest>) =>
  zoneChangeOf(name, { recordDependencyIds: { update: [], delete: ['plop_delete'] }, ...change });
const updating = (asked: Partial<DomainUpdateRequest>, known: Partial<DomainUpdateFacts> = {}) => ({
  request: { ...request, ...asked },
  facts: { ...facts, ...known },
});

const { requested, started } = decidedOperation({
  operationId: 'op-1',
  accountId: 'acc-1',
  surface: 'reseller',
  type: 'DOMAIN_ADMIN_UPDATE',
  domain: name,
  at,
});
const setContacts = (parameters: DependencySpec['parameters']): DependencySpec => ({
  id: 'plop_contacts',
  type: 'DOMAIN_DNS_CONTACT_SET',
  parameters,
});
const setFlags = (locks: DependencySpec['parameters']): DependencySpec => ({
  id: 'plop_flags',
  type: 'DOMAIN_FLAG_LOCK_UPDATE',
  parameters: { locks },
});
const setNameservers: DependencySpec = {
  id: 'plop_ns',
  type: 'DOMAIN_SET_NAMESERVERS',
  parameters: { items: ['ns1.example.net'] },
};
const nameservers = zoneChange({ nameservers: { hosts: ['ns1.example.net'], ds: [] } });
const txt = { id: 'rr-00000000-0000-4000-8000-000000000001', subName: 'txt', type: 'TXT' as const, values: ['x'] };
const deleteTxt = zoneChange({ records: { create: [], update: [], delete: [txt.id] } });
const deleteTxtDependency: DependencySpec = {
  id: 'plop_delete',
  type: 'DNS_RECORD_DELETE',
  parameters: { id: txt.id },
};
const withTxt = { zone: { ...zone, records: [{ ...txt, ttl: 300 }] } };

describe('deciding a domain update', () => {
  const given = decisionSpec(
    { operation: operationDecider, activity: domainActivityDecider },
    ({ request: asked, facts: known }: ReturnType<typeof updating>, states) => decideDomainUpdate(asked, known, states),
  );
  const refused = (message: string) => ({ code: 'VALIDATION', message: exactly(message), context: {} }) as const;

  describe('contacts', () => {
    it('creates new contacts first, then assigns every role that changes', () =>
      given()
        .when(
          updating({
            contacts: {
              owner: { contactId: 'con_o', create: { dependencyId: 'plop_o' } },
              admin: { contactId: 'con_a', create: null },
              tech: { contactId: 'con_n', create: { dependencyId: 'plop_t' } },
              billing: { contactId: 'con_x', create: null },
            },
          }),
        )
        .then({
          operation: [
            requested([
              { id: 'plop_o', type: 'CONTACT_CREATE', parameters: { purposes: ['OWNER'], contactId: 'con_o' } },
              { id: 'plop_t', type: 'CONTACT_CREATE', parameters: { purposes: ['TECH'], contactId: 'con_n' } },
              setContacts({
                owner: { new: true, id: 'con_o' },
                tech: { new: true, id: 'con_n' },
                billing: { new: false, id: 'con_x' },
              }),
            ]),
          ],
          activity: [started()],
        }));

    it('takes the registry’s contact of each role as the one it has', () => {
      for (const [role, contactId] of [
        ['owner', 'con_r'],
        ['admin', 'con_a'],
        ['tech', 'con_t'],
        ['billing', 'con_b'],
      ] as const) {
        given()
          .when(updating({ contacts: { [role]: { contactId, create: null } } }))
          .thenThrows(Refused, {
            code: 'NO_CHANGE',
            message: exactly('the domain already has what was asked for'),
            context: {},
          });
      }
    });

    it('sets contacts before a lock that would refuse them, and after the unlock that allows them', () => {
      const admin = { admin: { contactId: 'con_x', create: null } };
      given()
        .when(updating({ contacts: admin, flags: { DNS_UPDATE: 'DISABLED' } }))
        .then({
          operation: [requested([setContacts({ admin: { new: false, id: 'con_x' } }), setFlags({ DNS_UPDATE: true })])],
          activity: [started()],
        });
      given()
        .when(
          updating(
            { contacts: admin, flags: { DNS_UPDATE: 'ENABLED' } },
            { flags: flagsWith(['clientUpdateProhibited']) },
          ),
        )
        .then({
          operation: [
            requested([setFlags({ DNS_UPDATE: false }), setContacts({ admin: { new: false, id: 'con_x' } })]),
          ],
          activity: [started()],
        });
    });

    it('refuses contacts while DNS_UPDATE stays off', () => {
      const admin = { admin: { contactId: 'con_x', create: null } };
      const locked = { flags: flagsWith(['clientUpdateProhibited']) };
      given()
        .when(updating({ contacts: admin }, locked))
        .thenThrows(Refused, refused('contacts: DNS_UPDATE is off: turn it on first'));
      given()
        .when(updating({ contacts: admin, flags: { DNS_RENEW: 'DISABLED' } }, locked))
        .thenThrows(Refused, refused('contacts: DNS_UPDATE is off: turn it on first'));
    });

    it('refuses contacts while the name is read-only, saying why', () =>
      given()
        .when(
          updating(
            { contacts: { tech: { contactId: 'con_x', create: null } } },
            { flags: flagsWith(['pendingTransfer'], 'REDEMPTION') },
          ),
        )
        .thenThrows(
          Refused,
          refused(
            'contacts: the name is past its grace period: only a renewal restores it, a transfer of the name is pending',
          ),
        ));
  });

  describe('flags', () => {
    it('changes the flags asked to change, as the operation’s type says', () =>
      given()
        .when(updating({ type: 'DOMAIN_FLAGS_UPDATE', flags: { DNS_RENEW: 'DISABLED', DNS_DELETE: 'ENABLED' } }))
        .then({
          operation: [requested([setFlags({ DNS_RENEW: true })], { type: 'DOMAIN_FLAGS_UPDATE' })],
          activity: [started()],
        }));

    it('refuses a change to nothing', () =>
      given()
        .when(updating({ contacts: { tech: { contactId: 'con_t', create: null } }, flags: { DNS_RENEW: 'ENABLED' } }))
        .thenThrows(Refused, {
          code: 'NO_CHANGE',
          message: exactly('the domain already has what was asked for'),
          context: {},
        }));
  });

  describe('the zone', () => {
    it('delegates and signs as contacts are set: before a lock, after an unlock', () => {
      given()
        .when(updating({ zone: nameservers, flags: { DNS_UPDATE: 'DISABLED' } }))
        .then({ operation: [requested([setNameservers, setFlags({ DNS_UPDATE: true })])], activity: [started()] });
      given()
        .when(
          updating(
            { zone: zoneChange({ dnssec: true }), flags: { DNS_UPDATE: 'ENABLED' } },
            { flags: flagsWith(['clientUpdateProhibited']) },
          ),
        )
        .then({
          operation: [
            requested([
              setFlags({ DNS_UPDATE: false }),
              { id: 'plop_dnssec', type: 'DOMAIN_DNS_SECURITY_SET_DNSSEC', parameters: { domain: name } },
            ]),
          ],
          activity: [started()],
        });
    });

    it('refuses nameservers and DNSSEC while DNS_UPDATE stays off', () => {
      const locked = { flags: flagsWith(['clientUpdateProhibited']) };
      const off = refused('nameservers and DNSSEC: DNS_UPDATE is off: turn it on first');
      given()
        .when(updating({ zone: nameservers }, locked))
        .thenThrows(Refused, off);
      given()
        .when(updating({ zone: zoneChange({ dnssec: true }) }, locked))
        .thenThrows(Refused, off);
      given()
        .when(updating({ zone: zoneChange({ dnssec: false }) }, { ...locked, zone: { ...zone, signed: true } }))
        .thenThrows(Refused, off);
    });

    it('refuses contacts first when both wait for DNS_UPDATE', () =>
      given()
        .when(
          updating(
            { zone: nameservers, contacts: { tech: { contactId: 'con_x', create: null } } },
            { flags: flagsWith(['pendingTransfer']) },
          ),
        )
        .thenThrows(Refused, refused('contacts: a transfer of the name is pending')));

    it('changes records while DNS_UPDATE is off, after the flags, as they are ours', () => {
      given()
        .when(updating({ zone: deleteTxt }, { ...withTxt, flags: flagsWith(['clientUpdateProhibited']) }))
        .then({ operation: [requested([deleteTxtDependency])], activity: [started()] });
      given()
        .when(updating({ zone: deleteTxt, flags: { DNS_UPDATE: 'DISABLED' } }, withTxt))
        .then({ operation: [requested([setFlags({ DNS_UPDATE: true }), deleteTxtDependency])], activity: [started()] });
    });

    it('refuses a zone change to a name that has no zone here', () =>
      given()
        .when(updating({ zone: deleteTxt }, { zone: null }))
        .thenThrows(Refused, refused('fresh.com has no DNS zone here: register it again')));

    it('refuses a zone change that changes nothing', () =>
      given()
        .when(updating({ zone: zoneChange({ dnssec: false }) }))
        .thenThrows(Refused, {
          code: 'NO_CHANGE',
          message: exactly('the domain already has what was asked for'),
          context: {},
        }));
  });

  describe('its other refusals', () => {
    it('refuses a domain another operation holds', () =>
      given({ activity: [started('op-0', 'acc-2')] })
        .when(updating({ flags: { DNS_RENEW: 'DISABLED' } }))
        .thenThrows(ConcurrentOperation, {
          code: 'CONCURRENT_OPERATION',
          message: exactly('domain fresh.com has an unfinished operation'),
          context: { domain: name },
        }));
  });

  describe('a preview', () => {
    it('stores its operation alone, and holds nothing', () =>
      given()
        .when(updating({ preview: true, flags: { DNS_RENEW: 'DISABLED' } }))
        .then({ operation: [requested([setFlags({ DNS_RENEW: true })], { preview: true })] }));
  });
});
