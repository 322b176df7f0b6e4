import { DomainEvent } from '../../domain/shared/message';

/** Who and what caused an event; stored beside every event and shown by the audit replay. */
export interface EventMetadata {
  /** Appends carrying a command id already stored are applied once (`duplicate: true` the second time). */
  readonly commandId: string;
  /**
   * The first command of a chain of reactions; a saga's commands keep the correlation id of the event they react to.
   */
  readonly correlationId: string;
  /** The command or event that directly caused this one. */
  readonly causationId: string;
  readonly accountId: string | null;
  /** Who acted (`acting.ts`): a credential, a worker, a reactor, a timer, the CLI; absent from events before it. */
  readonly actor?: string;
}

/**
 * A place in the global order of the store. The order is (transaction, position): an event written by a
 * transaction that commits after a later-numbered one is still read after everything before it, so a reader
 * that follows checkpoints never skips it. Compare with `compareCheckpoints`, never by position alone.
 */
export interface Checkpoint {
  readonly transactionId: bigint;
  readonly position: bigint;
}

export const START: Checkpoint = Object.freeze({ transactionId: 0n, position: 0n });

export const compareCheckpoints = (a: Checkpoint, b: Checkpoint): number =>
  a.transactionId === b.transactionId ? Number(a.position - b.position) : a.transactionId < b.transactionId ? -1 : 1;

export const checkpointToString = ({ transactionId, position }: Checkpoint): string => `${transactionId}/${position}`;

export const checkpointFromString = (text: string): Checkpoint => {
  const match = /^(\d{1,20})\/(\d{1,20})$/.exec(text);
  if (!match) throw new Error(`not a checkpoint: ${text}`);
  return { transactionId: BigInt(match[1]), position: BigInt(match[2]) };
};

/** Where and when an event was stored, beside its type and data. */
export interface EventEnvelope {
  readonly streamId: string;
  /** 1 for a stream's first event. */
  readonly streamPosition: number;
  readonly globalPosition: bigint;
  readonly checkpoint: Checkpoint;
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
}

/** A stored event; distributes over a union, so a switch on `type` narrows `data`. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? E & EventEnvelope : never;

/** `no_stream`: the stream must not exist yet; a number: the stream's current version (its event count). */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface StreamWrite {
  readonly streamId: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: readonly DomainEvent[];
}

export interface AppendResult {
  /** Each written stream's version after the append, in the order of the writes. */
  readonly versions: readonly number[];
  /** True when the command id was applied before: nothing was appended this time. */
  readonly duplicate: boolean;
}

export class WrongExpectedVersion extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, expected ${expected}`);
    this.name = 'WrongExpectedVersion';
  }
}

/**
 * What an audit looks for (any of it): the events of these streams, those whose data holds one of these values at a
 * top-level key (`operationId`, `name`, `orderId`...), those appended for this account.
 */
export interface EventCriteria {
  readonly streamIds?: readonly string[];
  readonly dataValues?: readonly { readonly key: string; readonly value: string }[];
  readonly accountId?: string;
}

/** The port; an abstract class so that Nest can inject it by type. Adapters implement it. */
export abstract class EventStore {
  /** Appends to one or more streams in one transaction: all writes land, or none do. */
  abstract append(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<AppendResult>;
  abstract readStream(streamId: string, afterVersion?: number): Promise<StoredEvent[]>;
  /** Each of these streams whole, by stream id, in one read (an empty array for a stream that does not exist). */
  abstract readStreams(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent[]>>;
  /** A stream's last event (undefined for a stream that does not exist), without reading the rest. */
  abstract readLast(streamId: string): Promise<StoredEvent | undefined>;
  /** The last event of each of these streams that exists, by stream id, in one read. */
  abstract readLastOfEach(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent>>;
  /** Events after `after` in global order, up to `limit`, never past a transaction still in flight. */
  abstract readAll(after: Checkpoint, limit: number): Promise<StoredEvent[]>;
  /**
   * The checkpoint of the last committed event (`START` for an empty store). Readers reach it once the
   * transactions before it have ended; waiting for consumers to reach it waits for everything committed so far.
   */
  abstract head(): Promise<Checkpoint>;
  /** How many events a consumer at `after` has to handle to reach `upTo` (a rebuild's progress). */
  abstract countBetween(after: Checkpoint, upTo: Checkpoint): Promise<number>;
  /** The events matching `criteria`, in global order, at most `limit` of them (the earliest). */
  abstract readMatching(criteria: EventCriteria, limit: number): Promise<StoredEvent[]>;
  /** Calls `listener` after appends commit (a hint to read again; it carries no events). Returns an unsubscribe. */
  abstract onAppended(listener: () => void): () => void;
}
