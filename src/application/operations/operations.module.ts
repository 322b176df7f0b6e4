import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { operationList } from '../../projections/operation-list/operation-list.projection';
import { GetOperationHandler, ListOperationsHandler, ListPendingOperationsHandler } from '../../projections/operation-list/operation-list.queries';
import { ChangeOperationHandler } from './change-operation.command';
import { OperationWorkScheduler } from './operation-work-scheduler.reactor';
import { RequestOperationHandler } from './request-operation.command';

/** The operation engine's commands, its work scheduler and the operation read model. */
@Module({
  providers: [
    RequestOperationHandler,
    ChangeOperationHandler,
    OperationWorkScheduler,
    GetOperationHandler,
    ListOperationsHandler,
    ListPendingOperationsHandler,
  ],
})
export class OperationsModule implements OnModuleInit {
  constructor(
    private readonly registry: ConsumerRegistry,
    private readonly scheduler: OperationWorkScheduler,
  ) {}

  onModuleInit(): void {
    this.registry.addProjection(operationList);
    this.registry.addReactor(this.scheduler);
  }
}
