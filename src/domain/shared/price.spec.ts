import { formattedUsd } from './price';

describe('formatted amounts', () => {
  it.each([
    [1234, '$12.34'],
    [450_000, '$4,500.00'],
    [5, '$0.05'],
    [0, '$0.00'],
    [-2598, '-$25.98'],
  ])('show %d cents as %s', (cents, text) => expect(formattedUsd(cents)).toBe(text));
});
