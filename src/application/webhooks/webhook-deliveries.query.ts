import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound } from '../../domain/shared/errors';
import { webhooksStream } from '../../domain/webhooks/webhook.events';
import { isLive, webhookOf } from '../../domain/webhooks/webhooks';
import { webhooksDecider } from '../../domain/webhooks/webhooks.decider';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { DeliveryPage, WebhookOutbox } from './webhook-outbox.port';

/**
 * The delivery log of one of the account's webhooks, newest first: each delivery with its attempts. A webhook of
 * another account, deleted or being deleted is a `NotFound` (404), as for its other routes.
 */
export class ListWebhookDeliveries extends Query<DeliveryPage> {
  constructor(
    readonly accountId: string,
    readonly webhookId: string,
    readonly page: { readonly limit: number; readonly before?: number },
  ) {
    super();
  }
}

@QueryHandler(ListWebhookDeliveries)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveries> {
  constructor(
    private readonly store: EventStore,
    private readonly outbox: WebhookOutbox,
  ) {}

  async execute({ accountId, webhookId, page }: ListWebhookDeliveries): Promise<DeliveryPage> {
    const { state } = await loadStream(this.store, webhooksStream(accountId), webhooksDecider);
    const webhook = webhookOf(state, webhookId);
    if (!webhook || !isLive(webhook)) throw new NotFound('webhook', webhookId);
    return this.outbox.deliveriesOf(webhookId, page);
  }
}
