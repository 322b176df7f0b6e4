import { deciderSpec } from '../../../test/support/decider-spec';
import { operationEvents } from '../../../test/support/operation-events';
import { fold } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { operationDecider } from './operation.decider';
import { OperationEvent } from './operation.events';
import { ExistingOperation, runnableDependency, UNFINISHED } from './operation';

// The state `evolve` keeps: what the next decision, the workers (`runnableDependency`) and the operation list read.
// Equivalent mutant: `UNFINISHED`'s 'TRANSMISSION_REQUIRED' → "": no operation of the engine takes that status (it
// names a reseller list's state), so no query on UNFINISHED ever meets it.
const at = 1_700_000_000_000;
const later = at + 60_000;
const given = deciderSpec(operationDecider);
const operationId = 'op-1';

const {
  requested,
  started,
  completed,
  failed,
  cancelled,
  retryScheduled,
  signatureRequested,
  updatesAwaited,
  resumed,
  finished,
} = operationEvents(
  operationId,
  { requestedAt: at, changedAt: later },
  {
    accountId: 'acct-1',
    surface: 'web3',
    type: 'DOMAIN_CLAIM',
    domain: 'alice.crypto',
    quote: [{ type: 'CHARGE', reason: 'claim', amountCents: 4000 }],
  },
);

describe('operation state', () => {
  it('queues every dependency of a new operation, in order', () =>
    given(requested(['plop_a', 'plop_b'])).thenState({
      status: 'QUEUED',
      id: operationId,
      accountId: 'acct-1',
      surface: 'web3',
      type: 'DOMAIN_CLAIM',
      domain: 'alice.crypto',
      preview: false,
      quote: [{ type: 'CHARGE', reason: 'claim', amountCents: 4000 }],
      createdAt: at,
      updatedAt: at,
      dependencies: [
        {
          id: 'plop_a',
          type: 'TEST_STEP',
          parameters: { step: 'plop_a' },
          status: 'QUEUED',
          result: null,
          error: null,
          transaction: null,
          input: {},
          retryAt: null,
        },
        { id: 'plop_b', status: 'QUEUED' },
      ],
    }));

  it('shows a preview and its dependencies as PREVIEW', () =>
    given(requested(['plop_a'], true)).thenState({
      status: 'PREVIEW',
      preview: true,
      dependencies: [{ status: 'PREVIEW' }],
    }));

  it('quotes nothing for an operation requested before quotes were recorded', () => {
    const { quote: _, ...old } = requested(['plop_a']).data as Extract<
      OperationEvent,
      { type: 'OperationRequested' }
    >['data'];
    given({ type: 'OperationRequested', data: old }).thenState({ quote: [] });
  });

  it('is PROCESSING while a dependency runs, and marks when it changed', () =>
    given(requested(['plop_a', 'plop_b']), started('plop_a')).thenState({
      status: 'PROCESSING',
      createdAt: at,
      updatedAt: later,
      dependencies: [{ status: 'PROCESSING' }, { status: 'QUEUED' }],
    }));

  it('stays PROCESSING between one dependency completing and the next starting', () =>
    given(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a')).thenState({
      status: 'PROCESSING',
      dependencies: [{ status: 'COMPLETED', result: { ok: true } }, { status: 'QUEUED' }],
    }));

  it('is SIGNATURE_REQUIRED while a dependency waits for the owner, with what to sign', () =>
    given(
      requested(['plop_a', 'plop_b']),
      started('plop_a'),
      completed('plop_a'),
      started('plop_b'),
      signatureRequested('plop_b'),
    ).thenState({
      status: 'SIGNATURE_REQUIRED',
      dependencies: [
        { status: 'COMPLETED' },
        { status: 'SIGNATURE_REQUIRED', transaction: { messageToSign: '0xabc' } },
      ],
    }));

  it('is AWAITING_UPDATES while a dependency waits for updated input', () =>
    given(
      requested(['plop_a', 'plop_b']),
      started('plop_a'),
      completed('plop_a'),
      started('plop_b'),
      updatesAwaited('plop_b'),
    ).thenState({
      status: 'AWAITING_UPDATES',
      dependencies: [{ status: 'COMPLETED' }, { status: 'AWAITING_UPDATES' }],
    }));

  it('runs a resumed dependency again with everything submitted to it, the latest winning', () =>
    given(
      requested(['plop_a', 'plop_b']),
      started('plop_a'),
      updatesAwaited('plop_a'),
      resumed('plop_a', { contactId: 'con_a' }),
      completed('plop_a'),
      started('plop_b'),
      updatesAwaited('plop_b'),
      resumed('plop_b', { contactId: 'con_b', note: 'first' }),
      signatureRequested('plop_b'),
      resumed('plop_b', { signature: '0x51', note: 'second' }),
    ).thenState({
      status: 'PROCESSING',
      dependencies: [
        { status: 'COMPLETED', input: { contactId: 'con_a' } },
        { status: 'PROCESSING', input: { contactId: 'con_b', note: 'second', signature: '0x51' } },
      ],
    }));

  it('keeps when a dependency is retried until it runs on', () => {
    given(requested(['plop_a']), started('plop_a'), retryScheduled('plop_a')).thenState({
      status: 'PROCESSING',
      dependencies: [{ status: 'PROCESSING', retryAt: later + 5000 }],
    });
    given(requested(['plop_a']), started('plop_a'), retryScheduled('plop_a'), completed('plop_a')).thenState({
      dependencies: [{ retryAt: null }],
    });
  });

  it('records why a dependency failed, and the cancelled ones after it', () =>
    given(
      requested(['plop_a', 'plop_b']),
      started('plop_a'),
      retryScheduled('plop_a'),
      failed('plop_a'),
      cancelled('plop_b'),
      finished('FAILED'),
    ).thenState({
      status: 'FAILED',
      updatedAt: later,
      dependencies: [
        { status: 'FAILED', error: { code: 'REGISTRY', message: 'registry rejected' }, retryAt: null },
        { status: 'CANCELLED', retryAt: null },
      ],
    }));

  it('takes the status of how it finished', () =>
    given(
      requested(['plop_a']),
      started('plop_a'),
      signatureRequested('plop_a'),
      cancelled('plop_a'),
      finished('CANCELLED'),
    ).thenState({
      status: 'CANCELLED',
      dependencies: [{ status: 'CANCELLED' }],
    }));

  it('refuses an event for an operation that was never requested', () =>
    expect(() => fold(operationDecider, [started('plop_a')])).toThrow(IllegalTransition));

  it('fails loudly on an event of a newer version', () =>
    expect(() =>
      fold(operationDecider, [requested(['plop_a']), { type: 'OperationPaused', data: { operationId, at } } as never]),
    ).toThrow(/unexpected value/));
});

