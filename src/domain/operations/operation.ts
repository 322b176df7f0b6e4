import { assertNever } from '../shared/assert-never';
import { IllegalTransition } from '../shared/errors';
import {
  DependencyError,
  DependencySpec,
  DependencyStatus,
  OperationEvent,
  OperationStatus,
  OperationSurface,
  Parameters,
  PaidBy,
  QuotedAmount,
  TerminalStatus,
} from './operation.events';

export const operationStream = (operationId: string): string => `operation-${operationId}`;

export interface Dependency extends DependencySpec {
  readonly status: DependencyStatus;
  readonly result: Parameters | null;
  readonly error: DependencyError | null;
  /** What the owner must sign, while the dependency waits for a signature. */
  readonly transaction: Parameters | null;
  /** Everything submitted to the dependency so far (signatures, updates), the latest winning. */
  readonly input: Parameters;
  readonly retryAt: number | null;
}

export interface ExistingOperation {
  readonly status: OperationStatus;
  readonly id: string;
  readonly accountId: string;
  readonly surface: OperationSurface;
  readonly type: string;
  readonly domain: string | null;
  readonly preview: boolean;
  readonly validUntil: number | null;
  /** What the operation charges or credits the account, as quoted when it was requested. */
  readonly quote: readonly QuotedAmount[];
  /** The order line it delivers, for an operation a user's order paid for. */
  readonly paidBy?: PaidBy;
  readonly dependencies: readonly Dependency[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

export type Operation = { readonly status: 'NONE' } | ExistingOperation;

export const TERMINAL: ReadonlySet<string> = new Set<TerminalStatus>(['COMPLETED', 'FAILED', 'CANCELLED']);

/** The statuses of operations that still hold their domain: every status but the terminal ones. */
export const UNFINISHED: readonly OperationStatus[] = [
  'QUEUED',
  'PROCESSING',
  'SIGNATURE_REQUIRED',
  'AWAITING_UPDATES',
  'TRANSMISSION_REQUIRED',
];

export const isSettled = (status: DependencyStatus | undefined): boolean =>
  status !== undefined && TERMINAL.has(status);

export const existing = (op: Operation): ExistingOperation => {
  if (op.status === 'NONE') throw new IllegalTransition('operation does not exist');
  return op;
};

/** An operation's status follows from its dependencies until it finishes. */
export const statusOf = (dependencies: readonly Dependency[]): OperationStatus => {
  const statuses = new Set(dependencies.map((dependency) => dependency.status));
  if (statuses.has('SIGNATURE_REQUIRED')) return 'SIGNATURE_REQUIRED';
  if (statuses.has('AWAITING_UPDATES')) return 'AWAITING_UPDATES';
  if (statuses.has('PROCESSING') || statuses.has('COMPLETED')) return 'PROCESSING';
  return 'QUEUED';
};

/**
 * The dependency to run now: dependencies run in their order, each after the one before it completed.
 * None while one waits for a signature or updates, or once the operation has finished.
 */
export const runnableDependency = (op: Operation): Dependency | undefined => {
  if (op.status === 'NONE' || op.preview || TERMINAL.has(op.status)) return undefined;
  const next = op.dependencies.find((dependency) => dependency.status !== 'COMPLETED');
  return next && (next.status === 'QUEUED' || next.status === 'PROCESSING') ? next : undefined;
};

const withDependency = (
  op: ExistingOperation,
  dependencyId: string,
  at: number,
  change: Partial<Dependency>,
): ExistingOperation => {
  const dependencies = op.dependencies.map((dependency) =>
    dependency.id === dependencyId ? { ...dependency, ...change } : dependency,
  );
  return { ...op, dependencies, status: statusOf(dependencies), updatedAt: at };
};

const newDependency = (spec: DependencySpec, preview: boolean): Dependency => ({
  ...spec,
  status: preview ? 'PREVIEW' : 'QUEUED',
  result: null,
  error: null,
  transaction: null,
  input: {},
  retryAt: null,
});

export const evolve = (op: Operation, event: OperationEvent): Operation => {
  switch (event.type) {
    case 'OperationRequested': {
      const { operationId: id, dependencies, preview, quote = [], at, ...rest } = event.data;
      return {
        ...rest,
        id,
        preview,
        quote,
        status: preview ? 'PREVIEW' : 'QUEUED',
        dependencies: dependencies.map((spec) => newDependency(spec, preview)),
        createdAt: at,
        updatedAt: at,
      };
    }
    case 'DependencyStarted':
      return withDependency(existing(op), event.data.dependencyId, event.data.at, { status: 'PROCESSING' });
    case 'DependencyCompleted':
      return withDependency(existing(op), event.data.dependencyId, event.data.at, {
        status: 'COMPLETED',
        result: event.data.result,
        transaction: null,
        retryAt: null,
      });
    case 'DependencyFailed':
      return withDependency(existing(op), event.data.dependencyId, event.data.at, {
        status: 'FAILED',
        error: event.data.error,
        retryAt: null,
      });
    case 'DependencyCancelled':
      return withDependency(existing(op), event.data.dependencyId, event.data.at, {
        status: 'CANCELLED',
        retryAt: null,
      });
    case 'DependencyRetryScheduled':
      return withDependency(existing(op), event.data.dependencyId, event.data.at, { retryAt: event.data.retryAt });
    case 'DependencySignatureRequested':
      return withDependency(existing(op), event.data.dependencyId, event.data.at, {
        status: 'SIGNATURE_REQUIRED',
        transaction: event.data.transaction,
        retryAt: null,
      });
    case 'DependencyUpdatesAwaited':
      return withDependency(existing(op), event.data.dependencyId, event.data.at, {
        status: 'AWAITING_UPDATES',
        retryAt: null,
      });
    case 'DependencyResumed': {
      const current = existing(op).dependencies.find((dependency) => dependency.id === event.data.dependencyId);
      return withDependency(existing(op), event.data.dependencyId, event.data.at, {
        status: 'PROCESSING',
        input: { ...current?.input, ...event.data.input },
      });
    }
    case 'OperationFinished':
      return { ...existing(op), status: event.data.status, updatedAt: event.data.at };
    default:
      return assertNever(event);
  }
};
