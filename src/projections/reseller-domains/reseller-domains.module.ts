import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { resellerDomains } from './reseller-domains.projection';
import { ListResellerDomainsHandler } from './reseller-domains.queries';

/** A reseller's names, for `GET /account/domain-registrations`. */
@Module({ providers: [ListResellerDomainsHandler] })
export class ResellerDomainsModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(resellerDomains);
  }
}
