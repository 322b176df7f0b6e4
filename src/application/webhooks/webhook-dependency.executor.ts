import { Injectable } from '@nestjs/common';
import { DomainError } from '../../domain/shared/errors';
import { webhooksStream } from '../../domain/webhooks/webhook.events';
import { webhookOf } from '../../domain/webhooks/webhooks';
import { webhooksDecider } from '../../domain/webhooks/webhooks.decider';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';

/**
 * `WEBHOOK_CREATE` activates a registered webhook, `WEBHOOK_DELETE` finishes its deletion. Both are decided on the
 * account's webhooks stream, where doing it again changes nothing, so a job that runs twice is harmless.
 */
@Injectable()
export class WebhookDependencyExecutor implements DependencyExecutor {
  readonly handles = ['WEBHOOK_CREATE', 'WEBHOOK_DELETE'];

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const { accountId } = job;
    const webhookId = String(job.parameters.webhookId);
    const data = { accountId, webhookId, at: this.clock.now() };
    const command =
      job.type === 'WEBHOOK_CREATE'
        ? ({ type: 'ActivateWebhook', data } as const)
        : ({ type: 'DeleteWebhook', data } as const);
    try {
      const { state } = await handleCommand(this.store, webhooksStream(accountId), webhooksDecider, command, {
        accountId,
        commandId: `${job.dependencyId}:${command.type}`,
        correlationId: job.operationId,
        causationId: job.dependencyId,
      });
      const { id, url, type } = webhookOf(state, webhookId)!; // the command was refused for a webhook the stream lacks
      // as each surface shows it: `id` in surface D's reference, `webhook` in surface C's decisions
      return { kind: 'completed', result: job.surface === 'reseller' ? { id } : { webhook: { id, url, type } } };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error; // the worker retries what may pass next time
      return { kind: 'failed', error: { code: error.code, message: error.message } };
    }
  }
}
