import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import {
  AwaitUpdates,
  CancelOperation,
  CompleteDependency,
  FailDependency,
  OperationCommand,
  RequestOperation,
  RenewSignatureRequest,
  RequestSignature,
  ResumeDependency,
  ScheduleDependencyRetry,
  StartDependency,
} from './operation.commands';
import { DependencyCancelled, OperationEvent, TerminalStatus } from './operation.events';
import {
  Dependency,
  evolve,
  existing,
  ExistingOperation,
  isSettled,
  Operation,
  runnableDependency,
  TERMINAL,
} from './operation';

const finished = (op: ExistingOperation, status: TerminalStatus, at: number): OperationEvent => ({
  type: 'OperationFinished',
  data: { operationId: op.id, status, at },
});

const toCancelled =
  (operationId: string, at: number) =>
  (dependency: Dependency): DependencyCancelled => ({
    type: 'DependencyCancelled',
    data: { operationId, dependencyId: dependency.id, at },
  });

const dependencyOf = (op: ExistingOperation, dependencyId: string): Dependency => {
  const dependency = op.dependencies.find((candidate) => candidate.id === dependencyId);
  if (!dependency)
    throw new IllegalTransition(`operation ${op.id} has no dependency ${dependencyId}`, { dependencyId });
  return dependency;
};

/** The operation and dependency a worker reports on, or undefined when the report is stale (settled already). */
const reportable = (
  op: Operation,
  dependencyId: string,
): { op: ExistingOperation; dependency: Dependency } | undefined => {
  const current = existing(op);
  const dependency = dependencyOf(current, dependencyId);
  if (isSettled(dependency.status) || TERMINAL.has(current.status)) return undefined;
  if (dependency.status !== 'PROCESSING') {
    throw new IllegalTransition(`dependency ${dependencyId} is ${dependency.status}, not PROCESSING`, { dependencyId });
  }
  return { op: current, dependency };
};

const requestOperation = (op: Operation, data: RequestOperation['data']): OperationEvent[] => {
  if (op.status !== 'NONE') throw new IllegalTransition(`operation ${data.operationId} exists already`);
  const ids = new Set(data.dependencies.map((dependency) => dependency.id));
  if (ids.size !== data.dependencies.length) throw new IllegalTransition('dependency ids must be unique');
  const requested: OperationEvent = { type: 'OperationRequested', data };
  // nothing to do: done as soon as asked (a preview is never run, so it stays PREVIEW)
  if (data.dependencies.length === 0 && !data.preview) {
    return [
      requested,
      { type: 'OperationFinished', data: { operationId: data.operationId, status: 'COMPLETED', at: data.at } },
    ];
  }
  return [requested];
};

const startDependency = (op: Operation, { dependencyId, at }: StartDependency['data']): OperationEvent[] => {
  const current = existing(op);
  const dependency = dependencyOf(current, dependencyId);
  if (dependency.status === 'PROCESSING' || isSettled(dependency.status)) return []; // a retried or stale start
  if (runnableDependency(current)?.id !== dependencyId) {
    throw new IllegalTransition(`dependency ${dependencyId} cannot start while it is ${dependency.status}`, {
      dependencyId,
    });
  }
  return [{ type: 'DependencyStarted', data: { operationId: current.id, dependencyId, at } }];
};

const completeDependency = (
  op: Operation,
  { dependencyId, result, at }: CompleteDependency['data'],
): OperationEvent[] => {
  const target = reportable(op, dependencyId);
  if (!target) return [];
  const completed: OperationEvent = {
    type: 'DependencyCompleted',
    data: { operationId: target.op.id, dependencyId, result, at },
  };
  const after = evolve(target.op, completed) as ExistingOperation;
  const allDone = after.dependencies.every((dependency) => dependency.status === 'COMPLETED');
  return allDone ? [completed, finished(target.op, 'COMPLETED', at)] : [completed];
};

const failDependency = (op: Operation, { dependencyId, error, at }: FailDependency['data']): OperationEvent[] => {
  const target = reportable(op, dependencyId);
  if (!target) return [];
  const { op: current } = target;
  const queuedSiblings = current.dependencies.filter(
    (dependency) => dependency.id !== dependencyId && !isSettled(dependency.status),
  );
  return [
    { type: 'DependencyFailed', data: { operationId: current.id, dependencyId, error, at } },
    ...queuedSiblings.map(toCancelled(current.id, at)),
    finished(current, 'FAILED', at),
  ];
};

