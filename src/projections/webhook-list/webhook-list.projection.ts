import { OperationSurface } from '../../domain/operations/operation.events';
import { WebhookEvent, WebhookType } from '../../domain/webhooks/webhook.events';
import { WebhookStatus } from '../../domain/webhooks/webhooks';
import { Projection } from '../../application/shared/projection';

export interface WebhookRow {
  readonly id: string;
  readonly accountId: string;
  readonly surface: OperationSurface;
  readonly url: string;
  readonly type: WebhookType;
  readonly status: WebhookStatus;
  readonly createdAt: number;
}

type RowEvent = Exclude<WebhookEvent, { type: 'WebhookSecretIssued' }>;

const STATUS_AFTER: Record<Exclude<RowEvent['type'], 'WebhookRegistered'>, WebhookStatus> = {
  WebhookActivated: 'ACTIVE',
  WebhookDeletionRequested: 'DELETING',
  WebhookDeleted: 'DELETED',
};

/** Every webhook by id, for the account's lists and lookups; the secret stays in the stream. */
export const webhookList: Projection<WebhookRow, RowEvent> = {
  name: 'webhook-list',
  version: 1, // bump when evolve changes: the runner rebuilds from the first event, then queries switch over
  handles: ['WebhookRegistered', 'WebhookActivated', 'WebhookDeletionRequested', 'WebhookDeleted'],
  idOf: (event) => event.data.webhookId,
  evolve: (row, event) => {
    if (event.type === 'WebhookRegistered') {
      const { webhookId: id, accountId, surface, url, type, at } = event.data;
      return { id, accountId, surface, url, type, status: 'PENDING', createdAt: at };
    }
    return row ? { ...row, status: STATUS_AFTER[event.type] } : null;
  },
};
