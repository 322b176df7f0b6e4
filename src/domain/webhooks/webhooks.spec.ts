import { webhookEvents } from '../../../test/support/webhook-events';
import { fold } from '../shared/decider';
import { WebhookEvent } from './webhook.events';
import { evolve, isLive, noWebhooks, webhookOf } from './webhooks';

const at = 1_700_000_000_000;
const accountId = 'acc-1';
const { registered, activated, deletionRequested, deleted } = webhookEvents(accountId, at);
const statusesAfter = (...events: WebhookEvent[]) =>
  fold({ initialState: noWebhooks, evolve }, events).webhooks.map(({ id, status }) => [id, status]);

describe('the webhooks of an account', () => {
  it('have no secret and no webhook at first', () =>
    expect(noWebhooks()).toEqual({ sealedSecret: null, webhooks: [] }));

  it('keep the secret deliveries are signed with', () =>
    expect(
      fold({ initialState: noWebhooks, evolve }, [
        { type: 'WebhookSecretIssued', data: { accountId, sealedSecret: 'sealed-1', at } },
        registered('wh-a'),
      ]),
    ).toMatchObject({ sealedSecret: 'sealed-1', webhooks: [{ id: 'wh-a' }] }));

  it('keep each webhook, in order, pending until registered, active, being deleted and deleted', () => {
    expect(statusesAfter(registered('wh-a'), registered('wh-b'))).toEqual([
      ['wh-a', 'PENDING'],
      ['wh-b', 'PENDING'],
    ]);
    expect(statusesAfter(registered('wh-a'), registered('wh-b'), activated('wh-b'))).toEqual([
      ['wh-a', 'PENDING'],
      ['wh-b', 'ACTIVE'],
    ]);
    expect(statusesAfter(registered('wh-a'), registered('wh-b'), deletionRequested('wh-a'))).toEqual([
      ['wh-a', 'DELETING'],
      ['wh-b', 'PENDING'],
    ]);
    expect(statusesAfter(registered('wh-a'), registered('wh-b'), deletionRequested('wh-a'), deleted('wh-a'))).toEqual([
      ['wh-a', 'DELETED'],
      ['wh-b', 'PENDING'],
    ]);
  });

  it('find a webhook by its id', () => {
    const state = fold({ initialState: noWebhooks, evolve }, [registered('wh-a'), registered('wh-b')]);
    expect(webhookOf(state, 'wh-b')).toMatchObject({ id: 'wh-b', url: 'https://hooks.example.com/wh-b' });
    expect(webhookOf(state, 'wh-c')).toBeUndefined();
  });

  it('count as live while pending or active only', () => {
    const webhook = {
      id: 'wh-a',
      surface: 'web3',
      url: 'https://x',
      type: 'OPERATION_FINISHED',
      createdAt: at,
    } as const;
    expect(
      (['PENDING', 'ACTIVE', 'DELETING', 'DELETED'] as const).map((status) => isLive({ ...webhook, status })),
    ).toEqual([true, true, false, false]);
  });
});
