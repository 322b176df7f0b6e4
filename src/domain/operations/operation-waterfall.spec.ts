// Equivalent mutants, each drawing the same waterfall:
// - waterfallOf: `else if (end)` → `else if (true)`: every dependency event that neither starts, resumes nor makes
//   a dependency wait ends it (Completed, Failed, Cancelled), so `end` is always set there.

import { OperationEvent, TerminalStatus } from './operation.events';
import { waterfallOf } from './operation-waterfall';

const operationId = 'op-1';
const requested = (at: number, ...dependencies: [id: string, type: string][]): OperationEvent => ({
  type: 'OperationRequested',
  data: {
    operationId,
    accountId: 'acc-1',
    surface: 'reseller',
    type: 'REGISTER',
    domain: 'tea.com',
    preview: false,
    validUntil: null,
    dependencies: dependencies.map(([id, type]) => ({ id, type, parameters: {} })),
    at,
  },
});
const started = (dependencyId: string, at: number): OperationEvent => ({
  type: 'DependencyStarted',
  data: { operationId, dependencyId, at },
});
const completed = (dependencyId: string, at: number): OperationEvent => ({
  type: 'DependencyCompleted',
  data: { operationId, dependencyId, result: {}, at },
});
const failed = (dependencyId: string, at: number): OperationEvent => ({
  type: 'DependencyFailed',
  data: { operationId, dependencyId, error: { code: 'REGISTRY', message: 'registry rejected' }, at },
});
const cancelled = (dependencyId: string, at: number): OperationEvent => ({
  type: 'DependencyCancelled',
  data: { operationId, dependencyId, at },
});
const retryScheduled = (dependencyId: string, at: number): OperationEvent => ({
  type: 'DependencyRetryScheduled',
  data: { operationId, dependencyId, reason: 'busy', retryAt: at + 5_000, at },
});
const signatureRequested = (dependencyId: string, at: number): OperationEvent => ({
  type: 'DependencySignatureRequested',
  data: { operationId, dependencyId, transaction: { messageToSign: '0xabc' }, at },
});
const updatesAwaited = (dependencyId: string, at: number): OperationEvent => ({
  type: 'DependencyUpdatesAwaited',
  data: { operationId, dependencyId, reason: 'contact unverified', at },
});
const resumed = (dependencyId: string, at: number): OperationEvent => ({
  type: 'DependencyResumed',
  data: { operationId, dependencyId, input: { signature: '0x51' }, at },
});
const finished = (status: TerminalStatus, at: number): OperationEvent => ({
  type: 'OperationFinished',
  data: { operationId, status, at },
});

/** An operation of one dependency, `plop_a`, requested at 10. */
const barOf = (...events: OperationEvent[]) =>
  waterfallOf([requested(10, ['plop_a', 'DOMAIN_REGISTER']), ...events])!.bars[0];

