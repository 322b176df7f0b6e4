import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { webhookList } from './webhook-list.projection';
import { GetWebhookHandler, ListWebhooksHandler } from './webhook-list.queries';

/** The accounts' webhooks as their lists show them, and its queries. */
@Module({ providers: [GetWebhookHandler, ListWebhooksHandler] })
export class WebhookListModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(webhookList);
  }
}
