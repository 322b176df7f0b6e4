import { Module, OnModuleInit } from '@nestjs/common';
import { DependencyExecutors } from '../operations/dependency-executors';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { DeleteWebhookHandler } from './delete-webhook.command';
import { RegisterWebhookHandler } from './register-webhook.command';
import { WebhookDeliveryScheduler } from './webhook-deliveries.reactor';
import { ListWebhookDeliveriesHandler } from './webhook-deliveries.query';
import { WebhookDependencyExecutor } from './webhook-dependency.executor';
import { WebhookSecretHandler } from './webhook-secret.command';

/**
 * Webhooks of surfaces C and D: registration and deletion (as `ACCOUNT_UPDATE` operations), the signing secret,
 * the list, and the reactor that fills the delivery outbox. The outbox and its dispatcher come from
 * WebhookAdaptersModule.
 */
@Module({
  providers: [
    RegisterWebhookHandler,
    DeleteWebhookHandler,
    WebhookSecretHandler,
    WebhookDependencyExecutor,
    WebhookDeliveryScheduler,
    ListWebhookDeliveriesHandler,
  ],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly registry: ConsumerRegistry,
    private readonly executors: DependencyExecutors,
    private readonly executor: WebhookDependencyExecutor,
    private readonly scheduler: WebhookDeliveryScheduler,
  ) {}

  onModuleInit(): void {
    this.registry.addReactor(this.scheduler);
    this.executors.register(this.executor);
  }
}
