import { NO_POINTS } from './analytics-facts';
import { DAY_MS, dayOf, funnelDaysOf, HOUR_MS, hourOf, ordered, searched, SearchFunnel } from './search-funnel';

const MINUTE_MS = 60_000;
/** A midnight UTC (2024-09-21). */
const DAY = 19_987 * DAY_MS;
const at = (hours: number, minutes = 0): number => DAY + hours * HOUR_MS + minutes * MINUTE_MS;

const searchesAt = (...times: number[]): SearchFunnel =>
  times.reduce<SearchFunnel | undefined>((funnel, time) => searched(funnel, time), undefined)!;

describe('the hour and day of a time', () => {
  it('is the start of the hour it falls in', () => expect(hourOf(at(10, 59))).toBe(at(10)));
  it('is the hour itself at its start', () => expect(hourOf(at(10))).toBe(at(10)));
  it('is the midnight UTC of the day it falls in', () => expect(dayOf(at(23, 59))).toBe(DAY));
  it('is the day itself at its midnight', () => expect(dayOf(DAY)).toBe(DAY));
  it("lets an order convert the searches of its own day and the day before's", () =>
    expect(funnelDaysOf(at(13, 30))).toEqual([DAY, DAY - DAY_MS]));
});

describe("an account's searches", () => {
  it('are counted in the hour they were made in', () =>
    expect(searched(undefined, at(9, 15))).toEqual({
      kind: 'funnel',
      hours: { [at(9)]: { searches: 1, converted: 0 } },
      points: [{ t: at(9), m: 'searches', d: 'agents', v: 1 }],
      first: at(9),
      last: at(9),
    }));

  it('add up within an hour and span every hour searched', () =>
    expect(searchesAt(at(11, 5), at(9, 15), at(9, 45))).toEqual({
      kind: 'funnel',
      hours: { [at(11)]: { searches: 1, converted: 0 }, [at(9)]: { searches: 2, converted: 0 } },
      points: [
        { t: at(11), m: 'searches', d: 'agents', v: 1 },
        { t: at(9), m: 'searches', d: 'agents', v: 2 },
      ],
      first: at(9),
      last: at(11),
    }));

  it('keep what converted in an hour when searched again', () => {
    const converted = ordered(searchesAt(at(9, 15)), at(9, 30));
    expect(searched(converted, at(9, 45)).hours).toEqual({ [at(9)]: { searches: 2, converted: 1 } });
  });
});

describe('an order of the account', () => {
  const convertedOf = (funnel: SearchFunnel) =>
    Object.fromEntries(Object.entries(funnel.hours).map(([hour, counts]) => [hour, counts.converted]));

  it('converts every search of its hour and counts them as converted', () =>
    expect(ordered(searchesAt(at(9, 10), at(9, 20)), at(9, 50))).toEqual({
      kind: 'funnel',
      hours: { [at(9)]: { searches: 2, converted: 2 } },
      points: [
        { t: at(9), m: 'searches', d: 'agents', v: 2 },
        { t: at(9), m: 'searchesConverted', d: 'agents', v: 2 },
      ],
      first: at(9),
      last: at(9),
    }));

  it('converts the searches of an hour starting exactly 24 hours before it', () =>
    expect(convertedOf(ordered(searchesAt(at(10, 30)), at(10) + DAY_MS))).toEqual({ [at(10)]: 1 }));

  it('converts the searches of an hour starting when it was placed', () =>
    expect(convertedOf(ordered(searchesAt(at(10)), at(10)))).toEqual({ [at(10)]: 1 }));

  it('does not convert the searches of an hour starting 25 hours before it', () =>
    expect(convertedOf(ordered(searchesAt(at(9, 30), at(10, 30)), at(10) + DAY_MS))).toEqual({
      [at(9)]: 0,
      [at(10)]: 1,
    }));

  it('does not convert the searches of an hour starting after it', () =>
    expect(convertedOf(ordered(searchesAt(at(10, 30), at(11, 30)), at(10, 59)))).toEqual({
      [at(10)]: 1,
      [at(11)]: 0,
    }));

  it('does not convert searches more than 24 hours before it within their hour', () =>
    expect(convertedOf(ordered(searchesAt(at(10, 30)), at(10, 1) + DAY_MS))).toEqual({ [at(10)]: 0 }));

  it('counts no conversion point for an hour it did not convert', () =>
    expect(ordered(searchesAt(at(9, 30)), at(12) + DAY_MS).points).toEqual([
      { t: at(9), m: 'searches', d: 'agents', v: 1 },
    ]));

  it('leaves a day without searches without points', () =>
    expect(ordered({ ...NO_POINTS, kind: 'funnel', hours: {} }, at(10))).toEqual({
      kind: 'funnel',
      hours: {},
      points: [],
      first: null,
      last: null,
    }));
});
