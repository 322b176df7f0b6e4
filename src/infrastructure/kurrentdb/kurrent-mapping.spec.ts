import {
  ANY,
  DeadlineExceededError,
  NO_STREAM,
  NotLeaderError,
  StreamDeletedError,
  StreamTombstonedError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { StreamWrite, WrongExpectedVersion } from '../../application/shared/event-store.port';
import { isStoreUnavailable } from '../../application/shared/service-health.port';
import {
  checkpointOf,
  commandLogStream,
  expectedStateOf,
  metadataOf,
  positionOf,
  propertiesOf,
  refusalOf,
  storedEventOf,
  versionOf,
} from './kurrent-mapping';

/**
 * A gRPC failure as the client receives it (status 9, FAILED_PRECONDITION), with the leader's address that a
 * not-leader answer carries, for the errors the client builds from one.
 */
const failure = (message: string): never =>
  Object.assign(new Error(message), {
    code: 9,
    details: message,
    metadata: { 'leader-endpoint-host': 'node-2', 'leader-endpoint-port': '2113' },
  }) as never;

const writes: StreamWrite[] = [
  { streamId: 'operation-1', expectedVersion: 'no_stream', events: [] },
  { streamId: 'billing-1', expectedVersion: 7, events: [] },
];

describe('KurrentDB expected states and versions', () => {
  it('given our expected versions, when sent, then they are KurrentDB states: any, no stream, the revision before', () => {
    expect(expectedStateOf('any')).toBe(ANY);
    expect(expectedStateOf('no_stream')).toBe(NO_STREAM);
    expect(expectedStateOf(0)).toBe(NO_STREAM);
    expect(expectedStateOf(1)).toBe(0n);
    expect(expectedStateOf(7)).toBe(6n);
  });

  it('given a stream state KurrentDB reports, when read as our version, then it counts the events', () => {
    expect(versionOf(NO_STREAM)).toBe(0);
    expect(versionOf(0n)).toBe(1);
    expect(versionOf(41n)).toBe(42);
    // deleted (-5) and tombstoned (-6) streams take no append at any version
    expect(versionOf(-5n)).toBe(-1);
    expect(versionOf(-6n)).toBe(-1);
  });

  it('given a $all position, when it is our checkpoint, then commit and prepare round trip', () => {
    expect(checkpointOf({ commit: 1200n, prepare: 1150n })).toEqual({ transactionId: 1200n, position: 1150n });
    expect(positionOf({ transactionId: 1200n, position: 1150n })).toEqual({ commit: 1200n, prepare: 1150n });
    expect(checkpointOf(undefined)).toEqual({ transactionId: 0n, position: 0n });
  });
});

describe('KurrentDB append refusals', () => {
  it('given a wrong expected revision on the command log stream, when mapped, then the command is a duplicate', () => {
    const error = new WrongExpectedVersionError(undefined, {
      streamName: commandLogStream('cmd-1'),
      expected: NO_STREAM,
      current: 0n,
    });
    expect(refusalOf(error, writes, 'cmd-1')).toEqual({ kind: 'duplicate' });
  });

  it('given a wrong expected revision on a written stream, when mapped, then it is our WrongExpectedVersion', () => {
    const error = new WrongExpectedVersionError(undefined, { streamName: 'billing-1', expected: 6n, current: 8n });
    const refusal = refusalOf(error, writes, 'cmd-1');
    expect(refusal).toEqual({ kind: 'conflict', error: expect.any(WrongExpectedVersion) });
    expect(refusal.kind === 'conflict' && refusal.error).toMatchObject({
      streamId: 'billing-1',
      expected: 7,
      actual: 9,
    });
  });

  it('given a stream that exists where none was expected, when mapped, then the conflict names its version', () => {
    const error = new WrongExpectedVersionError(undefined, {
      streamName: 'operation-1',
      expected: NO_STREAM,
      current: 2n,
    });
    expect(refusalOf(error, writes, 'cmd-1')).toMatchObject({
      kind: 'conflict',
      error: { streamId: 'operation-1', expected: 'no_stream', actual: 3 },
    });
  });

  it('given a deleted or tombstoned stream, when mapped, then it is a conflict no retry can pass', () => {
    expect(refusalOf(StreamDeletedError.fromStreamName('billing-1'), writes, 'cmd-1')).toMatchObject({
      kind: 'conflict',
      error: { streamId: 'billing-1', expected: 7, actual: -1 },
    });
    const tombstoned = new StreamTombstonedError(failure('tombstoned'), { stream: 'operation-1' } as never);
    expect(refusalOf(tombstoned, writes, 'cmd-1')).toMatchObject({
      kind: 'conflict',
      error: { streamId: 'operation-1', expected: 'no_stream', actual: -1 },
    });
  });

  it('given the server unreachable or any other failure, when mapped, then it is passed on as it is', () => {
    const unavailable = new UnavailableError(failure('connection refused'));
    expect(refusalOf(unavailable, writes, 'cmd-1')).toEqual({ kind: 'other', error: unavailable });
    const plain = new Error('boom');
    expect(refusalOf(plain, writes, 'cmd-1')).toEqual({ kind: 'other', error: plain });
  });
});

describe('KurrentDB events', () => {
  it('given our metadata, when carried as string properties and read back, then it is the same', () => {
    const metadata = { commandId: 'c', correlationId: 'r', causationId: 'k', accountId: 'acc-1', actor: 'key:1' };
    expect(metadataOf(propertiesOf(metadata))).toEqual(metadata);
    const anonymous = { commandId: 'c', correlationId: 'r', causationId: 'k', accountId: null };
    expect(propertiesOf(anonymous)).toEqual({ commandId: 'c', correlationId: 'r', causationId: 'k', accountId: '' });
    expect(metadataOf(propertiesOf(anonymous))).toEqual(anonymous);
    expect(metadataOf(undefined)).toEqual({ commandId: '', correlationId: '', causationId: '', accountId: null });
  });

  it('given a recorded event, when stored, then its position counts from 1 and its checkpoint is its $all place', () => {
    const created = new Date('2026-11-27T12:00:00Z');
    const stored = storedEventOf({
      streamId: 'billing-1',
      id: 'e-1',
      isJson: true,
      revision: 0n,
      type: 'ChargeRecorded',
      created,
      data: { amountCents: 1499 },
      metadata: { commandId: 'c', correlationId: 'r', causationId: 'k', accountId: 'acc-1' },
      position: { commit: 500n, prepare: 480n },
    });
    expect(stored).toEqual({
      type: 'ChargeRecorded',
      data: { amountCents: 1499 },
      streamId: 'billing-1',
      streamPosition: 1,
      globalPosition: 480n,
      checkpoint: { transactionId: 500n, position: 480n },
      metadata: { commandId: 'c', correlationId: 'r', causationId: 'k', accountId: 'acc-1' },
      recordedAt: created,
    });
  });

  it('given two events of one append, when read, then each has a global position of its own (webhook deliveries key on it)', () => {
    const recorded = (prepare: bigint) =>
      storedEventOf({
        streamId: 'billing-1',
        id: `e-${prepare}`,
        isJson: true,
        revision: 0n,
        type: 'ChargeRecorded',
        created: new Date(0),
        data: {},
        metadata: {},
        position: { commit: 500n, prepare },
      });
    expect(recorded(480n).globalPosition).not.toBe(recorded(490n).globalPosition);
  });
});

describe('KurrentDB failures as the HTTP surfaces answer them', () => {
  it('given the client cannot reach the server, when answered, then it is the 503 of a store down, not a 500', () => {
    expect(isStoreUnavailable(new UnavailableError(failure('connection refused')))).toBe(true);
    expect(isStoreUnavailable(new DeadlineExceededError(failure('deadline')))).toBe(true);
    expect(isStoreUnavailable(new NotLeaderError(failure('not leader')))).toBe(true);
  });

  it('given a refusal of the append itself, when answered, then it is no outage', () => {
    const conflict = new WrongExpectedVersionError(undefined, { streamName: 's', expected: NO_STREAM, current: 1n });
    expect(isStoreUnavailable(conflict)).toBe(false);
  });
});
