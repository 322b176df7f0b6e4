import { OperationSurface } from '../../src/domain/operations/operation.events';
import { WebhookEvent, WebhookType } from '../../src/domain/webhooks/webhook.events';

/** The life of an account's webhooks as its stream records it, for the domain's specs: one account, one moment. */
export const webhookEvents = (accountId: string, at: number) => ({
  registered: (
    webhookId: string,
    type: WebhookType = 'OPERATION_FINISHED',
    surface: OperationSurface = 'web3',
  ): WebhookEvent => ({
    type: 'WebhookRegistered',
    data: {
      accountId,
      webhookId,
      surface,
      url: `https://hooks.example.com/${webhookId}`,
      type,
      operationId: `op-${webhookId}`,
      at,
    },
  }),
  activated: (webhookId: string): WebhookEvent => ({ type: 'WebhookActivated', data: { accountId, webhookId, at } }),
  deletionRequested: (webhookId: string): WebhookEvent => ({
    type: 'WebhookDeletionRequested',
    data: { accountId, webhookId, operationId: `op-del-${webhookId}`, at },
  }),
  deleted: (webhookId: string): WebhookEvent => ({ type: 'WebhookDeleted', data: { accountId, webhookId, at } }),
});
