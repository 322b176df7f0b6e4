import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition, NotFound, Refused } from '../shared/errors';
import {
  ActivateWebhook,
  DeleteWebhook,
  RegisterWebhook,
  RequestWebhookDeletion,
  WebhookCommand,
} from './webhook.commands';
import { WEBHOOK_TYPES_OF, WebhookEvent, WEBHOOKS_PER_TYPE } from './webhook.events';
import { AccountWebhooks, evolve, isLive, noWebhooks, Webhook, webhookOf } from './webhooks';

const known = (state: AccountWebhooks, webhookId: string): Webhook => {
  const webhook = webhookOf(state, webhookId);
  if (!webhook) throw new IllegalTransition(`webhook ${webhookId} does not exist`, { webhookId });
  return webhook;
};

const register = (state: AccountWebhooks, data: RegisterWebhook['data']): WebhookEvent[] => {
  if (webhookOf(state, data.webhookId)) throw new IllegalTransition(`webhook ${data.webhookId} exists already`);
  if (!WEBHOOK_TYPES_OF[data.surface].includes(data.type)) {
    throw new Refused('VALIDATION', `type must be one of ${WEBHOOK_TYPES_OF[data.surface].join(', ')}`, {
      path: 'type',
    });
  }
  const sameType = state.webhooks.filter((webhook) => webhook.type === data.type && isLive(webhook)).length;
  if (sameType >= WEBHOOKS_PER_TYPE) {
    throw new Refused(
      'WEBHOOK_LIMIT_REACHED',
      `at most ${WEBHOOKS_PER_TYPE} webhooks of type ${data.type} may be registered`,
      { type: data.type, limit: WEBHOOKS_PER_TYPE },
    );
  }
  return [{ type: 'WebhookRegistered', data }];
};

// a deletion asked for before the registration ran wins: the webhook is never activated
const activate = (state: AccountWebhooks, data: ActivateWebhook['data']): WebhookEvent[] =>
  known(state, data.webhookId).status === 'PENDING' ? [{ type: 'WebhookActivated', data }] : [];

/** To the partner a webhook being deleted is gone already: asking again is a 404 like any unknown id. */
const requestDeletion = (state: AccountWebhooks, data: RequestWebhookDeletion['data']): WebhookEvent[] => {
  const webhook = webhookOf(state, data.webhookId);
  if (!webhook || !isLive(webhook)) throw new NotFound('webhook', data.webhookId);
  return [{ type: 'WebhookDeletionRequested', data }];
};

const remove = (state: AccountWebhooks, data: DeleteWebhook['data']): WebhookEvent[] => {
  const { status } = known(state, data.webhookId);
  if (status === 'DELETED') return []; // the deletion ran twice
  if (status !== 'DELETING')
    throw new IllegalTransition(`webhook ${data.webhookId} is ${status}: its deletion was not requested`);
  return [{ type: 'WebhookDeleted', data }];
};

export const decide = (command: WebhookCommand, state: AccountWebhooks): WebhookEvent[] => {
  switch (command.type) {
    case 'IssueWebhookSecret':
      return state.sealedSecret === null ? [{ type: 'WebhookSecretIssued', data: command.data }] : [];
    case 'RegisterWebhook':
      return register(state, command.data);
    case 'ActivateWebhook':
      return activate(state, command.data);
    case 'RequestWebhookDeletion':
      return requestDeletion(state, command.data);
    case 'DeleteWebhook':
      return remove(state, command.data);
    default:
      return assertNever(command);
  }
};

export const webhooksDecider: Decider<WebhookCommand, WebhookEvent, AccountWebhooks> = {
  initialState: noWebhooks,
  evolve,
  decide,
};
