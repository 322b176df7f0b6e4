import { OperationSurface } from '../operations/operation.events';
import { assertNever } from '../shared/assert-never';
import { WebhookEvent, WebhookType } from './webhook.events';

/** PENDING until its registration operation runs; DELETING once a deletion was asked for (nothing is sent any more). */
export type WebhookStatus = 'PENDING' | 'ACTIVE' | 'DELETING' | 'DELETED';

export interface Webhook {
  readonly id: string;
  readonly surface: OperationSurface;
  readonly url: string;
  readonly type: WebhookType;
  readonly status: WebhookStatus;
  readonly createdAt: number;
}

/** The webhooks of one account and its signing secret (sealed), in order of registration. */
export interface AccountWebhooks {
  readonly sealedSecret: string | null;
  readonly webhooks: readonly Webhook[];
}

export const noWebhooks = (): AccountWebhooks => ({ sealedSecret: null, webhooks: [] });

export const webhookOf = (state: AccountWebhooks, webhookId: string): Webhook | undefined =>
  state.webhooks.find((webhook) => webhook.id === webhookId);

/** Registered and neither deleted nor being deleted: what the list shows and the per-type limit counts. */
export const isLive = (webhook: Webhook): boolean => webhook.status === 'PENDING' || webhook.status === 'ACTIVE';

const withStatus = (state: AccountWebhooks, webhookId: string, status: WebhookStatus): AccountWebhooks => ({
  ...state,
  webhooks: state.webhooks.map((webhook) => (webhook.id === webhookId ? { ...webhook, status } : webhook)),
});

export const evolve = (state: AccountWebhooks, event: WebhookEvent): AccountWebhooks => {
  switch (event.type) {
    case 'WebhookSecretIssued':
      return { ...state, sealedSecret: event.data.sealedSecret };
    case 'WebhookRegistered': {
      const { webhookId: id, surface, url, type, at } = event.data;
      return { ...state, webhooks: [...state.webhooks, { id, surface, url, type, status: 'PENDING', createdAt: at }] };
    }
    case 'WebhookActivated':
      return withStatus(state, event.data.webhookId, 'ACTIVE');
    case 'WebhookDeletionRequested':
      return withStatus(state, event.data.webhookId, 'DELETING');
    case 'WebhookDeleted':
      return withStatus(state, event.data.webhookId, 'DELETED');
    default:
      return assertNever(event);
  }
};
