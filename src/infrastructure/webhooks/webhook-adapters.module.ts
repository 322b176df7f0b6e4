import { WebhookSettings } from '../../application/webhooks/webhook-settings';
import { recordDeliveryEnd } from '../../application/webhooks/delivery-ends';
import { Global, Logger, Module, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { Counter } from 'prom-client';
import { SecretBox } from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';
import { EventStore } from '../../application/shared/event-store.port';
import { LeasedWorkRegistry } from '../../application/shared/leased-work-registry';
import { deliverySecretOf } from '../../application/webhooks/webhook-target';
import { WebhookOutbox } from '../../application/webhooks/webhook-outbox.port';
import { AppConfig } from '../config/config';
import { Metrics } from '../metrics/metrics';
import { PostgresNotifications } from '../postgres/postgres-notifications';
import { Runtime } from '../runtime';
import { PostgresWebhookOutbox } from './postgres-webhook-outbox';
import { WebhookDispatcher } from './webhook-dispatcher';
import { postWebhook } from './webhook-sender';

/**
 * The webhook outbox in PostgreSQL, and its dispatcher: leased work that the engine runs in the `worker` and `all`
 * roles.
 */
@Global()
@Module({
  providers: [
    {
      provide: WebhookOutbox,
      useFactory: (pool: Pool, notifications: PostgresNotifications) => new PostgresWebhookOutbox(pool, notifications),
      inject: [Pool, PostgresNotifications],
    },
  ],
  exports: [WebhookOutbox],
})
export class WebhookAdaptersModule implements OnModuleInit {
  private readonly log = new Logger('WebhookDelivery');

  constructor(
    private readonly runtime: Runtime,
    private readonly config: AppConfig,
    private readonly outbox: WebhookOutbox,
    private readonly store: EventStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly work: LeasedWorkRegistry,
    private readonly settings: WebhookSettings,
  ) {}

  onModuleInit(): void {
    // the api role sends nothing: no dispatcher, and no counter of attempts in its /metrics
    if (this.runtime.runsWorkers) this.work.add(this.dispatcher());
  }

  private dispatcher(): WebhookDispatcher {
    const values = this.config.values;
    const outcomes = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by what followed: DELIVERED, RETRY, DROPPED',
      labelNames: ['outcome'] as const,
      registers: [this.metrics.registry],
    });
    return new WebhookDispatcher(
      {
        outbox: this.outbox,
        secretOf: (accountId, webhookId) => deliverySecretOf(this.store, this.box, accountId, webhookId),
        post: (post) =>
          postWebhook(post, {
            timeoutMs: values.webhookTimeoutMs,
            outbound: this.settings.outbound,
          }),
        now: () => this.clock.now(),
        log: {
          info: (message) => this.log.log(message),
          warn: (message) => this.log.warn(message),
          error: (message, error) => this.log.error(message, (error as Error | undefined)?.stack),
        },
        ended: (leased, outcome, attempts, at) =>
          recordDeliveryEnd(this.store, {
            deliveryId: leased.deliveryId,
            accountId: leased.accountId,
            webhookId: leased.webhookId,
            outcome,
            attempts,
            at,
          }),
        observe: (outcome) => outcomes.inc({ outcome }),
      },
      {
        concurrency: values.webhookConcurrency,
        pollMs: values.webhookPollMs,
        timeoutMs: values.webhookTimeoutMs,
        retryUnitMs: values.webhookRetryUnitMs,
      },
    );
  }
}
