import { durationMs, registryTimeLine } from './registry-clock';

describe('the registry clock command', () => {
  it.each([
    ['45d', 45 * 86_400_000],
    ['12h', 12 * 3_600_000],
    ['30m', 30 * 60_000],
    ['10s', 10_000],
    ['1500ms', 1500],
    [' 2d ', 2 * 86_400_000],
  ])('reads %s', (text, ms) => expect(durationMs(text)).toBe(ms));

  it.each(['', '45', 'd', '0d', '-1d', '1.5d', '45 d', '1w', '12345678901s', '45D'])('refuses "%s"', (text) =>
    expect(durationMs(text)).toBeUndefined(),
  );

  it('prints the registry time and how many days ahead it is', () =>
    expect(registryTimeLine(Date.UTC(2027, 0, 5), 45 * 86_400_000 + 3_600_000)).toBe(
      'registry time: 2027-01-05T00:00:00.000Z (45.04 days ahead)',
    ));
});
