import { centsOf } from './prices';

describe('prices given to the CLI', () => {
  it.each([
    ['12.99', 1299],
    ['12.9', 1290],
    ['12', 1200],
    ['0.05', 5],
    ['1299c', 1299],
  ])('reads %s as %i cents', (text, cents) => {
    expect(centsOf(text)).toBe(cents);
  });

  it.each(['', '-1', '12.999', '1,299', '$12', '12.99c', 'twelve'])('refuses "%s"', (text) => {
    expect(centsOf(text)).toBeUndefined();
  });
});
