import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { webhookDeliveryDecider, WebhookDeliveryEnded, webhookDeliveryStream } from './webhook-delivery';

describe('the end of a webhook delivery', () => {
  const given = deciderSpec(webhookDeliveryDecider);
  const ended: WebhookDeliveryEnded = {
    type: 'WebhookDeliveryEnded',
    data: { deliveryId: 'd-1', accountId: 'acc-1', webhookId: 'wh-1', outcome: 'DELIVERED', attempts: 2, at: 1 },
  };
  it('is told once', () => given().when({ type: 'EndDelivery', data: ended.data }).then(ended));
  it('keeps its outcome', () =>
    given().when({ type: 'EndDelivery', data: ended.data }).thenState({ status: 'DELIVERED' }));
  it('is not told again by a worker that raced for it', () =>
    given(ended)
      .when({ type: 'EndDelivery', data: { ...ended.data, outcome: 'DROPPED' } })
      .thenNothing());
  it('is named by the delivery', () => expect(webhookDeliveryStream('d-1')).toBe('webhook-delivery-d-1'));
  it('fails loudly on an event of a newer version', () =>
    expect(() => fold(webhookDeliveryDecider, [{ type: 'DeliveryRetried', data: {} } as never])).toThrow(
      /unexpected value/,
    ));
});
