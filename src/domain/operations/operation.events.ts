import { DomainEvent, MessageData } from '../shared/message';

/** Surface C speaks the `web3` vocabulary of operation types, surface D the `reseller` one; one engine runs both. */
export type OperationSurface = 'web3' | 'reseller';

export type DependencyStatus =
  | 'PREVIEW'
  | 'QUEUED'
  | 'PROCESSING'
  | 'SIGNATURE_REQUIRED'
  | 'AWAITING_UPDATES'
  | 'COMPLETED'
  | 'FAILED'
  | 'CANCELLED';

/** Every status of both surfaces; `TRANSMISSION_REQUIRED` appears only in reseller operation lists. */
export type OperationStatus = DependencyStatus | 'TRANSMISSION_REQUIRED';

export type TerminalStatus = 'COMPLETED' | 'FAILED' | 'CANCELLED';

export type Parameters = Readonly<Record<string, unknown>>;

export interface DependencySpec {
  readonly id: string;
  readonly type: string;
  readonly parameters: Parameters;
}

export interface DependencyError {
  readonly code: string;
  readonly message: string;
}

/** What committing an operation does to the account's running balance: shown on its preview, charged on its commit. */
export interface QuotedAmount {
  readonly type: 'CHARGE' | 'CREDIT';
  readonly reason: string;
  readonly amountCents: number;
}

/** The order line an operation delivers. */
export interface PaidBy {
  readonly orderId: string;
  readonly productId: number;
}

type Of<Data> = MessageData<{ operationId: string }, Data>;
type OfDependency<Data = unknown> = MessageData<{ operationId: string; dependencyId: string }, Data>;

export type OperationRequested = DomainEvent<
  'OperationRequested',
  Of<{
    accountId: string;
    surface: OperationSurface;
    type: string;
    domain: string | null;
    preview: boolean;
    validUntil: number | null;
    dependencies: readonly DependencySpec[];
    /** Absent from operations requested before quotes were recorded. */
    quote?: readonly QuotedAmount[];
    /** A user's order paid for it (not the account's running balance): the order settles it when it finishes. */
    paidBy?: PaidBy;
  }>
>;
export type DependencyStarted = DomainEvent<'DependencyStarted', OfDependency>;
export type DependencyCompleted = DomainEvent<'DependencyCompleted', OfDependency<{ result: Parameters }>>;
export type DependencyFailed = DomainEvent<'DependencyFailed', OfDependency<{ error: DependencyError }>>;
export type DependencyCancelled = DomainEvent<'DependencyCancelled', OfDependency>;
export type DependencyRetryScheduled = DomainEvent<
  'DependencyRetryScheduled',
  OfDependency<{ reason: string; retryAt: number }>
>;
export type DependencySignatureRequested = DomainEvent<
  'DependencySignatureRequested',
  OfDependency<{ transaction: Parameters }>
>;
export type DependencyUpdatesAwaited = DomainEvent<'DependencyUpdatesAwaited', OfDependency<{ reason: string }>>;
/** A signature or other input arrived for a waiting dependency; it runs again with the input. */
export type DependencyResumed = DomainEvent<'DependencyResumed', OfDependency<{ input: Parameters }>>;
export type OperationFinished = DomainEvent<'OperationFinished', Of<{ status: TerminalStatus }>>;

export type OperationEvent =
  | OperationRequested
  | DependencyStarted
  | DependencyCompleted
  | DependencyFailed
  | DependencyCancelled
  | DependencyRetryScheduled
  | DependencySignatureRequested
  | DependencyUpdatesAwaited
  | DependencyResumed
  | OperationFinished;

export const OPERATION_EVENT_TYPES: readonly OperationEvent['type'][] = [
  'OperationRequested',
  'DependencyStarted',
  'DependencyCompleted',
  'DependencyFailed',
  'DependencyCancelled',
  'DependencyRetryScheduled',
  'DependencySignatureRequested',
  'DependencyUpdatesAwaited',
  'DependencyResumed',
  'OperationFinished',
];
