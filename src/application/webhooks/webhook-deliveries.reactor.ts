import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  evolve as evolveOperation,
  ExistingOperation,
  Operation,
  operationStream,
} from '../../domain/operations/operation';
import { OperationEvent } from '../../domain/operations/operation.events';
import { WebhookEvent, WebhookType, webhooksStream } from '../../domain/webhooks/webhook.events';
import { AccountWebhooks, evolve as evolveWebhooks, noWebhooks } from '../../domain/webhooks/webhooks';
import { presentOperation } from '../operations/operation-view';
import { compareCheckpoints, EventStore, StoredEvent } from '../shared/event-store.port';
import { partnerType } from '../shared/partner-type';
import { Reactor } from '../shared/projection';
import { NewDelivery, WebhookOutbox } from './webhook-outbox.port';
import { WebhookSettings } from './webhook-settings';

type Announced = Extract<
  OperationEvent,
  { type: 'OperationRequested' | 'OperationFinished' | 'DependencySignatureRequested' | 'DependencyUpdatesAwaited' }
>;

/** The webhook type an operation event is delivered as (`decisions.md` §6); undefined for the others. */
const webhookTypeOf = (event: Announced): WebhookType | undefined => {
  switch (event.type) {
    case 'OperationFinished':
      return 'OPERATION_FINISHED';
    case 'DependencySignatureRequested':
    case 'DependencyUpdatesAwaited':
      return 'OPERATION_ACTION_REQUIRED';
    // surface D only; previews are quotes, not operations anyone waits for
    case 'OperationRequested':
      return event.data.surface === 'reseller' && !event.data.preview ? 'OPERATION_CREATED' : undefined;
  }
};

/** UUID-shaped (version 8, RFC 9562) from the event's place in the store and the webhook: stable across re-runs. */
export const deliveryIdOf = (globalPosition: bigint, webhookId: string): string => {
  const hex = createHash('sha256').update(`${globalPosition}:${webhookId}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Turns operation events into webhook deliveries in the outbox. The body is fixed here, from the operation as it
 * was at the event (its stream folded up to the event), and sent unchanged on every retry. The webhooks that get it
 * are those active just before the event in the store's order, so a re-run after a crash picks the same ones, and
 * the deliveries' ids (from the event and the webhook) make it add nothing twice.
 */
@Injectable()
export class WebhookDeliveryScheduler implements Reactor<Announced> {
  readonly name = 'webhook-deliveries';
  readonly handles = [
    'OperationRequested',
    'OperationFinished',
    'DependencySignatureRequested',
    'DependencyUpdatesAwaited',
  ] as const;
  // a receiver that reads the operation, or what it changed, on hearing of it finds it as delivered
  readonly afterReadModels = true;

  constructor(
    private readonly store: EventStore,
    private readonly outbox: WebhookOutbox,
    private readonly settings: WebhookSettings,
  ) {}

  async react(events: readonly StoredEvent<Announced>[]): Promise<void> {
    const streams = new Map<string, Promise<StoredEvent[]>>(); // each stream read once per batch
    const read = (streamId: string) => {
      if (!streams.has(streamId)) streams.set(streamId, this.store.readStream(streamId));
      return streams.get(streamId) as Promise<StoredEvent[]>;
    };
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      const type = webhookTypeOf(event);
      if (!type) continue;
      const op = (await read(operationStream(event.data.operationId)))
        .filter((stored) => stored.streamPosition <= event.streamPosition)
        .reduce((state, stored) => evolveOperation(state, stored as unknown as OperationEvent), {
          status: 'NONE',
        } as Operation);
      if (op.status === 'NONE' || op.preview) continue;
      const webhooks = (await read(webhooksStream(op.accountId)))
        .filter((stored) => compareCheckpoints(stored.checkpoint, event.checkpoint) < 0)
        .reduce((state, stored) => evolveWebhooks(state, stored as unknown as WebhookEvent), noWebhooks());
      deliveries.push(...this.deliveriesFor(event, type, op, webhooks));
    }
    await this.outbox.add(deliveries);
  }

  private deliveriesFor(
    event: StoredEvent<Announced>,
    type: WebhookType,
    op: ExistingOperation,
    { webhooks }: AccountWebhooks,
  ): NewDelivery[] {
    const targets = webhooks.filter((webhook) => webhook.status === 'ACTIVE' && webhook.type === type);
    if (targets.length === 0) return [];
    const namespace = this.settings.typeNamespace;
    const body = JSON.stringify({
      '@type': partnerType(namespace, 'WebhookDelivery'),
      type,
      data: presentOperation(namespace, op),
    });
    return targets.map((webhook) => ({
      deliveryId: deliveryIdOf(event.globalPosition, webhook.id),
      webhookId: webhook.id,
      accountId: op.accountId,
      url: webhook.url,
      eventType: type,
      operationId: op.id,
      body,
    }));
  }
}
