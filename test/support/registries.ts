import { EventStore } from '../../src/application/shared/event-store.port';
import { handleCommand } from '../../src/application/shared/handle-command';
import { registryDomainDecider } from '../../src/domain/registry/registry-domain.decider';
import { registryDomainStream } from '../../src/domain/registry/registry-domain.events';
import { OTHER_REGISTRAR } from '../../src/infrastructure/registry/sandbox-seeding';
import { DEFAULT_SANDBOX_CATALOGUE } from '../../src/infrastructure/registry/sandbox-catalogue';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { SandboxRegistryClock } from '../../src/infrastructure/registry/sandbox-registry-clock';
import { EVENT_STORE_ADAPTERS } from './event-stores';
import { TestClock } from './test-clock';

export interface RegistryUnderTest {
  /** The sandbox, whose operator calls stand in for the other registrar and for time passing. */
  readonly registry: SandboxRegistry;
  close(): Promise<void>;
}

/** The sandbox registry on every event store; contract suites of the Registry port run once per entry. */
export const REGISTRY_ADAPTERS: [string, () => Promise<RegistryUnderTest>][] = EVENT_STORE_ADAPTERS.map(
  ([storeName, open]) => [
    `sandbox on ${storeName}`,
    async () => {
      const { store, close } = await open();
      return {
        registry: new SandboxRegistry(
          store,
          new SandboxRegistryClock(store, new TestClock()),
          DEFAULT_SANDBOX_CATALOGUE,
          'domain-engine',
        ),
        close,
      };
    },
  ],
);

/**
 * Another registrar registers `name` at the sandbox registry for a year from `at` (the registry's clock): what a
 * customer finds between checking a name and our worker registering it.
 */
export const registeredElsewhere = async (store: EventStore, name: string, at: number): Promise<void> => {
  await handleCommand(store, registryDomainStream(name), registryDomainDecider, {
    type: 'CreateRegistryDomain',
    data: {
      name,
      sponsor: OTHER_REGISTRAR,
      years: 1,
      authInfoDigest: 'elsewhere',
      contacts: { registrant: 'o-1', admin: 'o-1', tech: 'o-1', billing: 'o-1' },
      nameservers: [],
      at,
    },
  });
};
