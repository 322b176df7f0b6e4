import { deciderSpec } from '../../../test/support/decider-spec';
import { operationEvents } from '../../../test/support/operation-events';
import { fold } from '../shared/decider';
import { ConcurrentOperation, IllegalTransition } from '../shared/errors';
import { OperationCommand } from './operation.commands';
import { operationDecider } from './operation.decider';
import { OPERATION_EVENT_TYPES, OperationEvent } from './operation.events';
import { domainActivityDecider } from './domain-activity';

// Equivalent mutants (no test can tell them from the rule; the state tests are in operation.spec.ts):
// - operation.ts `isSettled`: `status !== undefined` → `true`: TERMINAL.has(undefined) is false as well.
// - operation.ts `statusOf`: the PROCESSING condition → `true` and the final `'QUEUED'` → `""`: QUEUED is answered only
//   between a DependencyFailed or DependencyCancelled and the OperationFinished the decider appends with it, which
//   sets the status itself (a new operation is QUEUED by OperationRequested, not by statusOf).
// - operation.ts `evolve` DependencyResumed: `current?.input` → `current.input`: the decider resumes only a
//   dependency the operation has, so `current` is never undefined.

const at = 1_700_000_000_000;
const given = deciderSpec(operationDecider);
const operationId = 'op-1';

const { requested, started, completed, failed, cancelled, signatureRequested, finished } = operationEvents(
  operationId,
  { requestedAt: at, changedAt: at },
  { accountId: 'acct-1', surface: 'reseller', type: 'DOMAIN_ADMIN_UPDATE', domain: 'example.com' },
);

const request = (dependencyIds: string[]): OperationCommand => ({
  type: 'RequestOperation',
  data: requested(dependencyIds).data as never,
});
const start = (dependencyId: string): OperationCommand => ({ type: 'StartDependency', data: { dependencyId, at } });
const complete = (dependencyId: string): OperationCommand => ({
  type: 'CompleteDependency',
  data: { dependencyId, result: { ok: true }, at },
});
const fail = (dependencyId: string): OperationCommand => ({
  type: 'FailDependency',
  data: { dependencyId, error: { code: 'REGISTRY', message: 'registry rejected' }, at },
});
const resume = (dependencyId: string, input: Record<string, unknown> = { signature: '0x51' }): OperationCommand => ({
  type: 'ResumeDependency',
  data: { dependencyId, input, at },
});
const resumed = (dependencyId: string, input: Record<string, unknown> = { signature: '0x51' }): OperationEvent => ({
  type: 'DependencyResumed',
  data: { operationId, dependencyId, input, at },
});
const updatesAwaited = (dependencyId: string): OperationEvent => ({
  type: 'DependencyUpdatesAwaited',
  data: { operationId, dependencyId, reason: 'contact unverified', at },
});
const awaitUpdates = (dependencyId: string): OperationCommand => ({
  type: 'AwaitUpdates',
  data: { dependencyId, reason: 'contact unverified', at },
});
const askSignature = (dependencyId: string, messageToSign = '0xabc'): OperationCommand => ({
  type: 'RequestSignature',
  data: { dependencyId, transaction: { messageToSign }, at },
});
const renew = (dependencyId: string, messageToSign: string): OperationCommand => ({
  type: 'RenewSignatureRequest',
  data: { dependencyId, transaction: { messageToSign }, at },
});
const retry = (dependencyId: string): OperationCommand => ({
  type: 'ScheduleDependencyRetry',
  data: { dependencyId, reason: 'busy', retryAt: at + 5000, at },
});
const cancel: OperationCommand = { type: 'CancelOperation', data: { at } };

