import { EventEmitter } from 'node:events';
import {
  AppendResult,
  Checkpoint,
  compareCheckpoints,
  EventCriteria,
  EventMetadata,
  EventStore,
  START,
  StoredEvent,
  StreamWrite,
  WrongExpectedVersion,
} from '../../application/shared/event-store.port';
import { checkExpectedVersion } from '../../application/shared/expected-version';

/**
 * The event store in process memory, for unit tests. Appends are synchronous, so one transaction per append
 * and the global order is the append order (the transaction id stays 0).
 */
export class InMemoryEventStore implements EventStore {
  private readonly all: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly commands = new Map<string, number[]>();
  private readonly appended = new EventEmitter();

  async append(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<AppendResult> {
    const previous = this.commands.get(metadata.commandId);
    if (previous) return { versions: previous, duplicate: true };
    for (const { streamId, expectedVersion } of writes) {
      const actual = this.streams.get(streamId)?.length ?? 0;
      if (!checkExpectedVersion(expectedVersion, actual))
        throw new WrongExpectedVersion(streamId, expectedVersion, actual);
    }
    const versions = writes.map(({ streamId, events }) => {
      const stream = this.streams.get(streamId) ?? [];
      this.streams.set(streamId, stream);
      for (const { type, data } of events) {
        const position = BigInt(this.all.length + 1);
        const stored: StoredEvent = {
          type,
          data,
          streamId,
          metadata,
          streamPosition: stream.length + 1,
          globalPosition: position,
          checkpoint: { transactionId: 0n, position },
          recordedAt: new Date(),
        };
        stream.push(stored);
        this.all.push(stored);
      }
      return stream.length;
    });
    this.commands.set(metadata.commandId, versions);
    queueMicrotask(() => this.appended.emit('appended'));
    return { versions, duplicate: false };
  }

  async countBetween(after: Checkpoint, upTo: Checkpoint): Promise<number> {
    return this.all.filter(
      (event) => compareCheckpoints(event.checkpoint, after) > 0 && compareCheckpoints(event.checkpoint, upTo) <= 0,
    ).length;
  }

  async readMatching(criteria: EventCriteria, limit: number): Promise<StoredEvent[]> {
    const data = (event: StoredEvent) => event.data as Record<string, unknown>;
    return this.all
      .filter(
        (event) =>
          (criteria.streamIds ?? []).includes(event.streamId) ||
          (criteria.dataValues ?? []).some(({ key, value }) => String(data(event)?.[key]) === value) ||
          (criteria.accountId !== undefined && event.metadata.accountId === criteria.accountId),
      )
      .slice(0, limit);
  }

  async readStream(streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
    return (this.streams.get(streamId) ?? []).slice(afterVersion);
  }

  async readStreams(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent[]>> {
    return new Map(streamIds.map((streamId) => [streamId, [...(this.streams.get(streamId) ?? [])]]));
  }

  async readLastOfEach(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent>> {
    const found = await Promise.all(
      streamIds.map(async (streamId) => [streamId, await this.readLast(streamId)] as const),
    );
    return new Map(found.filter((entry): entry is readonly [string, StoredEvent] => entry[1] !== undefined));
  }

  async readLast(streamId: string): Promise<StoredEvent | undefined> {
    return this.streams.get(streamId)?.at(-1);
  }

  async readAll(after: Checkpoint, limit: number): Promise<StoredEvent[]> {
    return this.all.filter((event) => compareCheckpoints(event.checkpoint, after) > 0).slice(0, limit);
  }

  async head(): Promise<Checkpoint> {
    return this.all.at(-1)?.checkpoint ?? START;
  }

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }
}
