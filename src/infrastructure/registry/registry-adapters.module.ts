import { Global, Module } from '@nestjs/common';
import { Registry } from '../../application/registry/registry.port';
import { SellerListings } from '../../application/dns-domains/seller-listings.port';
import { Clock } from '../../application/shared/clock';
import { EventStore } from '../../application/shared/event-store.port';
import { AppConfig } from '../config/config';
import { SeededSellerListings } from '../marketplace/seeded-seller-listings';
import { SandboxMarketplaces } from '../marketplace/sandbox-marketplaces';
import { ExternalMarketplaces } from '../../application/commerce/external-marketplaces.port';
import { DEFAULT_SANDBOX_CATALOGUE } from './sandbox-catalogue';
import { SandboxRegistry } from './sandbox-registry';
import { SandboxRegistryClock } from './sandbox-registry-clock';

/**
 * The registry surface D registers names at (the embedded sandbox registry, in the service's own event store) and
 * the external marketplaces its names may be listed on and bought from (a seeded catalogue and its brokers). An
 * adapter that speaks EPP over TLS to a real registry would be chosen here by configuration; nothing else changes.
 */
@Global()
@Module({
  providers: [
    {
      provide: SandboxRegistry,
      useFactory: (store: EventStore, clock: Clock, { values }: AppConfig) =>
        new SandboxRegistry(
          store,
          new SandboxRegistryClock(store, clock),
          DEFAULT_SANDBOX_CATALOGUE,
          values.registrarId,
        ),
      inject: [EventStore, Clock, AppConfig],
    },
    { provide: Registry, useExisting: SandboxRegistry },
    {
      provide: SellerListings,
      useFactory: (store: EventStore) => new SeededSellerListings(store),
      inject: [EventStore],
    },
    {
      provide: ExternalMarketplaces,
      useFactory: (store: EventStore, listings: SellerListings, clock: Clock) =>
        new SandboxMarketplaces(store, listings, DEFAULT_SANDBOX_CATALOGUE, clock),
      inject: [EventStore, SellerListings, Clock],
    },
  ],
  exports: [Registry, SandboxRegistry, SellerListings, ExternalMarketplaces],
})
export class RegistryAdaptersModule {}