describe('operation decider', () => {
  describe('RequestOperation', () => {
    it('requests a new operation', () =>
      given()
        .when(request(['plop_a']))
        .then(requested(['plop_a'])));
    it('finishes an operation with nothing to do at once', () =>
      given().when(request([])).then(requested([]), finished('COMPLETED')));
    it('requests an operation of several dependencies', () =>
      given()
        .when(request(['plop_a', 'plop_b', 'plop_c']))
        .then(requested(['plop_a', 'plop_b', 'plop_c'])));
    it('keeps a preview with nothing to do a preview: it is never run', () =>
      given()
        .when({ type: 'RequestOperation', data: requested([], true).data as never })
        .then(requested([], true)));
    it('refuses an id that exists', () =>
      given(requested(['plop_a']))
        .when(request(['plop_a']))
        .thenThrows(IllegalTransition, { code: 'ILLEGAL_TRANSITION', message: /operation op-1 exists already/ }));
    it('refuses duplicate dependency ids', () =>
      given()
        .when(request(['plop_a', 'plop_b', 'plop_a']))
        .thenThrows(IllegalTransition, /unique/));
  });

  describe('StartDependency', () => {
    it('starts the first queued dependency', () =>
      given(requested(['plop_a', 'plop_b']))
        .when(start('plop_a'))
        .then(started('plop_a')));
    it('starts the next one once the one before it completed', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a'))
        .when(start('plop_b'))
        .then(started('plop_b')));
    it('refuses to start a dependency out of order', () =>
      given(requested(['plop_a', 'plop_b']))
        .when(start('plop_b'))
        .thenThrows(IllegalTransition, {
          message: /dependency plop_b cannot start while it is QUEUED/,
          context: { dependencyId: 'plop_b' },
        }));
    it('refuses to start the next one while the one before it waits for a signature', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), signatureRequested('plop_a'))
        .when(start('plop_b'))
        .thenThrows(IllegalTransition, /cannot start/));
    it('refuses a dependency it does not have', () =>
      given(requested(['plop_a']))
        .when(start('plop_x'))
        .thenThrows(IllegalTransition, {
          code: 'ILLEGAL_TRANSITION',
          message: /operation op-1 has no dependency plop_x/,
          context: { dependencyId: 'plop_x' },
        }));
    it('refuses an operation that was never requested', () =>
      given()
        .when(start('plop_a'))
        .thenThrows(IllegalTransition, /operation does not exist/));
    it('says nothing when started twice', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when(start('plop_a'))
        .thenNothing());
    it('refuses a preview, which never runs', () =>
      given(requested(['plop_a'], true))
        .when(start('plop_a'))
        .thenThrows(IllegalTransition));
  });

  describe('CompleteDependency', () => {
    it('completes a dependency and waits for the next', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'))
        .when(complete('plop_a'))
        .then(completed('plop_a')));
    it('finishes the operation with its last dependency', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when(complete('plop_a'))
        .then(completed('plop_a'), finished('COMPLETED')));
    it('refuses to complete a dependency that has not started', () =>
      given(requested(['plop_a']))
        .when(complete('plop_a'))
        .thenThrows(IllegalTransition, {
          message: /plop_a is QUEUED, not PROCESSING/,
          context: { dependencyId: 'plop_a' },
        }));
    it('says nothing when a completed dependency is reported again while the next one waits its turn', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a'))
        .when(complete('plop_a'))
        .thenNothing());
    it('says nothing when reported twice', () =>
      given(requested(['plop_a']), started('plop_a'), completed('plop_a'), finished('COMPLETED'))
        .when(complete('plop_a'))
        .thenNothing());
  });

  describe('FailDependency', () => {
    it('cancels the queued siblings of a failed dependency and fails the operation', () =>
      given(requested(['plop_a', 'plop_b', 'plop_c']), started('plop_a'))
        .when(fail('plop_a'))
        .then(failed('plop_a'), cancelled('plop_b'), cancelled('plop_c'), finished('FAILED')));
    it('leaves completed siblings as they are', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a'), started('plop_b'))
        .when(fail('plop_b'))
        .then(failed('plop_b'), finished('FAILED')));
    it('refuses to fail a dependency waiting in the queue', () =>
      given(requested(['plop_a']))
        .when(fail('plop_a'))
        .thenThrows(IllegalTransition));
    it('says nothing for a dependency cancelled already', () =>
      given(
        requested(['plop_a', 'plop_b']),
        started('plop_a'),
        failed('plop_a'),
        cancelled('plop_b'),
        finished('FAILED'),
      )
        .when(fail('plop_b'))
        .thenNothing());
  });

  describe('RequestSignature and ResumeDependency', () => {
    const ask = askSignature('plop_a');
    it('stops a processing dependency for a signature', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when(ask)
        .then(signatureRequested('plop_a')));
    it('says nothing when asked twice', () =>
      given(requested(['plop_a']), started('plop_a'), signatureRequested('plop_a'))
        .when(ask)
        .thenNothing());
    it('says nothing when asked for a dependency that completed meanwhile', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a'))
        .when(ask)
        .thenNothing());
    it('resumes it with the signature', () =>
      given(requested(['plop_a']), started('plop_a'), signatureRequested('plop_a'))
        .when(resume('plop_a'))
        .then(resumed('plop_a')));
    it('refuses a signature nobody asked for', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when(resume('plop_a'))
        .thenThrows(IllegalTransition, {
          message: /plop_a is PROCESSING and waits for nothing/,
          context: { dependencyId: 'plop_a', status: 'PROCESSING' },
        }));
  });

  describe('RenewSignatureRequest', () => {
    const waiting = [requested(['plop_a']), started('plop_a'), signatureRequested('plop_a')];
    it('replaces a stale signing request with the current one', () =>
      given(...waiting)
        .when(renew('plop_a', '0xdef'))
        .then({
          type: 'DependencySignatureRequested',
          data: { operationId, dependencyId: 'plop_a', transaction: { messageToSign: '0xdef' }, at },
        }));
    it('keeps what the dependency waits for once renewed', () =>
      given(...waiting)
        .when(renew('plop_a', '0xdef'))
        .thenState({
          status: 'SIGNATURE_REQUIRED',
          dependencies: [{ status: 'SIGNATURE_REQUIRED', transaction: { messageToSign: '0xdef' } }],
        }));
    it('says nothing when the request is current already', () =>
      given(...waiting)
        .when(renew('plop_a', '0xabc'))
        .thenNothing());
    it('refuses to renew for a dependency that waits for no signature', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when(renew('plop_a', '0xdef'))
        .thenThrows(IllegalTransition, {
          message: /plop_a is PROCESSING and waits for no signature/,
          context: { dependencyId: 'plop_a' },
        }));
  });

  describe('ScheduleDependencyRetry and AwaitUpdates', () => {
    it('schedules a retry of a processing dependency', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when({
          type: 'ScheduleDependencyRetry',
          data: { dependencyId: 'plop_a', reason: 'busy', retryAt: at + 5000, at },
        })
        .then({
          type: 'DependencyRetryScheduled',
          data: { operationId, dependencyId: 'plop_a', reason: 'busy', retryAt: at + 5000, at },
        }));
    it('says nothing for a retry of a dependency that completed meanwhile', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a'))
        .when(retry('plop_a'))
        .thenNothing());
    it('refuses to retry a queued dependency', () =>
      given(requested(['plop_a']))
        .when({ type: 'ScheduleDependencyRetry', data: { dependencyId: 'plop_a', reason: 'busy', retryAt: at, at } })
        .thenThrows(IllegalTransition));
    it('stops a dependency for updates', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when(awaitUpdates('plop_a'))
        .then(updatesAwaited('plop_a')));
    it('says nothing when updates are awaited twice', () =>
      given(requested(['plop_a']), started('plop_a'), updatesAwaited('plop_a'))
        .when(awaitUpdates('plop_a'))
        .thenNothing());
    it('says nothing when updates are awaited for a dependency that completed meanwhile', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a'))
        .when(awaitUpdates('plop_a'))
        .thenNothing());
    it('resumes a dependency awaiting updates with them', () =>
      given(requested(['plop_a']), started('plop_a'), updatesAwaited('plop_a'))
        .when(resume('plop_a', { contactId: 'con_1' }))
        .then(resumed('plop_a', { contactId: 'con_1' })));
  });

  describe('CancelOperation', () => {
    it('cancels a waiting operation', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), signatureRequested('plop_a'))
        .when(cancel)
        .then(cancelled('plop_a'), cancelled('plop_b'), finished('CANCELLED')));
    it('cancels an operation nothing of which has started', () =>
      given(requested(['plop_a', 'plop_b']))
        .when(cancel)
        .then(cancelled('plop_a'), cancelled('plop_b'), finished('CANCELLED')));
    it('leaves the dependencies completed before as they are', () =>
      given(
        requested(['plop_a', 'plop_b', 'plop_c']),
        started('plop_a'),
        completed('plop_a'),
        started('plop_b'),
        updatesAwaited('plop_b'),
      )
        .when(cancel)
        .then(cancelled('plop_b'), cancelled('plop_c'), finished('CANCELLED')));
    it('refuses while a dependency is processing', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when(cancel)
        .thenThrows(IllegalTransition, /processing/));
    it('refuses while one of several dependencies is processing', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a'), started('plop_b'))
        .when(cancel)
        .thenThrows(IllegalTransition, {
          code: 'ILLEGAL_TRANSITION',
          message: /operation op-1 is processing and cannot be cancelled/,
        }));
    it('says nothing for a finished operation', () =>
      given(requested(['plop_a']), started('plop_a'), completed('plop_a'), finished('COMPLETED'))
        .when(cancel)
        .thenNothing());
    it('says nothing for a failed operation', () =>
      given(
        requested(['plop_a', 'plop_b']),
        started('plop_a'),
        failed('plop_a'),
        cancelled('plop_b'),
        finished('FAILED'),
      )
        .when(cancel)
        .thenNothing());
    it('says nothing for a cancelled operation', () =>
      given(requested(['plop_a']), cancelled('plop_a'), finished('CANCELLED'))
        .when(cancel)
        .thenNothing());
    it('says nothing for a preview, which never runs', () =>
      given(requested(['plop_a'], true))
        .when(cancel)
        .thenNothing());
  });

  it('fails loudly on a command of a newer version', () =>
    given(requested(['plop_a']))
      .when({ type: 'PauseOperation', data: { at } } as never)
      .thenThrows(Error, /unexpected value/));

  it('tells its subscribers about every event it records', () => {
    const recorded = new Set<string>();
    const run = (...commands: OperationCommand[]) =>
      commands.reduce<OperationEvent[]>((history, command) => {
        const decided = operationDecider.decide(command, fold(operationDecider, history));
        for (const event of decided) recorded.add(event.type);
        return [...history, ...decided];
      }, []);
    run(
      request(['plop_a', 'plop_b', 'plop_c']),
      start('plop_a'),
      retry('plop_a'),
      awaitUpdates('plop_a'),
      resume('plop_a'),
      askSignature('plop_a'),
      resume('plop_a'),
      complete('plop_a'),
      start('plop_b'),
      fail('plop_b'),
    );
    expect(recorded.size).toBe(OPERATION_EVENT_TYPES.length);
    expect(new Set(OPERATION_EVENT_TYPES)).toEqual(recorded);
  });
});

