import { EndDelivery, webhookDeliveryDecider, webhookDeliveryStream } from '../../domain/webhooks/webhook-delivery';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';

/**
 * Tells the history how a delivery ended, before the outbox marks it so: a crash between the two sends it again,
 * and the end, already told, is told once.
 */
export const recordDeliveryEnd = async (store: EventStore, data: EndDelivery['data']): Promise<void> => {
  await handleCommand(
    store,
    webhookDeliveryStream(data.deliveryId),
    webhookDeliveryDecider,
    {
      type: 'EndDelivery',
      data,
    },
    { accountId: data.accountId },
  );
};
