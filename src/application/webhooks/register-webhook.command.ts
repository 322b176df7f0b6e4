import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ExistingOperation } from '../../domain/operations/operation';
import { OperationSurface } from '../../domain/operations/operation.events';
import { Refused } from '../../domain/shared/errors';
import { newId } from '../../domain/shared/ids';
import { WebhookType, webhooksStream } from '../../domain/webhooks/webhook.events';
import { webhookUrlProblem } from '../../domain/webhooks/webhook-url';
import { webhooksDecider } from '../../domain/webhooks/webhooks.decider';
import { SecretBox } from '../identity/identity.ports';
import { Clock } from '../shared/clock';
import { CommandContext } from '../shared/command-context';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { webhookOperationWrites } from './webhook-operation';
import { WebhookSettings } from './webhook-settings';
import { newWebhookSecret } from './webhook-signature';

/**
 * Registers a webhook: the registration (pending) and the `ACCOUNT_UPDATE` operation whose `WEBHOOK_CREATE`
 * dependency activates it are appended together, so neither exists without the other. The account's signing secret
 * is issued with its first webhook. Answers the operation.
 */
export class RegisterWebhook extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly surface: OperationSurface,
    readonly url: string,
    readonly type: WebhookType,
    readonly context: CommandContext = {},
  ) {
    super();
  }
}

@CommandHandler(RegisterWebhook)
export class RegisterWebhookHandler implements ICommandHandler<RegisterWebhook> {
  constructor(
    private readonly store: EventStore,
    private readonly box: SecretBox,
    private readonly settings: WebhookSettings,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, surface, url, type, context }: RegisterWebhook): Promise<ExistingOperation> {
    const problem = typeof url === 'string' ? webhookUrlProblem(url, this.settings.outbound) : 'must be a string';
    if (problem) throw new Refused('VALIDATION', `url ${problem}`, { path: 'url' });
    const webhookId = newId('webhook');
    const operationId = keyedRequests.newOperationId();
    const dependencyId = newId('platformDependency');
    const sealedSecret = this.box.seal(newWebhookSecret());
    const at = this.clock.now();
    const { result } = await transact(this.store, { accountId, ...context }, async (streams) => {
      const webhooks = await streams.load(webhooksStream(accountId), webhooksDecider);
      const secretEvents = webhooksDecider.decide(
        { type: 'IssueWebhookSecret', data: { accountId, sealedSecret, at } },
        webhooks.state,
      );
      const registered = webhooksDecider.decide(
        { type: 'RegisterWebhook', data: { accountId, webhookId, surface, url, type, operationId, at } },
        secretEvents.reduce(webhooksDecider.evolve, webhooks.state),
      );
      const operation = await webhookOperationWrites(
        streams,
        { operationId, accountId, surface },
        { id: dependencyId, type: 'WEBHOOK_CREATE', parameters: { webhookId, url, type } },
        at,
      );
      return {
        writes: [writeAfter(webhooks, [...secretEvents, ...registered]), ...operation.writes],
        result: operation.state,
      };
    });
    return result;
  }
}
