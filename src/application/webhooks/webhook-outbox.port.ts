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

/** The deliveries still to send and those sent, kept as rows so that they survive restarts. */
export abstract class WebhookOutbox {
  /** Adds deliveries; one with an id already stored is left as it is, so a repeated reaction adds nothing. */
  abstract add(deliveries: readonly NewDelivery[]): Promise<void>;
  /** One webhook's deliveries, newest first. */
  abstract deliveriesOf(webhookId: string, page: { readonly limit: number; readonly before?: number }): Promise<DeliveryPage>;
}
