import { BeforeApplicationShutdown, Global, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { Pool } from 'pg';
import { Counter } from 'prom-client';
import { SecretBox } from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';
import { EventStore } from '../../application/shared/event-store.port';
import { deliverySecretOf } from '../../application/webhooks/webhook-target';
import { WebhookOutbox } from '../../application/webhooks/webhook-outbox.port';
import { WebhookSettings } from '../../application/webhooks/webhook-settings';
import { AppConfig } from '../config/config';
import { Engine } from '../engine/engine.service';
import { Metrics } from '../metrics/metrics';
import { PostgresNotifications } from '../postgres/postgres-notifications';
import { Runtime } from '../runtime';
import { PostgresWebhookOutbox } from './postgres-webhook-outbox';
import { WebhookDispatcher } from './webhook-dispatcher';
import { postWebhook } from './webhook-sender';

/** Runs the dispatcher in the processes that run the asynchronous half (`worker`, `all`), and stops it with them. */
@Injectable()
class WebhookDispatcherLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('WebhookDelivery');
  private dispatcher: WebhookDispatcher | undefined;

  constructor(
    private readonly runtime: Runtime,
    private readonly config: AppConfig,
    private readonly outbox: PostgresWebhookOutbox,
    private readonly store: EventStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly engine: Engine,
    private readonly metrics: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.runtime.runsWorkers) return;
    const values = this.config.values;
    const outcomes = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by what followed: DELIVERED, RETRY, DROPPED',
      labelNames: ['outcome'] as const,
      registers: [this.metrics.registry],
    });
    this.dispatcher = new WebhookDispatcher(
      {
        outbox: this.outbox,
        secretOf: (accountId, webhookId) => deliverySecretOf(this.store, this.box, accountId, webhookId),
        post: (post) => postWebhook(post, { timeoutMs: values.webhookTimeoutMs, allowPrivateTargets: values.webhookAllowPrivateTargets }),
        now: () => this.clock.now(),
        log: {
          info: (message) => this.log.log(message),
          warn: (message) => this.log.warn(message),
          error: (message, error) => this.log.error(message, (error as Error | undefined)?.stack),
        },
        observe: (outcome) => outcomes.inc({ outcome }),
      },
      { concurrency: values.webhookConcurrency, pollMs: values.webhookPollMs, timeoutMs: values.webhookTimeoutMs, retryUnitMs: values.webhookRetryUnitMs },
    );
    this.dispatcher.start();
    // settled() waits for deliveries due now, never for a retry scheduled later
    this.engine.addSettler(() => (this.dispatcher as WebhookDispatcher).settled());
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.dispatcher?.stop();
  }
}

/** The webhook outbox in PostgreSQL, its dispatcher, and the webhook settings from configuration. */
@Global()
@Module({
  providers: [
    { provide: PostgresWebhookOutbox, useFactory: (pool: Pool, notifications: PostgresNotifications) => new PostgresWebhookOutbox(pool, notifications), inject: [Pool, PostgresNotifications] },
    { provide: WebhookOutbox, useExisting: PostgresWebhookOutbox },
    { provide: WebhookSettings, useFactory: ({ values }: AppConfig) => new WebhookSettings(values.typeNamespace, values.webhookAllowPrivateTargets), inject: [AppConfig] },
    WebhookDispatcherLifecycle,
  ],
  exports: [WebhookOutbox, WebhookSettings],
})
export class WebhookAdaptersModule {}
