import { OperationRequested, TerminalStatus } from '../operations/operation.events';

/** What the analytics count: each a sum of points in a time bucket (`operations` also gives duration percentiles). */
export const METRICS = [
  'registrations',
  'renewals',
  'transfers',
  'claims',
  'returns',
  'sales',
  'salesCents',
  'commissionsCents',
  'revenueCents',
  'refundsCents',
  'operations',
  'signups',
  'searches',
  'searchesConverted',
  'webhooks',
] as const;
export type Metric = (typeof METRICS)[number];

/**
 * One thing that happened, counted at `t` (epoch ms) under `m`, split by `d` (a surface, an operation's type and
 * status, a webhook outcome), worth `v` (1, cents, milliseconds of an operation, attempts of a delivery).
 */
export interface AnalyticsPoint {
  readonly t: number;
  readonly m: Metric;
  readonly d: string;
  readonly v: number;
}

/** A fact document: its points and the span of their times (what a range query looks at first). */
export interface Fact {
  readonly points: readonly AnalyticsPoint[];
  readonly first: number | null;
  readonly last: number | null;
}

export const withPoints = <F extends Fact>(fact: F, points: readonly AnalyticsPoint[]): F => {
  const times = [...fact.points, ...points].map((point) => point.t);
  return times.length === 0
    ? fact
    : { ...fact, points: [...fact.points, ...points], first: Math.min(...times), last: Math.max(...times) };
};

export const NO_POINTS: Fact = { points: [], first: null, last: null };

export type OperationCategory = 'registrations' | 'renewals' | 'transfers' | 'claims' | 'returns';

/**
 * What an operation counts as once it completes, from what was asked: a claim or a return of a web3 name, or a DNS
 * registration, transfer in or renewal (surface D names them by their dependencies, and an agent's order runs the
 * same ones); null for everything else (records, settings, wallets...).
 */
export const operationCategoryOf = (requested: OperationRequested['data']): OperationCategory | null => {
  const dependencies = new Set(requested.dependencies.map((dependency) => dependency.type));
  if (requested.type === 'DOMAIN_CLAIM') return 'claims';
  if (requested.type === 'DOMAIN_RETURN') return 'returns';
  if (requested.type === 'DOMAIN_RENEW' || dependencies.has('DOMAIN_DNS_RENEW')) return 'renewals';
  if (!dependencies.has('DOMAIN_REGISTER')) return null;
  return (requested.quote ?? []).some((amount) => amount.reason === 'DOMAIN_TRANSFER') ? 'transfers' : 'registrations';
};

export interface OperationFact extends Fact {
  readonly kind: 'operation';
  readonly surface: string;
  readonly type: string;
  readonly category: OperationCategory | null;
  readonly requestedAt: number;
  /** What the partner's running balance is charged when it completes, less what it is credited. */
  readonly chargeCents: number;
  /** An order paid for it: its revenue is the order's. */
  readonly paidByOrder: boolean;
}

/** An operation asked for (never a preview, which runs nothing): nothing counted until it ends. */
export const operationRequested = (requested: OperationRequested['data']): OperationFact | null =>
  requested.preview
    ? null
    : {
        ...NO_POINTS,
        kind: 'operation',
        surface: requested.surface,
        type: requested.type,
        category: operationCategoryOf(requested),
        requestedAt: requested.at,
        chargeCents: (requested.quote ?? []).reduce(
          (sum, amount) => sum + (amount.type === 'CHARGE' ? amount.amountCents : -amount.amountCents),
          0,
        ),
        paidByOrder: requested.paidBy !== undefined,
      };

/**
 * An operation ended: one point under `operations` (by surface, type and status, worth its duration), and what it
 * counts as and was charged when it completed.
 */
export const operationFinished = (fact: OperationFact, status: TerminalStatus, at: number): OperationFact => {
  const completed = status === 'COMPLETED';
  return withPoints(fact, [
    { t: at, m: 'operations', d: `${fact.surface} ${fact.type} ${status}`, v: at - fact.requestedAt },
    ...(completed && fact.category ? [{ t: at, m: fact.category, d: fact.surface, v: 1 }] : []),
    ...(completed && !fact.paidByOrder && fact.chargeCents > 0
      ? [{ t: at, m: 'revenueCents' as const, d: 'partners', v: fact.chargeCents }]
      : []),
  ]);
};

/** A point of its own: a signup, a webhook delivery's end. */
export const pointFact = (point: AnalyticsPoint): Fact => withPoints(NO_POINTS, [point]);
