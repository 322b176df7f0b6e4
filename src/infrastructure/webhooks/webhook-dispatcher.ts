import { performance } from 'node:perf_hooks';
import { Backlog, LeasedWork } from '../../application/shared/lease-loops';
import {
  AttemptOutcome,
  DeliveryAttempt,
  LeasedDelivery,
  WebhookOutbox,
} from '../../application/webhooks/webhook-outbox.port';
import { webhookSignature } from '../../application/webhooks/webhook-signature';
import { retryDelayMs } from '../../domain/webhooks/delivery-schedule';
import { DeliveryOutcome } from '../../domain/webhooks/webhook-delivery';
import { Log } from '../logging/log';
import { PostAnswer, WebhookPost } from './webhook-sender';

export interface DispatcherSettings {
  readonly concurrency: number;
  readonly pollMs: number;
  readonly timeoutMs: number;
  readonly retryUnitMs: number;
}

export interface DispatcherParts {
  readonly outbox: WebhookOutbox;
  /** The secret to sign with, or undefined when the webhook no longer takes deliveries. */
  secretOf(accountId: string, webhookId: string): Promise<string | undefined>;
  post(post: WebhookPost): Promise<PostAnswer>;
  now(): number;
  log: Pick<Log, 'info' | 'warn' | 'error'>;
  /** Tells the history a delivery ended, before the outbox records it. */
  ended(leased: LeasedDelivery, outcome: DeliveryOutcome, attempts: number, at: number): Promise<void>;
  /** Called once per delivery that ends (delivered, dropped) or waits for a retry. */
  observe(outcome: AttemptOutcome['status'] | 'RETRY'): void;
}

/**
 * Sends the outbox's due deliveries, `concurrency` at a time: leases one, signs and POSTs it, records the attempt
 * and what follows (delivered, retried on the schedule, or dropped after the last retry). The engine runs it on its
 * lease loops, woken by a notification when deliveries are added and polling otherwise.
 */
export class WebhookDispatcher implements LeasedWork<LeasedDelivery> {
  constructor(
    private readonly parts: DispatcherParts,
    readonly settings: DispatcherSettings,
  ) {}

  lease(owner: string): Promise<LeasedDelivery | undefined> {
    return this.parts.outbox.lease(owner, this.leaseMs);
  }

  run(leased: LeasedDelivery): Promise<void> {
    return this.attempt(leased);
  }

  leaseFailed(error: unknown): void {
    this.parts.log.error('leasing a webhook delivery failed', error);
  }

  // the lease expires and another attempt is made: at least once, never lost
  runFailed(leased: LeasedDelivery, error: unknown): void {
    this.parts.log.error(`webhook delivery ${leased.deliveryId} was not recorded`, error);
  }

  onArrival(wake: () => void): () => void {
    return this.parts.outbox.onAdded(wake);
  }

  releaseLeasesOf(isGone: (owner: string) => boolean): Promise<number> {
    return this.parts.outbox.releaseLeasesOf(isGone);
  }

  /** settled() waits for deliveries due now, never for a retry due later; one that came due was not announced. */
  async backlog(): Promise<Backlog> {
    const { due, mark } = await this.parts.outbox.progress();
    return { pending: due > 0, wake: due > 0, mark };
  }

  // a lease outlives the longest attempt, so only a dead process's delivery is taken over
  private get leaseMs(): number {
    return 2 * this.settings.timeoutMs + 5_000;
  }

  private async attempt(leased: LeasedDelivery): Promise<void> {
    const secret = await this.parts.secretOf(leased.accountId, leased.webhookId);
    if (secret === undefined) {
      await this.parts.ended(leased, 'DROPPED', leased.attemptsMade, this.parts.now());
      await this.parts.outbox.record(leased, null, { status: 'DROPPED' });
      this.parts.log.info(
        `webhook delivery ${leased.deliveryId} dropped unsent: webhook ${leased.webhookId} was deleted`,
      );
      return this.parts.observe('DROPPED');
    }
    const at = this.parts.now();
    const started = performance.now();
    const answer = await this.parts.post({
      url: leased.url,
      body: leased.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'domain-engine-webhooks',
        'x-svc-timestamp': String(at),
        'x-svc-signature': webhookSignature(secret, at, leased.body),
        'x-svc-delivery-id': leased.deliveryId,
      },
    });
    const attempt: DeliveryAttempt = {
      at,
      statusCode: answer.statusCode,
      error: answer.error,
      durationMs: Math.round(performance.now() - started),
    };
    const outcome = this.outcomeOf(attempt, leased.attemptsMade + 1);
    if (outcome.status !== 'PENDING')
      await this.parts.ended(leased, outcome.status, leased.attemptsMade + 1, this.parts.now());
    const recorded = await this.parts.outbox.record(leased, attempt, outcome);
    // the URL stays out of the log: partners put tokens in query strings
    this.parts.log.info(
      `webhook delivery ${leased.deliveryId} (webhook ${leased.webhookId}) attempt ${leased.attemptsMade + 1}: ` +
        `${attempt.statusCode ?? attempt.error} in ${attempt.durationMs} ms, ${outcome.status === 'PENDING' ? `retry in ${outcome.retryInMs} ms` : outcome.status}`,
    );
    if (!recorded)
      this.parts.log.warn(
        `webhook delivery ${leased.deliveryId}: the lease was taken over before the attempt was recorded`,
      );
    this.parts.observe(outcome.status === 'PENDING' ? 'RETRY' : outcome.status);
  }

  private outcomeOf(attempt: DeliveryAttempt, attemptsMade: number): AttemptOutcome {
    if (attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300)
      return { status: 'DELIVERED' };
    const retryInMs = retryDelayMs(attemptsMade, this.settings.retryUnitMs);
    return retryInMs === null ? { status: 'DROPPED' } : { status: 'PENDING', retryInMs };
  }
}
