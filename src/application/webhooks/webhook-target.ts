import { webhooksStream } from '../../domain/webhooks/webhook.events';
import { webhookOf } from '../../domain/webhooks/webhooks';
import { webhooksDecider } from '../../domain/webhooks/webhooks.decider';
import { SecretBox } from '../identity/identity.ports';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';

/**
 * The secret to sign a delivery to a webhook with, read when it is sent; undefined once the webhook is no longer
 * active (its deletion was requested): what was still waiting for it is not sent.
 */
export const deliverySecretOf = async (
  store: EventStore,
  box: SecretBox,
  accountId: string,
  webhookId: string,
): Promise<string | undefined> => {
  const { state } = await loadStream(store, webhooksStream(accountId), webhooksDecider);
  if (webhookOf(state, webhookId)?.status !== 'ACTIVE' || state.sealedSecret === null) return undefined;
  return box.open(state.sealedSecret);
};
