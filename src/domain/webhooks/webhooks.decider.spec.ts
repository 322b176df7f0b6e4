import { deciderSpec } from '../../../test/support/decider-spec';
import { webhookEvents } from '../../../test/support/webhook-events';
import { OperationSurface } from '../operations/operation.events';
import { fold } from '../shared/decider';
import { IllegalTransition, NotFound, Refused } from '../shared/errors';
import { WebhookCommand } from './webhook.commands';
import { WEBHOOK_EVENT_TYPES, WebhookEvent, WebhookType } from './webhook.events';
import { webhooksDecider } from './webhooks.decider';

const at = 1_700_000_000_000;
const accountId = 'acc-1';
const given = deciderSpec(webhooksDecider);

const secretIssued = (sealedSecret = 'sealed-1'): WebhookEvent => ({
  type: 'WebhookSecretIssued',
  data: { accountId, sealedSecret, at },
});
const { registered, activated, deletionRequested, deleted } = webhookEvents(accountId, at);

const issueSecret = (sealedSecret = 'sealed-1'): WebhookCommand => ({
  type: 'IssueWebhookSecret',
  data: { accountId, sealedSecret, at },
});
const register = (
  webhookId: string,
  type: WebhookType = 'OPERATION_FINISHED',
  surface: OperationSurface = 'web3',
): WebhookCommand => ({ type: 'RegisterWebhook', data: registered(webhookId, type, surface).data as never });
const activate = (webhookId: string): WebhookCommand => ({
  type: 'ActivateWebhook',
  data: { accountId, webhookId, at },
});
const requestDeletion = (webhookId: string): WebhookCommand => ({
  type: 'RequestWebhookDeletion',
  data: { accountId, webhookId, operationId: `op-del-${webhookId}`, at },
});
const remove = (webhookId: string): WebhookCommand => ({ type: 'DeleteWebhook', data: { accountId, webhookId, at } });

