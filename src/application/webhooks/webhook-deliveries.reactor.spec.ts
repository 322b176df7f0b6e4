import { retryDelayMs } from '../../domain/webhooks/delivery-schedule';
import { deliveryIdOf } from './webhook-deliveries.reactor';

describe('webhook deliveries', () => {
  it('names a delivery by its event and webhook, the same every time, UUID-shaped', () => {
    const id = deliveryIdOf(42n, 'wh-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryIdOf(42n, 'wh-1')).toBe(id);
    expect(new Set([deliveryIdOf(43n, 'wh-1'), deliveryIdOf(42n, 'wh-2'), id]).size).toBe(3);
  });

  it('retries after 1, 2, 4 ... 120 units, then drops', () => {
    expect(Array.from({ length: 9 }, (_, n) => retryDelayMs(n + 1, 1000))).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      32000,
      64000,
      120000,
      null,
    ]);
  });
});