const scheduleRetry = (
  op: Operation,
  { dependencyId, reason, retryAt, at }: ScheduleDependencyRetry['data'],
): OperationEvent[] => {
  const target = reportable(op, dependencyId);
  return target
    ? [{ type: 'DependencyRetryScheduled', data: { operationId: target.op.id, dependencyId, reason, retryAt, at } }]
    : [];
};

const requestSignature = (
  op: Operation,
  { dependencyId, transaction, at }: RequestSignature['data'],
): OperationEvent[] => {
  if (dependencyOf(existing(op), dependencyId).status === 'SIGNATURE_REQUIRED') return []; // asked twice
  const target = reportable(op, dependencyId);
  return target
    ? [{ type: 'DependencySignatureRequested', data: { operationId: target.op.id, dependencyId, transaction, at } }]
    : [];
};

const renewSignatureRequest = (
  op: Operation,
  { dependencyId, transaction, at }: RenewSignatureRequest['data'],
): OperationEvent[] => {
  const current = existing(op);
  const dependency = dependencyOf(current, dependencyId);
  if (dependency.status !== 'SIGNATURE_REQUIRED')
    throw new IllegalTransition(`dependency ${dependencyId} is ${dependency.status} and waits for no signature`, {
      dependencyId,
    });
  if (JSON.stringify(dependency.transaction) === JSON.stringify(transaction)) return []; // renewed already
  return [{ type: 'DependencySignatureRequested', data: { operationId: current.id, dependencyId, transaction, at } }];
};

const awaitUpdates = (op: Operation, { dependencyId, reason, at }: AwaitUpdates['data']): OperationEvent[] => {
  if (dependencyOf(existing(op), dependencyId).status === 'AWAITING_UPDATES') return []; // reported twice
  const target = reportable(op, dependencyId);
  return target
    ? [{ type: 'DependencyUpdatesAwaited', data: { operationId: target.op.id, dependencyId, reason, at } }]
    : [];
};

const resumeDependency = (op: Operation, { dependencyId, input, at }: ResumeDependency['data']): OperationEvent[] => {
  const current = existing(op);
  const dependency = dependencyOf(current, dependencyId);
  if (dependency.status !== 'SIGNATURE_REQUIRED' && dependency.status !== 'AWAITING_UPDATES') {
    throw new IllegalTransition(`dependency ${dependencyId} is ${dependency.status} and waits for nothing`, {
      dependencyId,
      status: dependency.status,
    });
  }
  return [{ type: 'DependencyResumed', data: { operationId: current.id, dependencyId, input, at } }];
};

const cancelOperation = (op: Operation, { at }: CancelOperation['data']): OperationEvent[] => {
  const current = existing(op);
  if (TERMINAL.has(current.status) || current.preview) return [];
  // work already handed to a chain or a registry cannot be called back; only waiting operations are cancelled
  if (current.dependencies.some((dependency) => dependency.status === 'PROCESSING')) {
    throw new IllegalTransition(`operation ${current.id} is processing and cannot be cancelled`);
  }
  const open = current.dependencies.filter((dependency) => !isSettled(dependency.status));
  return [...open.map(toCancelled(current.id, at)), finished(current, 'CANCELLED', at)];
};

export const decide = (command: OperationCommand, op: Operation): OperationEvent[] => {
  switch (command.type) {
    case 'RequestOperation':
      return requestOperation(op, command.data);
    case 'StartDependency':
      return startDependency(op, command.data);
    case 'CompleteDependency':
      return completeDependency(op, command.data);
    case 'FailDependency':
      return failDependency(op, command.data);
    case 'ScheduleDependencyRetry':
      return scheduleRetry(op, command.data);
    case 'RequestSignature':
      return requestSignature(op, command.data);
    case 'RenewSignatureRequest':
      return renewSignatureRequest(op, command.data);
    case 'AwaitUpdates':
      return awaitUpdates(op, command.data);
    case 'ResumeDependency':
      return resumeDependency(op, command.data);
    case 'CancelOperation':
      return cancelOperation(op, command.data);
    default:
      return assertNever(command);
  }
};

export const operationDecider: Decider<OperationCommand, OperationEvent, Operation> = {
  initialState: (): Operation => ({ status: 'NONE' }),
  evolve,
  decide,
};
