import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { operationList } from './operation-list.projection';
import {
  GetOperationHandler,
  ListOperationsByTimeHandler,
  ListOperationsHandler,
  ListPendingOperationsHandler,
  SearchOperationsHandler,
} from './operation-list.queries';

/**
 * Every operation as its aggregate sees it (shown last: read your writes), and the queries of lists, lookups and
 * pending operations.
 */
@Module({
  providers: [
    GetOperationHandler,
    ListOperationsHandler,
    ListOperationsByTimeHandler,
    ListPendingOperationsHandler,
    SearchOperationsHandler,
  ],
})
export class OperationListModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(operationList);
  }
}
