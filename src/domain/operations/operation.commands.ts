import { DomainCommand, MessageData } from '../shared/message';
import { DependencyError, OperationRequested, Parameters } from './operation.events';

type OnDependency<Data = unknown> = MessageData<{ dependencyId: string }, Data>;

export type RequestOperation = DomainCommand<'RequestOperation', OperationRequested['data']>;
export type StartDependency = DomainCommand<'StartDependency', OnDependency>;
export type CompleteDependency = DomainCommand<'CompleteDependency', OnDependency<{ result: Parameters }>>;
export type FailDependency = DomainCommand<'FailDependency', OnDependency<{ error: DependencyError }>>;
export type ScheduleDependencyRetry = DomainCommand<
  'ScheduleDependencyRetry',
  OnDependency<{ reason: string; retryAt: number }>
>;
export type RequestSignature = DomainCommand<'RequestSignature', OnDependency<{ transaction: Parameters }>>;
/** A waiting dependency's signing request replaced by a current one (the old one went stale on chain). */
export type RenewSignatureRequest = DomainCommand<'RenewSignatureRequest', OnDependency<{ transaction: Parameters }>>;
export type AwaitUpdates = DomainCommand<'AwaitUpdates', OnDependency<{ reason: string }>>;
/** Hands a waiting dependency what it waits for: a signature, or updated input. */
export type ResumeDependency = DomainCommand<'ResumeDependency', OnDependency<{ input: Parameters }>>;
export type CancelOperation = DomainCommand<'CancelOperation', { at: number }>;

export type OperationCommand =
  | RequestOperation
  | StartDependency
  | CompleteDependency
  | FailDependency
  | ScheduleDependencyRetry
  | RequestSignature
  | RenewSignatureRequest
  | AwaitUpdates
  | ResumeDependency
  | CancelOperation;
