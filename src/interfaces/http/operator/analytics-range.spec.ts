import { DAY_MS, HOUR_MS } from '../../../domain/analytics/search-funnel';
import { analyticsRangeOf, isRange } from './analytics-range';

/** 2024-09-21T10:30:00Z */
const NOW = Date.UTC(2024, 8, 21, 10, 30);
const MIDNIGHT = Date.UTC(2024, 8, 21);

describe('the range of an analytics report', () => {
  it('is by default the week by the day ending with the current day', () =>
    expect(analyticsRangeOf({}, NOW)).toEqual({
      from: MIDNIGHT + DAY_MS - 7 * DAY_MS,
      to: MIDNIGHT + DAY_MS,
      groupBy: 'day',
    }));

  it('is by default the last 24 hours by the hour ending with the current hour', () =>
    expect(analyticsRangeOf({ groupBy: 'hour' }, NOW)).toEqual({
      from: Date.UTC(2024, 8, 20, 11),
      to: Date.UTC(2024, 8, 21, 11),
      groupBy: 'hour',
    }));

  it('ends by default with the day that starts now', () =>
    expect(analyticsRangeOf({}, MIDNIGHT)).toMatchObject({ to: MIDNIGHT + DAY_MS }));

  it('is the times asked for', () =>
    expect(
      analyticsRangeOf({ from: '2024-09-01T06:00:00Z', to: '2024-09-03T18:00:00Z', groupBy: 'hour' }, NOW),
    ).toEqual({ from: Date.UTC(2024, 8, 1, 6), to: Date.UTC(2024, 8, 3, 18), groupBy: 'hour' }));

  it('takes a date alone as its midnight UTC', () =>
    expect(analyticsRangeOf({ from: '2024-09-01', to: '2024-09-03' }, NOW)).toEqual({
      from: Date.UTC(2024, 8, 1),
      to: Date.UTC(2024, 8, 3),
      groupBy: 'day',
    }));

  it('starts by default a week before the end asked for', () =>
    expect(analyticsRangeOf({ to: '2024-09-10' }, NOW)).toEqual({
      from: Date.UTC(2024, 8, 3),
      to: Date.UTC(2024, 8, 10),
      groupBy: 'day',
    }));

  it('ends by default with the current day when only its start is asked for', () =>
    expect(analyticsRangeOf({ from: '2024-09-20' }, NOW)).toEqual({
      from: Date.UTC(2024, 8, 20),
      to: MIDNIGHT + DAY_MS,
      groupBy: 'day',
    }));

  it('refuses an end that is not a time', () =>
    expect(analyticsRangeOf({ from: 'yesterday', to: 'today' }, NOW)).toEqual({
      path: 'to',
      message: 'is not an ISO 8601 date or time',
    }));

  it('refuses a start that is not a time', () =>
    expect(analyticsRangeOf({ from: 'yesterday', to: '2024-09-03' }, NOW)).toEqual({
      path: 'from',
      message: 'is not an ISO 8601 date or time',
    }));

  it('refuses a start at its end', () =>
    expect(analyticsRangeOf({ from: '2024-09-03', to: '2024-09-03' }, NOW)).toEqual({
      path: 'from',
      message: 'must be before to',
    }));

  it('refuses a start after its end', () =>
    expect(analyticsRangeOf({ from: '2024-09-04', to: '2024-09-03' }, NOW)).toEqual({
      path: 'from',
      message: 'must be before to',
    }));

  describe('of the most buckets a report holds', () => {
    const to = Date.UTC(2024, 8, 21);
    const rangeOf = (buckets: number, step: number, groupBy: 'hour' | 'day', moreMs = 0) =>
      analyticsRangeOf(
        { from: new Date(to - buckets * step - moreMs).toISOString(), to: new Date(to).toISOString(), groupBy },
        NOW,
      );

    it('is allowed by the hour', () =>
      expect(rangeOf(744, HOUR_MS, 'hour')).toEqual({ from: to - 744 * HOUR_MS, to, groupBy: 'hour' }));

    it('is allowed by the day', () =>
      expect(rangeOf(3660, DAY_MS, 'day')).toEqual({ from: to - 3660 * DAY_MS, to, groupBy: 'day' }));

    it('is not exceeded by one more hour', () =>
      expect(rangeOf(745, HOUR_MS, 'hour')).toEqual({
        path: 'from',
        message: 'makes more than 744 buckets of one hour',
      }));

    it('is not exceeded by one more day', () =>
      expect(rangeOf(3661, DAY_MS, 'day')).toEqual({
        path: 'from',
        message: 'makes more than 3660 buckets of one day',
      }));

    it('is not exceeded by part of one more hour', () =>
      expect(rangeOf(744, HOUR_MS, 'hour', 1)).toEqual({
        path: 'from',
        message: 'makes more than 744 buckets of one hour',
      }));

    it('counts the whole bucket a start inside it opens, as the report lists it', () => {
      // 743 hours and a half after the middle of an hour: 745 buckets listed, from the start of the first
      const unaligned = { from: to - 744 * HOUR_MS + HOUR_MS / 2, to: to + HOUR_MS / 2 };
      expect(
        analyticsRangeOf(
          { from: new Date(unaligned.from).toISOString(), to: new Date(unaligned.to).toISOString(), groupBy: 'hour' },
          NOW,
        ),
      ).toEqual({ path: 'from', message: 'makes more than 744 buckets of one hour' });
    });
  });

  it('is told from an issue', () => {
    expect(isRange({ from: 0, to: DAY_MS, groupBy: 'day' })).toBe(true);
    expect(isRange({ path: 'from', message: 'must be before to' })).toBe(false);
  });
});
