import { Global, Module, OnModuleInit } from '@nestjs/common';
import { BackorderReleaseIndex } from '../../application/commerce/backorder-release-index.port';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { backorderList } from './backorder-list.projection';
import { DocumentBackorderReleaseIndex } from './backorder-release-index';
import { dropList } from './drop-list.projection';
import { ListBackordersHandler, ListExpiringNamesHandler } from './drops.queries';

/** The registry's names on their way out, with their backorders, and each account's backorders. */
@Global()
@Module({
  providers: [
    ListExpiringNamesHandler,
    ListBackordersHandler,
    { provide: BackorderReleaseIndex, useClass: DocumentBackorderReleaseIndex },
  ],
  exports: [BackorderReleaseIndex],
})
export class DropsModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(dropList);
    this.registry.addProjection(backorderList);
  }
}
