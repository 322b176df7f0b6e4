import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * How a webhook delivery ended, in the history: the outbox keeps each delivery's attempts as work, and this one event
 * per delivery is what the analytics and the audit read of it.
 */
export const webhookDeliveryStream = (deliveryId: string): string => `webhook-delivery-${deliveryId}`;

export type DeliveryOutcome = 'DELIVERED' | 'DROPPED';

type Of<Data> = MessageData<{ deliveryId: string }, Data>;
export type WebhookDeliveryEnded = DomainEvent<
  'WebhookDeliveryEnded',
  Of<{ accountId: string; webhookId: string; outcome: DeliveryOutcome; attempts: number }>
>;

export type EndDelivery = DomainCommand<'EndDelivery', WebhookDeliveryEnded['data']>;

export type WebhookDelivery = { readonly status: 'OPEN' } | { readonly status: DeliveryOutcome };

export const webhookDeliveryDecider: Decider<EndDelivery, WebhookDeliveryEnded, WebhookDelivery> = {
  initialState: () => ({ status: 'OPEN' }),
  evolve: (_delivery, event) => {
    switch (event.type) {
      case 'WebhookDeliveryEnded':
        return { status: event.data.outcome };
      default:
        return assertNever(event.type);
    }
  },
  // a delivery ends once: a second worker that raced for it after a lost lease changes nothing
  decide: (command, delivery) =>
    delivery.status === 'OPEN' ? [{ type: 'WebhookDeliveryEnded', data: command.data }] : [],
};
