import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { webhooksStream } from '../../domain/webhooks/webhook.events';
import { webhooksDecider } from '../../domain/webhooks/webhooks.decider';
import { SecretBox } from '../identity/identity.ports';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { newWebhookSecret } from './webhook-signature';

/**
 * The account's webhook signing secret in plain text (for `GET /account`, shown to the account alone), issued on
 * first use. Two first uses at once agree: the loser's append conflicts, and its retry finds the winner's secret.
 */
export class WebhookSecret extends Command<string> {
  constructor(readonly accountId: string) {
    super();
  }
}

@CommandHandler(WebhookSecret)
export class WebhookSecretHandler implements ICommandHandler<WebhookSecret> {
  constructor(
    private readonly store: EventStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId }: WebhookSecret): Promise<string> {
    const sealedSecret = this.box.seal(newWebhookSecret());
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const webhooks = await streams.load(webhooksStream(accountId), webhooksDecider);
      const events = webhooksDecider.decide(
        { type: 'IssueWebhookSecret', data: { accountId, sealedSecret, at: this.clock.now() } },
        webhooks.state,
      );
      const state = events.reduce(webhooksDecider.evolve, webhooks.state);
      return { writes: [writeAfter(webhooks, events)], result: state.sealedSecret as string };
    });
    return this.box.open(result);
  }
}