describe("an operation's waterfall", () => {
  it('is not drawn for an operation with no events', () => expect(waterfallOf([])).toBe(null));

  it('is not drawn for events that do not start with the request', () =>
    expect(waterfallOf([started('plop_a', 20), requested(10, ['plop_a', 'DOMAIN_REGISTER'])])).toBe(null));

  it('shows every dependency queued, in the order asked, before anything ran', () =>
    expect(waterfallOf([requested(10, ['plop_b', 'CONTACT_CREATE'], ['plop_a', 'DOMAIN_REGISTER'])])).toEqual({
      requestedAt: 10,
      endedAt: null,
      lastAt: 10,
      bars: [
        { id: 'plop_b', type: 'CONTACT_CREATE', status: 'QUEUED', startedAt: null, endedAt: null, waits: [] },
        { id: 'plop_a', type: 'DOMAIN_REGISTER', status: 'QUEUED', startedAt: null, endedAt: null, waits: [] },
      ],
    }));

  it('shows a dependency processing from when it started', () =>
    expect(barOf(started('plop_a', 20))).toEqual({
      id: 'plop_a',
      type: 'DOMAIN_REGISTER',
      status: 'PROCESSING',
      startedAt: 20,
      endedAt: null,
      waits: [],
    }));

  it('shows a dependency completed when it ended', () =>
    expect(barOf(started('plop_a', 20), completed('plop_a', 35))).toMatchObject({
      status: 'COMPLETED',
      startedAt: 20,
      endedAt: 35,
    }));

  it('shows a dependency failed when it ended', () =>
    expect(barOf(started('plop_a', 20), failed('plop_a', 35))).toMatchObject({
      status: 'FAILED',
      startedAt: 20,
      endedAt: 35,
    }));

  it('shows a dependency cancelled before it started', () =>
    expect(barOf(cancelled('plop_a', 35))).toMatchObject({ status: 'CANCELLED', startedAt: null, endedAt: 35 }));

  it('shows the wait for a signature until the signature resumes it, from its first start', () =>
    expect(barOf(started('plop_a', 20), signatureRequested('plop_a', 30), resumed('plop_a', 50))).toMatchObject({
      status: 'PROCESSING',
      startedAt: 20,
      waits: [{ reason: 'SIGNATURE_REQUIRED', from: 30, to: 50 }],
    }));

  it('shows a dependency waiting for a signature with its wait still open', () =>
    expect(barOf(started('plop_a', 20), signatureRequested('plop_a', 30))).toMatchObject({
      status: 'SIGNATURE_REQUIRED',
      waits: [{ reason: 'SIGNATURE_REQUIRED', from: 30, to: null }],
    }));

  it('shows a dependency awaiting updates with its wait still open', () =>
    expect(barOf(started('plop_a', 20), updatesAwaited('plop_a', 30))).toMatchObject({
      status: 'AWAITING_UPDATES',
      waits: [{ reason: 'AWAITING_UPDATES', from: 30, to: null }],
    }));

  it('shows the wait for updates until the dependency starts again', () =>
    expect(barOf(started('plop_a', 20), updatesAwaited('plop_a', 30), started('plop_a', 45))).toMatchObject({
      status: 'PROCESSING',
      startedAt: 20,
      waits: [{ reason: 'AWAITING_UPDATES', from: 30, to: 45 }],
    }));

  it('shows a dependency still running while it waits for a retry, until the retry is due', () =>
    expect(barOf(started('plop_a', 20), retryScheduled('plop_a', 30))).toMatchObject({
      status: 'PROCESSING',
      waits: [{ reason: 'RETRY', from: 30, to: 5_030 }],
    }));

  it('ends the wait for a retry when the dependency moves on before it is due', () =>
    expect(barOf(started('plop_a', 20), retryScheduled('plop_a', 30), completed('plop_a', 60))).toMatchObject({
      status: 'COMPLETED',
      startedAt: 20,
      waits: [{ reason: 'RETRY', from: 30, to: 60 }],
    }));

  it('keeps a retry that came due before the dependency ended', () =>
    expect(barOf(started('plop_a', 20), retryScheduled('plop_a', 30), completed('plop_a', 9_000)).waits).toEqual([
      { reason: 'RETRY', from: 30, to: 5_030 },
    ]));

  it('ends a wait when the dependency ends while waiting', () =>
    expect(barOf(started('plop_a', 20), signatureRequested('plop_a', 30), cancelled('plop_a', 70))).toMatchObject({
      status: 'CANCELLED',
      endedAt: 70,
      waits: [{ reason: 'SIGNATURE_REQUIRED', from: 30, to: 70 }],
    }));

  it('ends a wait when the next one begins', () =>
    expect(barOf(started('plop_a', 20), retryScheduled('plop_a', 30), retryScheduled('plop_a', 40)).waits).toEqual([
      { reason: 'RETRY', from: 30, to: 40 },
      { reason: 'RETRY', from: 40, to: 5_040 },
    ]));

  it('keeps when an ended wait ended', () =>
    expect(
      barOf(
        started('plop_a', 20),
        signatureRequested('plop_a', 30),
        resumed('plop_a', 50),
        updatesAwaited('plop_a', 60),
        started('plop_a', 70),
        completed('plop_a', 80),
      ).waits,
    ).toEqual([
      { reason: 'SIGNATURE_REQUIRED', from: 30, to: 50 },
      { reason: 'AWAITING_UPDATES', from: 60, to: 70 },
    ]));

  it('ends when the operation finished', () =>
    expect(waterfallOf([requested(10), finished('FAILED', 90)])).toEqual({
      requestedAt: 10,
      endedAt: 90,
      lastAt: 90,
      bars: [],
    }));

  it('runs its axis to the latest thing that happened', () =>
    expect(
      waterfallOf([requested(10, ['plop_a', 'DOMAIN_REGISTER']), started('plop_a', 40), completed('plop_a', 30)])
        ?.lastAt,
    ).toBe(40));

  it('changes only the bar of the dependency an event is about', () =>
    expect(
      waterfallOf([
        requested(10, ['plop_a', 'CONTACT_CREATE'], ['plop_b', 'DOMAIN_REGISTER']),
        started('plop_a', 20),
        completed('plop_a', 30),
      ])?.bars.map((bar) => bar.status),
    ).toEqual(['COMPLETED', 'QUEUED']));

  it('ignores the events of a dependency it was not asked for, but not their time', () =>
    expect(waterfallOf([requested(10, ['plop_a', 'DOMAIN_REGISTER']), started('plop_x', 20)])).toEqual({
      requestedAt: 10,
      endedAt: null,
      lastAt: 20,
      bars: [{ id: 'plop_a', type: 'DOMAIN_REGISTER', status: 'QUEUED', startedAt: null, endedAt: null, waits: [] }],
    }));
});
