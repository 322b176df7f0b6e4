import { WebhookType } from '../../domain/webhooks/webhook.events';

/** A delivery to store: its body is fixed now, so that every attempt sends the same bytes. */
export interface NewDelivery {
  /** Derived from the event and the webhook: the same event never yields a second delivery to one webhook. */
  readonly deliveryId: string;
  readonly webhookId: string;
  readonly accountId: string;
  readonly url: string;
  readonly eventType: WebhookType;
  readonly operationId: string;
  readonly body: string;
}

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'DROPPED';

export interface DeliveryAttempt {
  /** Epoch ms, the `x-svc-timestamp` of the attempt. */
  readonly at: number;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export interface DeliveryRecord {
  readonly deliveryId: string;
  readonly webhookId: string;
  readonly eventType: WebhookType;
  readonly operationId: string;
  readonly status: DeliveryStatus;
  readonly attempts: readonly DeliveryAttempt[];
  /** Epoch ms of the next attempt while PENDING; null once DELIVERED or DROPPED. */
  readonly nextAttemptAt: number | null;
  readonly createdAt: number;
  /** Keyset position in the log (newest first). */
  readonly sequence: number;
}

export interface DeliveryPage {
  readonly items: readonly DeliveryRecord[];
  /** The `before` of the next page; null on the last page. */
  readonly next: number | null;
}

/** A delivery a dispatcher holds for one attempt. */
export interface LeasedDelivery {
  readonly deliveryId: string;
  readonly webhookId: string;
  readonly accountId: string;
  readonly url: string;
  readonly body: string;
  /** Attempts recorded before this one. */
  readonly attemptsMade: number;
  readonly owner: string;
  /** The lease's number: an answer recorded under an older one is ignored. */
  readonly lease: number;
}

/** What an attempt leads to: done, or tried again after `retryInMs`. */
export type AttemptOutcome =
  { readonly status: 'DELIVERED' | 'DROPPED' } | { readonly status: 'PENDING'; readonly retryInMs: number };

/** The deliveries still to send and those sent, kept as rows so that they survive restarts. */
export abstract class WebhookOutbox {
  /** Adds deliveries, due now; one with an id already stored is left as it is, so a repeated reaction adds nothing. */
  abstract add(deliveries: readonly NewDelivery[]): Promise<void>;
  /** One webhook's deliveries, newest first. */
  abstract deliveriesOf(
    webhookId: string,
    page: { readonly limit: number; readonly before?: number },
  ): Promise<DeliveryPage>;
  /** The PENDING delivery due first whose lease is free or expired, leased to `owner` for `leaseMs`. */
  abstract lease(owner: string, leaseMs: number): Promise<LeasedDelivery | undefined>;
  /** Frees the deliveries leased to the owners `isGone` picks (processes that exited); answers how many. */
  abstract releaseLeasesOf(isGone: (owner: string) => boolean): Promise<number>;
  /**
   * Records an attempt (none when `attempt` is null: the delivery is dropped unsent) and what follows, and frees
   * the lease. False, and nothing recorded, when the lease was taken over meanwhile.
   */
  abstract record(leased: LeasedDelivery, attempt: DeliveryAttempt | null, outcome: AttemptOutcome): Promise<boolean>;
  /** Deliveries due now (leased or not), and a mark that moves whenever a delivery is added or attempted. */
  abstract progress(): Promise<{ due: number; mark: string }>;
  /** Calls `listener` when deliveries were added (a hint to lease). Returns an unsubscribe. */
  abstract onAdded(listener: () => void): () => void;
}
