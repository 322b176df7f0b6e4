import { deciderSpec } from '../../../test/support/decider-spec';
import { ConcurrentOperation, IllegalTransition } from '../shared/errors';
import { OperationCommand } from './operation.commands';
import { operationDecider } from './operation.decider';
import { OperationEvent } from './operation.events';
import { domainActivityDecider } from './domain-activity';

const at = 1_700_000_000_000;
const given = deciderSpec(operationDecider);
const operationId = 'op-1';

const requested = (dependencyIds: string[], preview = false): OperationEvent => ({
  type: 'OperationRequested',
  data: {
    operationId, accountId: 'acct-1', surface: 'reseller', type: 'DOMAIN_ADMIN_UPDATE', domain: 'example.com', preview, validUntil: null, at,
    dependencies: dependencyIds.map((id) => ({ id, type: 'TEST_STEP', parameters: {} })),
  },
});
const started = (dependencyId: string): OperationEvent => ({ type: 'DependencyStarted', data: { operationId, dependencyId, at } });
const completed = (dependencyId: string): OperationEvent => ({ type: 'DependencyCompleted', data: { operationId, dependencyId, result: { ok: true }, at } });
const failed = (dependencyId: string): OperationEvent => ({ type: 'DependencyFailed', data: { operationId, dependencyId, error: { code: 'REGISTRY', message: 'registry rejected' }, at } });
const cancelled = (dependencyId: string): OperationEvent => ({ type: 'DependencyCancelled', data: { operationId, dependencyId, at } });
const signatureRequested = (dependencyId: string): OperationEvent => ({ type: 'DependencySignatureRequested', data: { operationId, dependencyId, transaction: { messageToSign: '0xabc' }, at } });
const finished = (status: 'COMPLETED' | 'FAILED' | 'CANCELLED'): OperationEvent => ({ type: 'OperationFinished', data: { operationId, status, at } });

const request = (dependencyIds: string[]): OperationCommand => ({ type: 'RequestOperation', data: (requested(dependencyIds).data as never) });
const start = (dependencyId: string): OperationCommand => ({ type: 'StartDependency', data: { dependencyId, at } });
const complete = (dependencyId: string): OperationCommand => ({ type: 'CompleteDependency', data: { dependencyId, result: { ok: true }, at } });
const fail = (dependencyId: string): OperationCommand => ({ type: 'FailDependency', data: { dependencyId, error: { code: 'REGISTRY', message: 'registry rejected' }, at } });
const resume = (dependencyId: string): OperationCommand => ({ type: 'ResumeDependency', data: { dependencyId, input: { signature: '0x51' }, at } });