describe('domain activity decider', () => {
  const givenDomain = deciderSpec(domainActivityDecider);
  const claim = (id: string) => ({
    type: 'ClaimDomain' as const,
    data: { domain: 'example.com', operationId: id, accountId: 'acct-1', at },
  });
  const release = (id: string) => ({
    type: 'ReleaseDomain' as const,
    data: { domain: 'example.com', operationId: id, at },
  });
  const claimed = (id: string) => ({ type: 'DomainOperationStarted' as const, data: claim(id).data });
  const released = (id: string) => ({ type: 'DomainOperationReleased' as const, data: release(id).data });

  it('lets an operation claim a free domain', () => givenDomain().when(claim('op-1')).then(claimed('op-1')));
  it('holds the domain for the claiming operation and its account', () =>
    givenDomain().when(claim('op-1')).thenState({ openOperationId: 'op-1', holderAccountId: 'acct-1' }));
  it('lets the next operation claim it once released', () =>
    givenDomain(claimed('op-1'), released('op-1')).when(claim('op-2')).then(claimed('op-2')));
  it('refuses a second unfinished operation', () =>
    givenDomain(claimed('op-1'))
      .when(claim('op-2'))
      .thenThrows(ConcurrentOperation, {
        code: 'CONCURRENT_OPERATION',
        message: /domain example.com has an unfinished operation/,
      }));
  it('says nothing when the holder claims again', () => givenDomain(claimed('op-1')).when(claim('op-1')).thenNothing());
  it("names the holder's id to its own account only", () => {
    const refusal = (accountId: string) => {
      try {
        domainActivityDecider.decide(
          { ...claim('op-2'), data: { ...claim('op-2').data, accountId } },
          domainActivityDecider.evolve(domainActivityDecider.initialState(), claimed('op-1')),
        );
      } catch (error) {
        return error as ConcurrentOperation;
      }
      throw new Error('no refusal');
    };
    expect(refusal('acct-1').context).toEqual({ domain: 'example.com', operationId: 'op-1' });
    expect(refusal('acct-2').context).toEqual({ domain: 'example.com' });
  });
  it('releases the domain when its holder finishes', () =>
    givenDomain(claimed('op-1')).when(release('op-1')).then(released('op-1')));
  it('holds nothing once released', () =>
    givenDomain(claimed('op-1')).when(release('op-1')).thenState({ openOperationId: null, holderAccountId: null }));
  it('holds nothing before any claim', () => givenDomain().thenState({ openOperationId: null, holderAccountId: null }));
  it('releases only for the holder', () => givenDomain(claimed('op-1')).when(release('op-2')).thenNothing());
  it('fails loudly on a command or an event of a newer version', () => {
    givenDomain()
      .when({ type: 'TransferDomain', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(domainActivityDecider, [{ type: 'DomainTransferred', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });
});
