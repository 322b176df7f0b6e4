import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ExistingOperation } from '../../domain/operations/operation';
import { OperationCommand } from '../../domain/operations/operation.commands';
import { operationDecider } from '../../domain/operations/operation.decider';
import { OperationEvent } from '../../domain/operations/operation.events';
import { NotFound } from '../../domain/shared/errors';
import { CommandContext } from '../shared/command-context';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { OperationFinishers } from './operation-finishers';
import { loadOperation, loadOperationIn } from './operation-streams';
import { releaseOnFinish } from './operation-writes';

export interface OperationChange {
  readonly state: ExistingOperation;
  readonly events: readonly OperationEvent[];
}

/**
 * Applies one operation command (start, complete, fail, resume, cancel...); finishing frees the domain and settles it.
 */
export class ChangeOperation extends Command<OperationChange> {
  constructor(
    readonly operationId: string,
    readonly change: Exclude<OperationCommand, { type: 'RequestOperation' }>,
    readonly context: CommandContext = {},
  ) {
    super();
  }
}

@CommandHandler(ChangeOperation)
export class ChangeOperationHandler implements ICommandHandler<ChangeOperation> {
  constructor(
    private readonly store: EventStore,
    private readonly finishers: OperationFinishers,
  ) {}

  async execute({ operationId, change, context }: ChangeOperation): Promise<OperationChange> {
    const { result, duplicate } = await transact(this.store, context, async (streams) => {
      const op = await loadOperationIn(streams, operationId);
      if (op.state.status === 'NONE') throw new NotFound('operation', operationId);
      const events = operationDecider.decide(change, op.state);
      const state = events.reduce(operationDecider.evolve, op.state) as ExistingOperation;
      const settled = await this.finishers.writesOnFinish(streams, state, events);
      return {
        writes: [writeAfter(op, events), ...(await releaseOnFinish(streams, state, events)), ...settled],
        result: { state, events },
      };
    });
    if (!duplicate) return result;
    return { state: (await loadOperation(this.store, operationId)) as ExistingOperation, events: [] };
  }
}
