import { OperationEvent } from './operation.events';

/** A time a dependency waited: on someone else (a signature, an update), or for a retry's due time. */
export interface DependencyWait {
  readonly reason: 'SIGNATURE_REQUIRED' | 'AWAITING_UPDATES' | 'RETRY';
  readonly from: number;
  /** Still waiting when null; a retry's wait ends when it is due, or sooner when the dependency moves on. */
  readonly to: number | null;
}

export interface WaterfallBar {
  readonly id: string;
  readonly type: string;
  readonly status: string;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly waits: readonly DependencyWait[];
}

/** An operation's dependencies on one time axis: when each started, waited and ended. */
export interface Waterfall {
  readonly requestedAt: number;
  readonly endedAt: number | null;
  /** The last thing that happened: where the axis ends while the operation runs. */
  readonly lastAt: number;
  readonly bars: readonly WaterfallBar[];
}

const WAITS: Partial<Record<OperationEvent['type'], 'SIGNATURE_REQUIRED' | 'AWAITING_UPDATES'>> = {
  DependencySignatureRequested: 'SIGNATURE_REQUIRED',
  DependencyUpdatesAwaited: 'AWAITING_UPDATES',
};

const ENDS: Partial<Record<OperationEvent['type'], string>> = {
  DependencyCompleted: 'COMPLETED',
  DependencyFailed: 'FAILED',
  DependencyCancelled: 'CANCELLED',
};

type Bar = { -readonly [K in keyof WaterfallBar]: WaterfallBar[K] } & { waits: DependencyWait[] };

/** The last wait ends by `at` at the latest: an open one ends then, a retry due later is cut short. */
const closeWait = (bar: Bar, at: number): void => {
  const last = bar.waits.at(-1);
  if (last && (last.to === null || last.to > at)) bar.waits[bar.waits.length - 1] = { ...last, to: at };
};

/** The waterfall of an operation's events, in the order they were stored; null before it was requested. */
export const waterfallOf = (events: readonly OperationEvent[]): Waterfall | null => {
  const [requested, ...rest] = events;
  if (requested?.type !== 'OperationRequested') return null;
  const bars = new Map<string, Bar>(
    requested.data.dependencies.map((spec) => [
      spec.id,
      { id: spec.id, type: spec.type, status: 'QUEUED', startedAt: null, endedAt: null, waits: [] },
    ]),
  );
  let endedAt: number | null = null;
  let lastAt = requested.data.at;
  for (const event of rest) {
    lastAt = Math.max(lastAt, event.data.at);
    if (event.type === 'OperationFinished') {
      endedAt = event.data.at;
      continue;
    }
    const bar = 'dependencyId' in event.data ? bars.get(event.data.dependencyId) : undefined;
    if (!bar) continue;
    const wait = WAITS[event.type];
    const end = ENDS[event.type];
    if (event.type === 'DependencyStarted' || event.type === 'DependencyResumed') {
      closeWait(bar, event.data.at);
      bar.startedAt ??= event.data.at;
      bar.status = 'PROCESSING';
    } else if (event.type === 'DependencyRetryScheduled') {
      // the worker runs it again when it is due, with no event of its own: the wait is until then
      closeWait(bar, event.data.at);
      bar.waits.push({ reason: 'RETRY', from: event.data.at, to: Math.max(event.data.retryAt, event.data.at) });
    } else if (wait) {
      closeWait(bar, event.data.at);
      bar.waits.push({ reason: wait, from: event.data.at, to: null });
      bar.status = wait;
    } else if (end) {
      closeWait(bar, event.data.at);
      bar.endedAt = event.data.at;
      bar.status = end;
    }
  }
  return { requestedAt: requested.data.at, endedAt, lastAt, bars: [...bars.values()] };
};
