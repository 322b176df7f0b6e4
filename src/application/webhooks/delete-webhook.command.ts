import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ExistingOperation } from '../../domain/operations/operation';
import { OperationSurface } from '../../domain/operations/operation.events';
import { newId } from '../../domain/shared/ids';
import { webhooksStream } from '../../domain/webhooks/webhook.events';
import { webhookOf } from '../../domain/webhooks/webhooks';
import { webhooksDecider } from '../../domain/webhooks/webhooks.decider';
import { Clock } from '../shared/clock';
import { CommandContext } from '../shared/command-context';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { webhookOperationWrites } from './webhook-operation';

/**
 * Deletes one of the account's webhooks: deliveries stop at once, and an `ACCOUNT_UPDATE` operation with a
 * `WEBHOOK_DELETE` dependency finishes the deletion. A webhook of another account, deleted or being deleted is a
 * `NotFound` (404). Answers the operation.
 */
export class DeleteWebhook extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly surface: OperationSurface,
    readonly webhookId: string,
    readonly context: CommandContext = {},
  ) {
    super();
  }
}

@CommandHandler(DeleteWebhook)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhook> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, surface, webhookId, context }: DeleteWebhook): Promise<ExistingOperation> {
    const operationId = keyedRequests.newOperationId();
    const dependencyId = newId('platformDependency');
    const at = this.clock.now();
    const { result } = await transact(this.store, { accountId, ...context }, async (streams) => {
      const webhooks = await streams.load(webhooksStream(accountId), webhooksDecider);
      const events = webhooksDecider.decide(
        { type: 'RequestWebhookDeletion', data: { accountId, webhookId, operationId, at } },
        webhooks.state,
      );
      const { url, type } = webhookOf(webhooks.state, webhookId)!; // decide refused a webhook it does not have
      const operation = await webhookOperationWrites(
        streams,
        { operationId, accountId, surface },
        {
          id: dependencyId,
          type: 'WEBHOOK_DELETE',
          // surface D's reference names the webhook `id`
          parameters: { ...(surface === 'reseller' ? { id: webhookId } : {}), webhookId, url, type },
        },
        at,
      );
      return { writes: [writeAfter(webhooks, events), ...operation.writes], result: operation.state };
    });
    return result;
  }
}
