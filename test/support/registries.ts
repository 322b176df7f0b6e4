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
