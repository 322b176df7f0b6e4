import { domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { dnsFlagsOf } from './dns-flags';
import { decideDomainUpdate, DomainUpdateRequest } from './domain-update-decision';

const at = Date.UTC(2026, 10, 23);
const flagsWith = (statuses: string[]) =>
  dnsFlagsOf({
    statuses,
    phase: 'ACTIVE',
    createdAt: at - 90 * 86_400_000,
    transferredAt: null,
    whoisProxy: true,
    now: at,
  });
const contacts = { registrant: 'con_a', admin: 'con_a', tech: 'con_a', billing: 'con_a' };
const request: DomainUpdateRequest = {
  accountId: 'acc-1',
  operationId: 'op-1',
  at,
  preview: false,
  name: 'fresh.com',
  type: 'DOMAIN_ADMIN_UPDATE',
  flags: {},
  contacts: {},
  flagsDependencyId: 'plop_flags',
  contactsDependencyId: 'plop_contacts',
  zone: null,
};
const states = { operation: operationDecider.initialState(), activity: domainActivityDecider.initialState() };
const dependenciesOf = (asked: Partial<DomainUpdateRequest>, statuses: string[] = []) =>
  decideDomainUpdate(
    { ...request, ...asked },
    { flags: flagsWith(statuses), contacts, zone: null },
    states,
  ).state.dependencies.map(({ type, parameters }) => [type, parameters]);

describe('domain update decision', () => {
  it('creates new contacts first, then assigns every role that changes', () => {
    expect(
      dependenciesOf({
        contacts: {
          owner: { contactId: 'con_a', create: null },
          tech: { contactId: 'con_t', create: { dependencyId: 'plop_t' } },
          billing: { contactId: 'con_b', create: null },
        },
      }),
    ).toEqual([
      ['CONTACT_CREATE', { purposes: ['TECH'], contactId: 'con_t' }],
      ['DOMAIN_DNS_CONTACT_SET', { tech: { new: true, id: 'con_t' }, billing: { new: false, id: 'con_b' } }],
    ]);
  });

  it('sets contacts before a lock that would refuse them, and after the unlock that allows them', () => {
    const admin = { admin: { contactId: 'con_b', create: null } };
    expect(dependenciesOf({ contacts: admin, flags: { DNS_UPDATE: 'DISABLED' } }).map(([type]) => type)).toEqual([
      'DOMAIN_DNS_CONTACT_SET',
      'DOMAIN_FLAG_LOCK_UPDATE',
    ]);
    expect(
      dependenciesOf({ contacts: admin, flags: { DNS_UPDATE: 'ENABLED' } }, ['clientUpdateProhibited']).map(
        ([type]) => type,
      ),
    ).toEqual(['DOMAIN_FLAG_LOCK_UPDATE', 'DOMAIN_DNS_CONTACT_SET']);
    expect(() => dependenciesOf({ contacts: admin }, ['clientUpdateProhibited'])).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringMatching(/DNS_UPDATE is off/) }),
    );
  });

  it('refuses a change to nothing', () => {
    expect(() =>
      dependenciesOf({ contacts: { tech: { contactId: 'con_a', create: null } }, flags: { DNS_RENEW: 'ENABLED' } }),
    ).toThrow(expect.objectContaining({ code: 'NO_CHANGE' }));
  });

  it('refuses contacts while a transfer is pending', () => {
    expect(() =>
      dependenciesOf({ contacts: { tech: { contactId: 'con_b', create: null } } }, ['pendingTransfer']),
    ).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: expect.stringMatching(/a transfer of the name is pending/),
      }),
    );
  });
});
