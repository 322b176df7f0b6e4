import {
  ANY,
  AppendStreamState,
  CurrentStreamState,
  NO_STREAM,
  Position,
  RecordedEvent,
  StreamDeletedError,
  StreamTombstonedError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import {
  Checkpoint,
  EventMetadata,
  ExpectedVersion,
  START,
  StoredEvent,
  StreamWrite,
  WrongExpectedVersion,
} from '../../application/shared/event-store.port';

/**
 * How our event store's terms map onto KurrentDB's (docs/scale-out.md). Our versions count events (1 after the first);
 * KurrentDB's revisions number them from 0. Our checkpoint is KurrentDB's `$all` position: its commit position as the
 * transaction, its prepare position as the place within it, which orders the same way.
 */

/** The stream in which an append records its command id, in the same atomic append: a second one finds it there. */
export const commandLogStream = (commandId: string): string => `command-log-${commandId}`;
export const COMMAND_LOG_PREFIX = 'command-log-';

export const expectedStateOf = (expected: ExpectedVersion): AppendStreamState => {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  return BigInt(expected - 1);
};

/** Our version of a stream KurrentDB reports at `state`; -1 for a deleted or tombstoned stream (its negative codes). */
export const versionOf = (state: CurrentStreamState): number => {
  if (state === NO_STREAM) return 0;
  return state < 0n ? -1 : Number(state) + 1;
};

export const checkpointOf = (position: Position | undefined): Checkpoint =>
  position ? { transactionId: position.commit, position: position.prepare } : START;

export const positionOf = (checkpoint: Checkpoint): Position => ({
  commit: checkpoint.transactionId,
  prepare: checkpoint.position,
});

/** Our metadata as the string properties a multi-stream append carries (`accountId` null as the empty string). */
export const propertiesOf = (metadata: EventMetadata): Record<string, string> => ({
  commandId: metadata.commandId,
  correlationId: metadata.correlationId,
  causationId: metadata.causationId,
  accountId: metadata.accountId ?? '',
  ...(metadata.actor === undefined ? {} : { actor: metadata.actor }),
});

export const metadataOf = (properties: unknown): EventMetadata => {
  const read = (typeof properties === 'object' && properties !== null ? properties : {}) as Record<string, unknown>;
  const text = (key: string): string => (typeof read[key] === 'string' ? (read[key] as string) : '');
  return {
    commandId: text('commandId'),
    correlationId: text('correlationId'),
    causationId: text('causationId'),
    accountId: text('accountId') === '' ? null : text('accountId'),
    ...(typeof read.actor === 'string' ? { actor: read.actor } : {}),
  };
};

export const storedEventOf = (recorded: RecordedEvent): StoredEvent => {
  const checkpoint = checkpointOf(recorded.position);
  return {
    type: recorded.type,
    data: recorded.isJson ? recorded.data : {},
    streamId: recorded.streamId,
    streamPosition: Number(recorded.revision) + 1,
    // one per event: the events of one append share their commit position, each has a prepare position of its own
    globalPosition: checkpoint.position,
    checkpoint,
    metadata: metadataOf(recorded.metadata),
    recordedAt: recorded.created,
  } as StoredEvent;
};

/** What an append refused by KurrentDB means for our port. */
export type AppendRefusal =
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'conflict'; readonly error: WrongExpectedVersion }
  | { readonly kind: 'other'; readonly error: unknown };

/**
 * A wrong expected revision on the command's own log stream: the command was appended before. On one of its
 * streams: our `WrongExpectedVersion`, with our version of where the stream is. A stream deleted or tombstoned
 * (by an operator: the service deletes none) can take no append: a conflict at version -1, which no retry passes.
 */
export const refusalOf = (error: unknown, writes: readonly StreamWrite[], commandId: string): AppendRefusal => {
  if (error instanceof WrongExpectedVersionError) {
    if (error.streamName === commandLogStream(commandId)) return { kind: 'duplicate' };
    const write = writes.find((candidate) => candidate.streamId === error.streamName);
    return {
      kind: 'conflict',
      error: new WrongExpectedVersion(error.streamName, write?.expectedVersion ?? 'any', versionOf(error.actualState)),
    };
  }
  if (error instanceof StreamDeletedError || error instanceof StreamTombstonedError) {
    const streamId = error instanceof StreamDeletedError ? error.streamName : error.stream;
    const write = writes.find((candidate) => candidate.streamId === streamId);
    return { kind: 'conflict', error: new WrongExpectedVersion(streamId, write?.expectedVersion ?? 'any', -1) };
  }
  return { kind: 'other', error };
};
