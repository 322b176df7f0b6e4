import { Waterfall } from '../../../domain/operations/operation-waterfall';
import { formattedUsd } from '../../../domain/shared/price';
import { AnalyticsReport, SummedMetric } from '../../../projections/analytics/analytics-report';

/** The console's charts: the series the browser draws, each bucket a label (what the page's tables show too). */
export interface ChartData {
  readonly labels: readonly string[];
  readonly charts: readonly {
    readonly id: string;
    readonly title: string;
    readonly kind: 'bar' | 'line';
    /** Values are dollars (cents divided by 100) for money, counts otherwise. */
    readonly money: boolean;
    readonly series: readonly { readonly label: string; readonly values: readonly number[] }[];
  }[];
}

const CHARTS: readonly {
  id: string;
  title: string;
  kind: 'bar' | 'line';
  money: boolean;
  metrics: readonly [SummedMetric, string][];
}[] = [
  {
    id: 'activity',
    title: 'Domains',
    kind: 'bar',
    money: false,
    metrics: [
      ['registrations', 'Registrations'],
      ['renewals', 'Renewals'],
      ['transfers', 'Transfers in'],
      ['claims', 'Claims'],
      ['returns', 'Returns'],
      ['sales', 'Marketplace sales'],
    ],
  },
  {
    id: 'money',
    title: 'Money (USD)',
    kind: 'line',
    money: true,
    metrics: [
      ['revenueCents', 'Revenue'],
      ['refundsCents', 'Refunds'],
      ['commissionsCents', 'Commissions'],
    ],
  },
  {
    id: 'people',
    title: 'Signups and searches',
    kind: 'bar',
    money: false,
    metrics: [
      ['signups', 'Signups'],
      ['searches', 'Searches'],
      ['searchesConverted', 'Searches that led to an order'],
    ],
  },
];

/** A bucket's label: the hour (`27 Nov 14:00`) or the day (`27 Nov`), in UTC. */
export const bucketLabel = (start: number, groupBy: AnalyticsReport['groupBy']): string => {
  const date = new Date(start);
  const day = `${date.getUTCDate()} ${date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
  return groupBy === 'hour' ? `${day} ${String(date.getUTCHours()).padStart(2, '0')}:00` : day;
};

export const chartDataOf = (report: AnalyticsReport): ChartData => ({
  labels: report.buckets.map((bucket) => bucketLabel(bucket.start, report.groupBy)),
  charts: CHARTS.map(({ id, title, kind, money, metrics }) => ({
    id,
    title,
    kind,
    money,
    series: metrics.map(([metric, label]) => ({
      label,
      values: report.buckets.map((bucket) => (money ? bucket.metrics[metric] / 100 : bucket.metrics[metric])),
    })),
  })),
});

/** The dashboard's tiles: the range's totals, money as dollars. */
export const tilesOf = (report: AnalyticsReport): { label: string; value: string }[] => {
  const { metrics, conversionRate, webhooks } = report.totals;
  const count = (value: number) => value.toLocaleString('en-US');
  return [
    { label: 'Registrations', value: count(metrics.registrations) },
    { label: 'Renewals', value: count(metrics.renewals) },
    { label: 'Transfers in', value: count(metrics.transfers) },
    { label: 'Claims', value: count(metrics.claims) },
    { label: 'Returns', value: count(metrics.returns) },
    { label: 'Sales', value: count(metrics.sales) },
    { label: 'Sales value', value: formattedUsd(metrics.salesCents) },
    { label: 'Commissions', value: formattedUsd(metrics.commissionsCents) },
    { label: 'Revenue', value: formattedUsd(metrics.revenueCents) },
    { label: 'Refunds', value: formattedUsd(metrics.refundsCents) },
    { label: 'Signups', value: count(metrics.signups) },
    { label: 'Searches', value: count(metrics.searches) },
    { label: 'Conversion', value: conversionRate === null ? '–' : `${Math.round(conversionRate * 100)}%` },
    {
      label: 'Webhooks delivered',
      value: `${count(webhooks.delivered)} of ${count(webhooks.delivered + webhooks.dropped)}`,
    },
  ];
};

/** How long something took, as people read it: 850 ms, 12.3 s, 4 min, 2.5 h. */
export const durationText = (ms: number): string => {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
};

export interface WaterfallRow {
  readonly label: string;
  readonly status: string;
  readonly y: number;
  /** The bar, in the SVG's units (the axis is `WATERFALL_WIDTH` wide); none before the dependency started. */
  readonly bar: { readonly x: number; readonly width: number } | null;
  readonly waits: readonly { readonly x: number; readonly width: number; readonly reason: string }[];
  readonly took: string;
}

export const WATERFALL_WIDTH = 1000;
export const WATERFALL_ROW = 28;

/**
 * The dependencies as a waterfall: one row each, its bar from its start to its end (or to the last event while it
 * runs) on the operation's time axis, the waits on someone else drawn over it.
 */
export const waterfallRowsOf = (waterfall: Waterfall): { rows: WaterfallRow[]; span: string; height: number } => {
  const start = waterfall.requestedAt;
  const end = Math.max(waterfall.endedAt ?? waterfall.lastAt, start + 1);
  const x = (at: number) => Math.round(((at - start) / (end - start)) * WATERFALL_WIDTH);
  const rows = waterfall.bars.map((bar, index) => {
    const from = bar.startedAt;
    const to = bar.endedAt ?? waterfall.lastAt;
    return {
      label: `${bar.type} · ${bar.status}`,
      status: bar.status,
      y: index * WATERFALL_ROW,
      bar: from === null ? null : { x: x(from), width: Math.max(2, x(to) - x(from)) },
      waits: bar.waits.map((wait) => ({
        x: x(wait.from),
        width: Math.max(2, x(wait.to ?? to) - x(wait.from)),
        reason: wait.reason,
      })),
      took: from === null ? 'not started' : durationText(to - from),
    };
  });
  return { rows, span: durationText(end - start), height: Math.max(1, rows.length) * WATERFALL_ROW };
};