describe('webhooks decider', () => {
  describe('IssueWebhookSecret', () => {
    it('issues the first secret', () => given().when(issueSecret()).then(secretIssued()));
    it('signs with the secret it issued', () =>
      given().when(issueSecret()).thenState({ sealedSecret: 'sealed-1', webhooks: [] }));
    it('keeps the secret it has', () => given(secretIssued('sealed-1')).when(issueSecret('sealed-2')).thenNothing());
  });

  describe('RegisterWebhook', () => {
    it('registers a webhook, pending until its operation runs', () =>
      given().when(register('wh-a')).then(registered('wh-a')));
    it('keeps where and what it delivers', () =>
      given(registered('wh-a'))
        .when(register('wh-b', 'OPERATION_ACTION_REQUIRED'))
        .thenState({
          sealedSecret: null,
          webhooks: [
            {
              id: 'wh-a',
              surface: 'web3',
              url: 'https://hooks.example.com/wh-a',
              type: 'OPERATION_FINISHED',
              status: 'PENDING',
              createdAt: at,
            },
            { id: 'wh-b', type: 'OPERATION_ACTION_REQUIRED', status: 'PENDING' },
          ],
        }));
    it('registers a third of a type', () =>
      given(registered('wh-a'), registered('wh-b')).when(register('wh-c')).then(registered('wh-c')));
    it('refuses a fourth of a type', () =>
      given(registered('wh-a'), registered('wh-b'), activated('wh-b'), registered('wh-c'))
        .when(register('wh-d'))
        .thenThrows(Refused, {
          code: 'WEBHOOK_LIMIT_REACHED',
          message: /at most 3 webhooks of type OPERATION_FINISHED may be registered/,
          context: { type: 'OPERATION_FINISHED', limit: 3 },
        }));
    it('counts each type on its own', () =>
      given(registered('wh-a'), registered('wh-b'), registered('wh-c'))
        .when(register('wh-d', 'OPERATION_ACTION_REQUIRED'))
        .then(registered('wh-d', 'OPERATION_ACTION_REQUIRED')));
    it('does not count webhooks deleted or being deleted', () =>
      given(
        registered('wh-a'),
        registered('wh-b'),
        registered('wh-c'),
        deletionRequested('wh-b'),
        deletionRequested('wh-c'),
        deleted('wh-c'),
      )
        .when(register('wh-d'))
        .then(registered('wh-d')));
    it('refuses an id that exists', () =>
      given(registered('wh-a'))
        .when(register('wh-a'))
        .thenThrows(IllegalTransition, /webhook wh-a exists already/));
    it('refuses a type its surface does not offer', () =>
      given()
        .when(register('wh-a', 'OPERATION_CREATED'))
        .thenThrows(Refused, {
          code: 'VALIDATION',
          message: /type must be one of OPERATION_FINISHED, OPERATION_ACTION_REQUIRED$/,
          context: { path: 'type' },
        }));
    it('registers every type on the reseller surface', () => {
      given()
        .when(register('wh-a', 'OPERATION_CREATED', 'reseller'))
        .then(registered('wh-a', 'OPERATION_CREATED', 'reseller'));
      given()
        .when(register('wh-a', 'OPERATION_FINISHED', 'reseller'))
        .then(registered('wh-a', 'OPERATION_FINISHED', 'reseller'));
      given()
        .when(register('wh-a', 'OPERATION_ACTION_REQUIRED', 'reseller'))
        .then(registered('wh-a', 'OPERATION_ACTION_REQUIRED', 'reseller'));
    });
  });

  describe('ActivateWebhook', () => {
    it('activates a pending webhook', () => given(registered('wh-a')).when(activate('wh-a')).then(activated('wh-a')));
    it('activates only that webhook of the account', () =>
      given(registered('wh-a'), registered('wh-b'))
        .when(activate('wh-b'))
        .thenState({
          webhooks: [
            { id: 'wh-a', status: 'PENDING' },
            { id: 'wh-b', status: 'ACTIVE' },
          ],
        }));
    it('says nothing when activated twice', () =>
      given(registered('wh-a'), activated('wh-a')).when(activate('wh-a')).thenNothing());
    it('never activates a webhook whose deletion was requested first', () =>
      given(registered('wh-a'), deletionRequested('wh-a')).when(activate('wh-a')).thenNothing());
    it('refuses an unknown webhook', () =>
      given(registered('wh-a'))
        .when(activate('wh-x'))
        .thenThrows(IllegalTransition, { message: /webhook wh-x does not exist/, context: { webhookId: 'wh-x' } }));
  });

  describe('RequestWebhookDeletion', () => {
    it('stops an active webhook', () =>
      given(registered('wh-a'), activated('wh-a')).when(requestDeletion('wh-a')).then(deletionRequested('wh-a')));
    it('stops a pending one', () =>
      given(registered('wh-a')).when(requestDeletion('wh-a')).then(deletionRequested('wh-a')));
    it('stops only that webhook of the account', () =>
      given(registered('wh-a'), activated('wh-a'), registered('wh-b'), activated('wh-b'))
        .when(requestDeletion('wh-a'))
        .thenState({
          webhooks: [
            { id: 'wh-a', status: 'DELETING' },
            { id: 'wh-b', status: 'ACTIVE' },
          ],
        }));
    it('answers not found for an unknown webhook', () =>
      given(registered('wh-a'))
        .when(requestDeletion('wh-x'))
        .thenThrows(NotFound, { code: 'NOT_FOUND', message: /webhook wh-x was not found/, context: { id: 'wh-x' } }));
    it('answers not found for one being deleted', () =>
      given(registered('wh-a'), deletionRequested('wh-a')).when(requestDeletion('wh-a')).thenThrows(NotFound));
    it('answers not found for one deleted', () =>
      given(registered('wh-a'), deletionRequested('wh-a'), deleted('wh-a'))
        .when(requestDeletion('wh-a'))
        .thenThrows(NotFound));
  });

  describe('DeleteWebhook', () => {
    it('deletes a webhook whose deletion was requested', () =>
      given(registered('wh-a'), deletionRequested('wh-a')).when(remove('wh-a')).then(deleted('wh-a')));
    it('deletes only that webhook of the account', () =>
      given(registered('wh-a'), registered('wh-b'), deletionRequested('wh-a'), deletionRequested('wh-b'))
        .when(remove('wh-b'))
        .thenState({
          webhooks: [
            { id: 'wh-a', status: 'DELETING' },
            { id: 'wh-b', status: 'DELETED' },
          ],
        }));
    it('says nothing when deleted twice', () =>
      given(registered('wh-a'), deletionRequested('wh-a'), deleted('wh-a')).when(remove('wh-a')).thenNothing());
    it('refuses to delete a webhook nobody asked to delete', () => {
      given(registered('wh-a'), activated('wh-a'))
        .when(remove('wh-a'))
        .thenThrows(IllegalTransition, /webhook wh-a is ACTIVE: its deletion was not requested/);
      given(registered('wh-a'))
        .when(remove('wh-a'))
        .thenThrows(IllegalTransition, /is PENDING: its deletion was not requested/);
    });
    it('refuses an unknown webhook', () =>
      given()
        .when(remove('wh-x'))
        .thenThrows(IllegalTransition, /webhook wh-x does not exist/));
  });

  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'RenameWebhook', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(webhooksDecider, [{ type: 'WebhookRenamed', data: {} } as never])).toThrow(/unexpected value/);
  });

  it('tells its subscribers about every event it records', () => {
    const decided = (history: WebhookEvent[], command: WebhookCommand) =>
      webhooksDecider.decide(command, fold(webhooksDecider, history));
    const recorded = new Set(
      [
        ...decided([], issueSecret()),
        ...decided([], register('wh-a')),
        ...decided([registered('wh-a')], activate('wh-a')),
        ...decided([registered('wh-a')], requestDeletion('wh-a')),
        ...decided([registered('wh-a'), deletionRequested('wh-a')], remove('wh-a')),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(WEBHOOK_EVENT_TYPES.length);
    expect(new Set(WEBHOOK_EVENT_TYPES)).toEqual(recorded);
  });
});
