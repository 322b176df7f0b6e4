import { AnalyticsPoint, Fact, NO_POINTS } from './analytics-facts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * An account's searches of one day, by hour, and how many of them led to an order: a search converts when the same
 * account places an order in the 24 hours after it (counted by the hour: every search of an hour whose start is at
 * most 24 hours before the order, made before the order).
 */
export interface SearchFunnel extends Fact {
  readonly kind: 'funnel';
  readonly hours: Readonly<Record<string, { readonly searches: number; readonly converted: number }>>;
}

export const hourOf = (at: number): number => Math.floor(at / HOUR_MS) * HOUR_MS;
export const dayOf = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;

/** The days whose searches an order at `at` may convert: its own and the one before. */
export const funnelDaysOf = (at: number): readonly number[] => [dayOf(at), dayOf(at) - DAY_MS];

const withHours = (hours: SearchFunnel['hours']): SearchFunnel => {
  const points: AnalyticsPoint[] = Object.entries(hours).flatMap(([hour, { searches, converted }]) => [
    { t: Number(hour), m: 'searches' as const, d: 'agents', v: searches },
    ...(converted > 0 ? [{ t: Number(hour), m: 'searchesConverted' as const, d: 'agents', v: converted }] : []),
  ]);
  const times = points.map((point) => point.t);
  return points.length === 0
    ? { ...NO_POINTS, kind: 'funnel', hours }
    : { kind: 'funnel', hours, points, first: Math.min(...times), last: Math.max(...times) };
};

export const searched = (funnel: SearchFunnel | undefined, at: number): SearchFunnel => {
  const hours = funnel?.hours ?? {};
  const hour = String(hourOf(at));
  const now = hours[hour] ?? { searches: 0, converted: 0 };
  return withHours({ ...hours, [hour]: { ...now, searches: now.searches + 1 } });
};

export const ordered = (funnel: SearchFunnel, at: number): SearchFunnel =>
  withHours(
    Object.fromEntries(
      Object.entries(funnel.hours).map(([hour, counts]) => {
        const start = Number(hour);
        return [hour, start <= at && at - start <= DAY_MS ? { ...counts, converted: counts.searches } : counts];
      }),
    ),
  );
