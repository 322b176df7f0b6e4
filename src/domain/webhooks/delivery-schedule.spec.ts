import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './delivery-schedule';

describe('retryDelayMs', () => {
  const minute = 60_000;

  it('waits 1, 2, 4, 8, 16, 32, 64 and 120 units after each failed attempt', () =>
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attemptsMade) => retryDelayMs(attemptsMade, minute))).toEqual(
      [1, 2, 4, 8, 16, 32, 64, 120].map((units) => units * minute),
    ));

  it('drops the delivery after the ninth attempt', () => {
    expect(retryDelayMs(MAX_DELIVERY_ATTEMPTS - 1, minute)).not.toBeNull();
    expect(retryDelayMs(MAX_DELIVERY_ATTEMPTS, minute)).toBeNull();
  });

  it('scales with the unit, so tests can wait milliseconds', () => expect(retryDelayMs(3, 5)).toBe(20));
});
