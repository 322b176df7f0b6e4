import { ZoneChangeRequest } from '../../src/domain/dns-domains/zone-change-decision';
import { DomainActivityEvent } from '../../src/domain/operations/domain-activity';
import { DependencySpec, OperationEvent } from '../../src/domain/operations/operation.events';

type RequestedData = Extract<OperationEvent, { type: 'OperationRequested' }>['data'];

/**
 * The events of one operation, for the domain's specs: requested at `requestedAt` with `TEST_STEP` dependencies
 * (each one's parameters name it), and every later event at `changedAt`.
 */
export const operationEvents = (
  operationId: string,
  times: { readonly requestedAt: number; readonly changedAt: number },
  request: Pick<RequestedData, 'accountId' | 'surface' | 'type' | 'domain'> & Partial<Pick<RequestedData, 'quote'>>,
) => {
  const at = times.changedAt;
  return {
    requested: (dependencyIds: string[], preview = false): OperationEvent => ({
      type: 'OperationRequested',
      data: {
        operationId,
        ...request,
        preview,
        validUntil: null,
        at: times.requestedAt,
        dependencies: dependencyIds.map((id) => ({ id, type: 'TEST_STEP', parameters: { step: id } })),
      },
    }),
    started: (dependencyId: string, when = at): OperationEvent => ({
      type: 'DependencyStarted',
      data: { operationId, dependencyId, at: when },
    }),
    completed: (dependencyId: string, result: Record<string, unknown> = { ok: true }): OperationEvent => ({
      type: 'DependencyCompleted',
      data: { operationId, dependencyId, result, at },
    }),
    failed: (dependencyId: string): OperationEvent => ({
      type: 'DependencyFailed',
      data: { operationId, dependencyId, error: { code: 'REGISTRY', message: 'registry rejected' }, at },
    }),
    cancelled: (dependencyId: string): OperationEvent => ({
      type: 'DependencyCancelled',
      data: { operationId, dependencyId, at },
    }),
    retryScheduled: (dependencyId: string, retryAt = at + 5000): OperationEvent => ({
      type: 'DependencyRetryScheduled',
      data: { operationId, dependencyId, reason: 'busy', retryAt, at },
    }),
    signatureRequested: (dependencyId: string): OperationEvent => ({
      type: 'DependencySignatureRequested',
      data: { operationId, dependencyId, transaction: { messageToSign: '0xabc' }, at },
    }),
    updatesAwaited: (dependencyId: string): OperationEvent => ({
      type: 'DependencyUpdatesAwaited',
      data: { operationId, dependencyId, reason: 'contact unverified', at },
    }),
    resumed: (dependencyId: string, input: Record<string, unknown>): OperationEvent => ({
      type: 'DependencyResumed',
      data: { operationId, dependencyId, input, at },
    }),
    finished: (status: 'COMPLETED' | 'FAILED' | 'CANCELLED'): OperationEvent => ({
      type: 'OperationFinished',
      data: { operationId, status, at },
    }),
  };
};

type DecidedRequest = Omit<RequestedData, 'preview' | 'validUntil' | 'dependencies' | 'domain'> & { domain: string };

/**
 * What a decision that starts an operation appends, for the deciders' specs: `requested(dependencies, change)` on the
 * operation's stream (not a preview unless changed) and `started(...)` on its domain's activity stream, both of one
 * request by one account.
 */
export const decidedOperation = (asked: DecidedRequest) => ({
  requested: (dependencies: readonly DependencySpec[], change: Partial<RequestedData> = {}): OperationEvent => ({
    type: 'OperationRequested',
    data: { ...asked, preview: false, validUntil: null, dependencies, ...change },
  }),
  started: (operationId = asked.operationId, accountId = asked.accountId, at = asked.at): DomainActivityEvent => ({
    type: 'DomainOperationStarted',
    data: { domain: asked.domain, operationId, accountId, at },
  }),
});

/** A zone change of `name` that asks nothing, with a dependency id for each kind of change: `change` says what. */
export const zoneChangeOf = (name: string, change: Partial<ZoneChangeRequest> = {}): ZoneChangeRequest => ({
  name,
  records: null,
  recordDependencyIds: { update: [], delete: [] },
  nameservers: null,
  nameserversDependencyId: 'plop_ns',
  dnssec: null,
  dnssecDependencyId: 'plop_dnssec',
  hosting: null,
  hostingDependencyId: 'plop_hosting',
  ...change,
});
