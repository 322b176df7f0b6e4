import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Dependency, ExistingOperation, runnableDependency } from '../../domain/operations/operation';
import { OperationCommand } from '../../domain/operations/operation.commands';
import { Parameters } from '../../domain/operations/operation.events';
import { assertNever } from '../../domain/shared/assert-never';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { Backlog, LeasedWork } from '../shared/lease-loops';
import { ChangeOperation } from './change-operation.command';
import { DependencyJob, ExecutionOutcome } from './dependency-executor.port';
import { DependencyExecutors } from './dependency-executors';
import { loadOperation } from './operation-streams';
import { Lease, WorkQueue } from './work-queue.port';

/** What configuration decides for the workers (CoreModule builds it from AppConfig). */
export class WorkerSettings {
  constructor(
    /** Dependencies one process runs at once. */
    readonly concurrency: number,
    /** How long a lease holds without a heartbeat. */
    readonly leaseMs: number,
    /** How often idle loops look for work when no notification came. */
    readonly pollMs: number,
    readonly maxAttempts: number,
    /** First delay after an executor throws; doubles per attempt. */
    readonly retryBaseMs: number,
  ) {}
}

const MAX_RETRY_DELAY_MS = 5 * 60_000;

type OperationChangeCommand = Exclude<OperationCommand, { type: 'RequestOperation' }>;

/** The operation command that records what an executor answered. */
export const outcomeCommand = (outcome: ExecutionOutcome, dependencyId: string, at: number): OperationChangeCommand => {
  switch (outcome.kind) {
    case 'completed':
      return { type: 'CompleteDependency', data: { dependencyId, at, result: outcome.result } };
    case 'failed':
      return { type: 'FailDependency', data: { dependencyId, at, error: outcome.error } };
    case 'signatureRequired':
      return { type: 'RequestSignature', data: { dependencyId, at, transaction: outcome.transaction } };
    case 'inputRequired':
      return { type: 'AwaitUpdates', data: { dependencyId, at, reason: outcome.reason } };
    case 'retryLater':
      return {
        type: 'ScheduleDependencyRetry',
        data: { dependencyId, at, reason: outcome.reason, retryAt: at + outcome.afterMs },
      };
    default:
      return assertNever(outcome);
  }
};

/** Work due within this counts for `settled()`: a short retry is work still to do, one in five minutes is not. */
const SOON_MS = 2000;

/**
 * The process manager of operations: leases runnable dependencies, runs them through their executors, records the
 * outcome on the operation (which cancels siblings and finishes it as the decider says) and gives the work back.
 * The engine runs it on its lease loops.
 */
@Injectable()
export class OperationWorkers implements LeasedWork<Lease> {
  private readonly log = new Logger(OperationWorkers.name);

  constructor(
    private readonly queue: WorkQueue,
    private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly executors: DependencyExecutors,
    private readonly clock: Clock,
    readonly settings: WorkerSettings,
  ) {}

  lease(owner: string): Promise<Lease | undefined> {
    return this.queue.lease(owner, this.settings.leaseMs);
  }

  leaseFailed(error: unknown): void {
    this.log.error('leasing work failed', (error as Error).stack);
  }

  // the lease expires and the work is taken again: nothing is lost, the executor's idempotence covers it
  runFailed(lease: Lease, error: unknown): void {
    this.log.error(`dependency ${lease.dependencyId} was not recorded`, (error as Error).stack);
  }

  onArrival(wake: () => void): () => void {
    return this.queue.onScheduled(wake);
  }

  releaseLeasesOf(isGone: (owner: string) => boolean): Promise<number> {
    return this.queue.releaseLeasesOf(isGone);
  }

  async backlog(): Promise<Backlog> {
    // what workers do appends events, which settled() sees in the store: no mark of their own. Looking ahead, due
    // work is often not leasable yet, so the loops are left to find it at their next poll
    return { pending: await this.queue.hasDueWork(SOON_MS), wake: false, mark: '' };
  }

  async run(lease: Lease): Promise<void> {
    const state = await loadOperation(this.store, lease.operationId);
    const dependency = runnableDependency(state);
    if (!dependency || dependency.id !== lease.dependencyId) return this.queue.finish(lease); // stale work
    const op = state as ExistingOperation;
    if (dependency.retryAt !== null && dependency.retryAt > this.clock.now())
      return this.queue.postpone(lease, dependency.retryAt);
    if (dependency.status === 'QUEUED') {
      await this.change(
        op.id,
        { type: 'StartDependency', data: { dependencyId: dependency.id, at: this.clock.now() } },
        `${dependency.id}:started`,
      );
    }
    const outcome = await this.withHeartbeat(lease, () => this.execute(op, dependency, lease));
    await this.record(op.id, dependency.id, outcome, lease);
    if (outcome.kind === 'retryLater') return this.queue.postpone(lease, this.clock.now() + outcome.afterMs);
    return this.queue.finish(lease);
  }

  private async execute(op: ExistingOperation, dependency: Dependency, lease: Lease): Promise<ExecutionOutcome> {
    const executor = this.executors.for(dependency.type);
    if (!executor) {
      return {
        kind: 'failed',
        error: { code: 'UNSUPPORTED_DEPENDENCY', message: `no executor runs ${dependency.type}` },
      };
    }
    try {
      return await executor.execute(this.jobFor(op, dependency, lease));
    } catch (error) {
      this.log.warn(`executor of ${dependency.type} threw on attempt ${lease.attempts}: ${(error as Error).message}`);
      if (lease.attempts >= this.settings.maxAttempts) {
        return { kind: 'failed', error: { code: 'INTERNAL', message: `gave up after ${lease.attempts} attempts` } };
      }
      const afterMs = Math.min(this.settings.retryBaseMs * 2 ** (lease.attempts - 1), MAX_RETRY_DELAY_MS);
      return { kind: 'retryLater', reason: (error as Error).message, afterMs };
    }
  }

  private jobFor(op: ExistingOperation, dependency: Dependency, lease: Lease): DependencyJob {
    const previousResults: Record<string, Parameters> = {};
    for (const before of op.dependencies) if (before.result) previousResults[before.id] = before.result;
    return {
      operationId: op.id,
      dependencyId: dependency.id,
      type: dependency.type,
      parameters: dependency.parameters,
      input: dependency.input,
      accountId: op.accountId,
      surface: op.surface,
      domain: op.domain,
      attempt: lease.attempts,
      previousResults,
    };
  }

  private async record(
    operationId: string,
    dependencyId: string,
    outcome: ExecutionOutcome,
    lease: Lease,
  ): Promise<void> {
    // one command id per attempt and outcome: recording again after a crash appends nothing twice
    await this.change(
      operationId,
      outcomeCommand(outcome, dependencyId, this.clock.now()),
      `${dependencyId}:attempt-${lease.attempts}:${outcome.kind}`,
    );
  }

  private change(operationId: string, change: OperationChangeCommand, commandId: string) {
    return this.commands.execute(new ChangeOperation(operationId, change, { commandId, causationId: commandId }));
  }

  /** Keeps the lease alive while the executor runs, so that only a dead worker's work is taken over. */
  private async withHeartbeat<T>(lease: Lease, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(
      () => {
        this.queue.renew(lease, this.settings.leaseMs).then(
          (held) => held || this.log.warn(`lease of ${lease.dependencyId} was taken over while its executor ran`),
          (error: unknown) => this.log.warn(`lease renewal failed: ${(error as Error).message}`),
        );
      },
      Math.max(10, Math.floor(this.settings.leaseMs / 3)),
    );
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }
}
