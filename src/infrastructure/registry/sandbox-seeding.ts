import { RegistryDomainEvent } from '../../domain/registry/registry-domain.events';
import { registryDomainDecider } from '../../domain/registry/registry-domain.decider';

/** The registrar that sponsors the seeded names, and answers transfers of them through the operator's calls. */
export const OTHER_REGISTRAR = 'sandbox-other-registrar';

/**
 * How a seeded name comes to be registered to the other registrar: created three years before `now` for four
 * years (so it is past every lock and far from expiry), with its transfer lock if it has one. Decided by the
 * registry's own rules, like any name.
 */
export const seededEventsOf = (
  name: string,
  seeded: { readonly authInfoDigest: string; readonly transferLocked: boolean },
  now: number,
): RegistryDomainEvent[] => {
  const today = new Date(now);
  const at = Date.UTC(today.getUTCFullYear() - 3, today.getUTCMonth(), Math.min(today.getUTCDate(), 28));
  const sponsor = OTHER_REGISTRAR;
  const handle = 'sandbox-other-contact';
  const created = registryDomainDecider.decide(
    {
      type: 'CreateRegistryDomain',
      data: {
        name,
        sponsor,
        years: 4,
        authInfoDigest: seeded.authInfoDigest,
        contacts: { registrant: handle, admin: handle, tech: handle, billing: handle },
        nameservers: ['ns1.sandbox-other-registrar.test', 'ns2.sandbox-other-registrar.test'],
        at,
      },
    },
    registryDomainDecider.initialState(),
  );
  if (!seeded.transferLocked) return created;
  const locked = registryDomainDecider.decide(
    { type: 'UpdateRegistryDomain', data: { name, sponsor, add: ['clientTransferProhibited'], at } },
    created.reduce(registryDomainDecider.evolve, registryDomainDecider.initialState()),
  );
  return [...created, ...locked];
};
