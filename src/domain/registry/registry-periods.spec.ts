import { addYears, calendarDateOf } from './registry-periods';

describe('registry periods', () => {
  it.each([
    [Date.UTC(2026, 0, 15, 12), 1, Date.UTC(2027, 0, 15, 12)],
    [Date.UTC(2026, 11, 31, 23, 59), 10, Date.UTC(2036, 11, 31, 23, 59)],
    [Date.UTC(2024, 1, 29, 8), 1, Date.UTC(2025, 1, 28, 8)],
    [Date.UTC(2024, 1, 29, 8), 4, Date.UTC(2028, 1, 29, 8)],
    [Date.UTC(2023, 1, 28), 1, Date.UTC(2024, 1, 28)],
  ])('dates the anniversary of %d after %d years at %d', (at, years, expected) =>
    expect(addYears(at, years)).toBe(expected),
  );

  it('writes the UTC calendar date of a moment, as EPP does', () => {
    expect(calendarDateOf(Date.UTC(2027, 2, 1, 23, 59, 59))).toBe('2027-03-01');
    expect(calendarDateOf(Date.UTC(2027, 2, 1))).toBe('2027-03-01');
  });
});
