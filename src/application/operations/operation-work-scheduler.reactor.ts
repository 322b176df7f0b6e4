import { Injectable } from '@nestjs/common';
import { ExistingOperation, runnableDependency } from '../../domain/operations/operation';
import { OPERATION_EVENT_TYPES, OperationEvent } from '../../domain/operations/operation.events';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { Reactor } from '../shared/projection';
import { OperationMetrics } from './operation-metrics.port';
import { loadOperation } from './operation-streams';
import { WorkQueue } from './work-queue.port';

/**
 * Keeps the work queue equal to what operations can run now. It looks at each touched operation as it is now,
 * not as the event said, so a late or repeated delivery never schedules stale work.
 */
@Injectable()
export class OperationWorkScheduler implements Reactor<OperationEvent> {
  readonly name = 'operation-work-scheduler';
  readonly handles = OPERATION_EVENT_TYPES;

  constructor(
    private readonly store: EventStore,
    private readonly queue: WorkQueue,
    private readonly metrics: OperationMetrics,
  ) {}

  async react(events: readonly StoredEvent<OperationEvent>[]): Promise<void> {
    const operationIds = [...new Set(events.map((event) => event.data.operationId))];
    for (const operationId of operationIds) {
      const state = await loadOperation(this.store, operationId);
      const next = runnableDependency(state);
      await this.queue.schedule(operationId, next ? { dependencyId: next.id, runAfter: next.retryAt } : null);
      const finish = events.find(
        (event) => event.type === 'OperationFinished' && event.data.operationId === operationId,
      );
      if (finish && state.status !== 'NONE') this.observe(state, finish.data.at);
    }
  }

  private observe(op: ExistingOperation, finishedAt: number): void {
    this.metrics.operationFinished(op.type, op.status, Math.max(0, finishedAt - op.createdAt) / 1000);
  }
}