describe('operation decider', () => {
  describe('RequestOperation', () => {
    it('requests a new operation', () => given().when(request(['plop_a'])).then(requested(['plop_a'])));
    it('finishes an operation with nothing to do at once', () => given().when(request([])).then(requested([]), finished('COMPLETED')));
    it('refuses an id that exists', () => given(requested(['plop_a'])).when(request(['plop_a'])).thenThrows(IllegalTransition));
    it('refuses duplicate dependency ids', () => given().when(request(['plop_a', 'plop_a'])).thenThrows(IllegalTransition, /unique/));
  });

  describe('StartDependency', () => {
    it('starts the first queued dependency', () => given(requested(['plop_a', 'plop_b'])).when(start('plop_a')).then(started('plop_a')));
    it('starts the next one once the one before it completed', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a')).when(start('plop_b')).then(started('plop_b')));
    it('refuses to start a dependency out of order', () =>
      given(requested(['plop_a', 'plop_b'])).when(start('plop_b')).thenThrows(IllegalTransition));
    it('refuses a dependency it does not have', () => given(requested(['plop_a'])).when(start('plop_x')).thenThrows(IllegalTransition));
    it('says nothing when started twice', () => given(requested(['plop_a']), started('plop_a')).when(start('plop_a')).thenNothing());
    it('refuses a preview, which never runs', () => given(requested(['plop_a'], true)).when(start('plop_a')).thenThrows(IllegalTransition));
  });

  describe('CompleteDependency', () => {
    it('completes a dependency and waits for the next', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a')).when(complete('plop_a')).then(completed('plop_a')));
    it('finishes the operation with its last dependency', () =>
      given(requested(['plop_a']), started('plop_a')).when(complete('plop_a')).then(completed('plop_a'), finished('COMPLETED')));
    it('refuses to complete a dependency that has not started', () =>
      given(requested(['plop_a'])).when(complete('plop_a')).thenThrows(IllegalTransition, /not PROCESSING/));
    it('says nothing when reported twice', () =>
      given(requested(['plop_a']), started('plop_a'), completed('plop_a'), finished('COMPLETED')).when(complete('plop_a')).thenNothing());
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
      given(requested(['plop_a'])).when(fail('plop_a')).thenThrows(IllegalTransition));
    it('says nothing for a dependency cancelled already', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), failed('plop_a'), cancelled('plop_b'), finished('FAILED')).when(fail('plop_b')).thenNothing());
  });

  describe('RequestSignature and ResumeDependency', () => {
    const ask: OperationCommand = { type: 'RequestSignature', data: { dependencyId: 'plop_a', transaction: { messageToSign: '0xabc' }, at } };
    it('stops a processing dependency for a signature', () =>
      given(requested(['plop_a']), started('plop_a')).when(ask).then(signatureRequested('plop_a')));
    it('says nothing when asked twice', () =>
      given(requested(['plop_a']), started('plop_a'), signatureRequested('plop_a')).when(ask).thenNothing());
    it('resumes it with the signature', () =>
      given(requested(['plop_a']), started('plop_a'), signatureRequested('plop_a'))
        .when(resume('plop_a'))
        .then({ type: 'DependencyResumed', data: { operationId, dependencyId: 'plop_a', input: { signature: '0x51' }, at } }));
    it('refuses a signature nobody asked for', () =>
      given(requested(['plop_a']), started('plop_a')).when(resume('plop_a')).thenThrows(IllegalTransition, /waits for nothing/));
  });

  describe('ScheduleDependencyRetry and AwaitUpdates', () => {
    it('schedules a retry of a processing dependency', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when({ type: 'ScheduleDependencyRetry', data: { dependencyId: 'plop_a', reason: 'busy', retryAt: at + 5000, at } })
        .then({ type: 'DependencyRetryScheduled', data: { operationId, dependencyId: 'plop_a', reason: 'busy', retryAt: at + 5000, at } }));
    it('refuses to retry a queued dependency', () =>
      given(requested(['plop_a']))
        .when({ type: 'ScheduleDependencyRetry', data: { dependencyId: 'plop_a', reason: 'busy', retryAt: at, at } })
        .thenThrows(IllegalTransition));
    it('stops a dependency for updates', () =>
      given(requested(['plop_a']), started('plop_a'))
        .when({ type: 'AwaitUpdates', data: { dependencyId: 'plop_a', reason: 'contact unverified', at } })
        .then({ type: 'DependencyUpdatesAwaited', data: { operationId, dependencyId: 'plop_a', reason: 'contact unverified', at } }));
  });

  describe('CancelOperation', () => {
    const cancel: OperationCommand = { type: 'CancelOperation', data: { at } };
    it('cancels a waiting operation', () =>
      given(requested(['plop_a', 'plop_b']), started('plop_a'), signatureRequested('plop_a'))
        .when(cancel)
        .then(cancelled('plop_a'), cancelled('plop_b'), finished('CANCELLED')));
    it('refuses while a dependency is processing', () =>
      given(requested(['plop_a']), started('plop_a')).when(cancel).thenThrows(IllegalTransition, /processing/));
    it('says nothing for a finished operation', () =>
      given(requested(['plop_a']), started('plop_a'), completed('plop_a'), finished('COMPLETED')).when(cancel).thenNothing());
  });
});

describe('domain activity decider', () => {
  const givenDomain = deciderSpec(domainActivityDecider);
  const claim = (id: string) => ({ type: 'ClaimDomain' as const, data: { domain: 'example.com', operationId: id, accountId: 'acct-1', at } });
  const release = (id: string) => ({ type: 'ReleaseDomain' as const, data: { domain: 'example.com', operationId: id, at } });
  const claimed = (id: string) => ({ type: 'DomainOperationStarted' as const, data: claim(id).data });
  const released = (id: string) => ({ type: 'DomainOperationReleased' as const, data: release(id).data });

  it('lets an operation claim a free domain', () => givenDomain().when(claim('op-1')).then(claimed('op-1')));
  it('lets the next operation claim it once released', () => givenDomain(claimed('op-1'), released('op-1')).when(claim('op-2')).then(claimed('op-2')));
  it('refuses a second unfinished operation', () => givenDomain(claimed('op-1')).when(claim('op-2')).thenThrows(ConcurrentOperation));
  it('says nothing when the holder claims again', () => givenDomain(claimed('op-1')).when(claim('op-1')).thenNothing());
  it("names the holder's id to its own account only", () => {
    const refusal = (accountId: string) => {
      try {
        domainActivityDecider.decide({ ...claim('op-2'), data: { ...claim('op-2').data, accountId } }, domainActivityDecider.evolve(domainActivityDecider.initialState(), claimed('op-1')));
      } catch (error) {
        return error as ConcurrentOperation;
      }
      throw new Error('no refusal');
    };
    expect(refusal('acct-1').context).toEqual({ domain: 'example.com', operationId: 'op-1' });
    expect(refusal('acct-2').context).toEqual({ domain: 'example.com' });
  });
  it('releases only for the holder', () => givenDomain(claimed('op-1')).when(release('op-2')).thenNothing());
});
