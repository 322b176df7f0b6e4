import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { LeasedWorkRegistry } from '../shared/leased-work-registry';
import { ChangeOperationHandler } from './change-operation.command';
import { OperationWorkScheduler } from './operation-work-scheduler.reactor';
import { OperationWorkers } from './operation-workers';
import { RequestOperationHandler } from './request-operation.command';

/**
 * The operation engine's commands, its work scheduler and its workers (the operation read model: OperationListModule).
 */
@Module({
  providers: [RequestOperationHandler, ChangeOperationHandler, OperationWorkScheduler, OperationWorkers],
})
export class OperationsModule implements OnModuleInit {
  constructor(
    private readonly registry: ConsumerRegistry,
    private readonly scheduler: OperationWorkScheduler,
    private readonly work: LeasedWorkRegistry,
    private readonly workers: OperationWorkers,
  ) {}

  onModuleInit(): void {
    this.registry.addReactor(this.scheduler);
    this.work.add(this.workers);
  }
}