describe('UNFINISHED', () => {
  const statusAfter = (...events: OperationEvent[]) => (fold(operationDecider, events) as ExistingOperation).status;

  it('holds every status an operation passes through while it runs', () => {
    const running = [
      statusAfter(requested(['plop_a'])),
      statusAfter(requested(['plop_a']), started('plop_a')),
      statusAfter(requested(['plop_a']), started('plop_a'), signatureRequested('plop_a')),
      statusAfter(requested(['plop_a']), started('plop_a'), updatesAwaited('plop_a')),
    ];
    expect(running.filter((status) => !UNFINISHED.includes(status))).toEqual([]);
  });

  it('holds none an operation ends in, nor a preview’s, which never runs', () => {
    const ended = [
      statusAfter(requested(['plop_a']), started('plop_a'), completed('plop_a'), finished('COMPLETED')),
      statusAfter(requested(['plop_a']), started('plop_a'), failed('plop_a'), finished('FAILED')),
      statusAfter(requested(['plop_a']), cancelled('plop_a'), finished('CANCELLED')),
      statusAfter(requested(['plop_a'], true)),
    ];
    expect(ended.filter((status) => UNFINISHED.includes(status))).toEqual([]);
  });
});

describe('runnableDependency', () => {
  const runnable = (...events: OperationEvent[]) => runnableDependency(fold(operationDecider, events))?.id;

  it('is the first dependency of a new operation', () =>
    expect(runnable(requested(['plop_a', 'plop_b']))).toBe('plop_a'));
  it('is the one that runs, again after a restart', () =>
    expect(runnable(requested(['plop_a', 'plop_b']), started('plop_a'))).toBe('plop_a'));
  it('is the next once the one before it completed', () =>
    expect(runnable(requested(['plop_a', 'plop_b']), started('plop_a'), completed('plop_a'))).toBe('plop_b'));
  it('is none while a dependency waits for a signature or for updates', () => {
    expect(runnable(requested(['plop_a', 'plop_b']), started('plop_a'), signatureRequested('plop_a'))).toBeUndefined();
    expect(runnable(requested(['plop_a', 'plop_b']), started('plop_a'), updatesAwaited('plop_a'))).toBeUndefined();
  });
  it('is none for a preview, a finished operation or none at all', () => {
    expect(runnable(requested(['plop_a'], true))).toBeUndefined();
    expect(
      runnable(
        requested(['plop_a', 'plop_b']),
        started('plop_a'),
        failed('plop_a'),
        cancelled('plop_b'),
        finished('FAILED'),
      ),
    ).toBeUndefined();
    expect(
      runnable(requested(['plop_a']), started('plop_a'), completed('plop_a'), finished('COMPLETED')),
    ).toBeUndefined();
    expect(runnable()).toBeUndefined();
  });
});
