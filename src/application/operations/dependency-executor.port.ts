import { DependencyError, OperationSurface, Parameters } from '../../domain/operations/operation.events';

/** What an executor gets to run one dependency. */
export interface DependencyJob {
  readonly operationId: string;
  readonly dependencyId: string;
  readonly type: string;
  readonly parameters: Parameters;
  /** Everything submitted to the dependency while it waited (a signature, updates). */
  readonly input: Parameters;
  readonly accountId: string;
  readonly surface: OperationSurface;
  readonly domain: string | null;
  /** 1 on the first run; a run after a crash or a retry counts up. */
  readonly attempt: number;
  /** Results of the dependencies before this one, by dependency id. */
  readonly previousResults: Readonly<Record<string, Parameters>>;
}

export type ExecutionOutcome =
  | { readonly kind: 'completed'; readonly result: Parameters }
  | { readonly kind: 'failed'; readonly error: DependencyError }
  | { readonly kind: 'signatureRequired'; readonly transaction: Parameters }
  | { readonly kind: 'inputRequired'; readonly reason: string }
  | { readonly kind: 'retryLater'; readonly reason: string; readonly afterMs: number };

/**
 * Runs the dependencies of the types it handles. A job may run more than once (a worker that died mid-run is
 * replaced once its lease expires), so an executor checks the target's state before acting and records what it
 * sent before waiting for it: the effect happens once however often the job runs.
 */
export interface DependencyExecutor {
  readonly handles: readonly string[];
  execute(job: DependencyJob): Promise<ExecutionOutcome>;
}
