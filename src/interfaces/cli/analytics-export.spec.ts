import { exportChunksOf } from './analytics-export';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('the pieces an export reads a range in', () => {
  it('reads a week in one piece', () =>
    expect(exportChunksOf({ from: 0, to: 7 * DAY, groupBy: 'day' })).toEqual([{ from: 0, to: 7 * DAY }]));

  it('reads a year a month (31 days) at a time, the last piece ending at the range', () => {
    const chunks = exportChunksOf({ from: 0, to: 365 * DAY, groupBy: 'day' });
    expect(chunks).toHaveLength(12);
    expect(chunks[1]).toEqual({ from: 31 * DAY, to: 62 * DAY });
    expect(chunks.at(-1)).toEqual({ from: 341 * DAY, to: 365 * DAY });
  });

  it("never splits a bucket: pieces after the first start at whole buckets from the start of from's bucket", () => {
    const from = 10 * DAY + 5 * HOUR + 17;
    const chunks = exportChunksOf({ from, to: from + 40 * DAY, groupBy: 'day' });
    expect(chunks).toEqual([
      { from, to: 41 * DAY },
      { from: 41 * DAY, to: from + 40 * DAY },
    ]);
    const hourly = exportChunksOf({ from, to: from + 40 * DAY, groupBy: 'hour' });
    expect(hourly[1].from).toBe(10 * DAY + 5 * HOUR + 31 * DAY);
  });

  it('reads nothing of an empty range', () =>
    expect(exportChunksOf({ from: DAY, to: DAY, groupBy: 'day' })).toEqual([]));
});
