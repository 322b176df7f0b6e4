import { Global, Module, OnModuleInit } from '@nestjs/common';
import { AutoRenewalIndex } from '../../application/commerce/auto-renewal-index.port';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { DocumentAutoRenewalIndex } from './auto-renewal-index';
import { autoRenewalList } from './auto-renewals.projection';

/** Which names' auto-renewals are on, across accounts, for the runner that renews them. */
@Global()
@Module({
  providers: [{ provide: AutoRenewalIndex, useClass: DocumentAutoRenewalIndex }],
  exports: [AutoRenewalIndex],
})
export class AutoRenewalsModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(autoRenewalList);
  }
}
