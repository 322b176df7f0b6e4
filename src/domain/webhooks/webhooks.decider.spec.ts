import { deciderSpec } from '../../../test/support/decider-spec';
import { IllegalTransition, NotFound, Refused } from '../shared/errors';
import { WebhookCommand } from './webhook.commands';
import { WebhookEvent, WebhookType } from './webhook.events';
import { webhooksDecider } from './webhooks.decider';

const at = 1_700_000_000_000;
const accountId = 'acc-1';
const given = deciderSpec(webhooksDecider);

const secretIssued = (sealedSecret = 'sealed-1'): WebhookEvent => ({ type: 'WebhookSecretIssued', data: { accountId, sealedSecret, at } });
const registered = (webhookId: string, type: WebhookType = 'OPERATION_FINISHED'): WebhookEvent => ({
  type: 'WebhookRegistered',
  data: { accountId, webhookId, surface: 'web3', url: `https://hooks.example.com/${webhookId}`, type, operationId: `op-${webhookId}`, at },
});
const activated = (webhookId: string): WebhookEvent => ({ type: 'WebhookActivated', data: { accountId, webhookId, at } });
const deletionRequested = (webhookId: string): WebhookEvent => ({ type: 'WebhookDeletionRequested', data: { accountId, webhookId, operationId: `op-del-${webhookId}`, at } });
const deleted = (webhookId: string): WebhookEvent => ({ type: 'WebhookDeleted', data: { accountId, webhookId, at } });

const issueSecret = (sealedSecret = 'sealed-1'): WebhookCommand => ({ type: 'IssueWebhookSecret', data: { accountId, sealedSecret, at } });
const register = (webhookId: string, type: WebhookType = 'OPERATION_FINISHED'): WebhookCommand => ({ type: 'RegisterWebhook', data: (registered(webhookId, type).data as never) });
const activate = (webhookId: string): WebhookCommand => ({ type: 'ActivateWebhook', data: { accountId, webhookId, at } });
const requestDeletion = (webhookId: string): WebhookCommand => ({ type: 'RequestWebhookDeletion', data: { accountId, webhookId, operationId: `op-del-${webhookId}`, at } });
const remove = (webhookId: string): WebhookCommand => ({ type: 'DeleteWebhook', data: { accountId, webhookId, at } });

describe('webhooks decider', () => {
  describe('IssueWebhookSecret', () => {
    it('issues the first secret', () => given().when(issueSecret()).then(secretIssued()));
    it('keeps the secret it has', () => given(secretIssued('sealed-1')).when(issueSecret('sealed-2')).thenNothing());
  });

  describe('RegisterWebhook', () => {
    it('registers a webhook, pending until its operation runs', () => given().when(register('wh-a')).then(registered('wh-a')));
    it('registers a third of a type', () => given(registered('wh-a'), registered('wh-b')).when(register('wh-c')).then(registered('wh-c')));
    it('refuses a fourth of a type', () =>
      given(registered('wh-a'), registered('wh-b'), activated('wh-b'), registered('wh-c')).when(register('wh-d')).thenThrows(Refused, /at most 3/));
    it('counts each type on its own', () =>
      given(registered('wh-a'), registered('wh-b'), registered('wh-c'))
        .when(register('wh-d', 'OPERATION_ACTION_REQUIRED'))
        .then(registered('wh-d', 'OPERATION_ACTION_REQUIRED')));
    it('does not count webhooks deleted or being deleted', () =>
      given(registered('wh-a'), registered('wh-b'), registered('wh-c'), deletionRequested('wh-b'), deletionRequested('wh-c'), deleted('wh-c'))
        .when(register('wh-d'))
        .then(registered('wh-d')));
    it('refuses an id that exists', () => given(registered('wh-a')).when(register('wh-a')).thenThrows(IllegalTransition));
    it('refuses a type its surface does not offer', () => given().when(register('wh-a', 'OPERATION_CREATED')).thenThrows(Refused, /type must be one of/));
  });

  describe('ActivateWebhook', () => {
    it('activates a pending webhook', () => given(registered('wh-a')).when(activate('wh-a')).then(activated('wh-a')));
    it('says nothing when activated twice', () => given(registered('wh-a'), activated('wh-a')).when(activate('wh-a')).thenNothing());
    it('never activates a webhook whose deletion was requested first', () =>
      given(registered('wh-a'), deletionRequested('wh-a')).when(activate('wh-a')).thenNothing());
    it('refuses an unknown webhook', () => given().when(activate('wh-x')).thenThrows(IllegalTransition));
  });

  describe('RequestWebhookDeletion', () => {
    it('stops an active webhook', () => given(registered('wh-a'), activated('wh-a')).when(requestDeletion('wh-a')).then(deletionRequested('wh-a')));
    it('stops a pending one', () => given(registered('wh-a')).when(requestDeletion('wh-a')).then(deletionRequested('wh-a')));
    it('answers not found for an unknown webhook', () => given(registered('wh-a')).when(requestDeletion('wh-x')).thenThrows(NotFound));
    it('answers not found for one being deleted', () =>
      given(registered('wh-a'), deletionRequested('wh-a')).when(requestDeletion('wh-a')).thenThrows(NotFound));
    it('answers not found for one deleted', () =>
      given(registered('wh-a'), deletionRequested('wh-a'), deleted('wh-a')).when(requestDeletion('wh-a')).thenThrows(NotFound));
  });

  describe('DeleteWebhook', () => {
    it('deletes a webhook whose deletion was requested', () =>
      given(registered('wh-a'), deletionRequested('wh-a')).when(remove('wh-a')).then(deleted('wh-a')));
    it('says nothing when deleted twice', () =>
      given(registered('wh-a'), deletionRequested('wh-a'), deleted('wh-a')).when(remove('wh-a')).thenNothing());
    it('refuses to delete a webhook nobody asked to delete', () =>
      given(registered('wh-a'), activated('wh-a')).when(remove('wh-a')).thenThrows(IllegalTransition, /not requested/));
  });
});
