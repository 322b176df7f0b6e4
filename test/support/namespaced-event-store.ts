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
} from '../../src/application/shared/event-store.port';

/**
 * One test's view of an event store that outlives it (a KurrentDB server an operator points the suites at): its
 * streams are the store's under a prefix of its own, and the global order shows only them. The contract's stream
 * names (`s-1`) then never meet those of an earlier run or another test.
 */
export class NamespacedEventStore extends EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly prefix: string,
  ) {
    super();
  }

  async append(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<AppendResult> {
    try {
      return await this.inner.append(
        writes.map((write) => ({ ...write, streamId: this.prefix + write.streamId })),
        { ...metadata, commandId: this.prefix + metadata.commandId },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      throw new WrongExpectedVersion(this.local(error.streamId), error.expected, error.actual);
    }
  }

  async readStream(streamId: string, afterVersion?: number): Promise<StoredEvent[]> {
    return (await this.inner.readStream(this.prefix + streamId, afterVersion)).map((event) => this.ours(event));
  }

  async readStreams(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent[]>> {
    const read = await this.inner.readStreams(streamIds.map((streamId) => this.prefix + streamId));
    return new Map([...read].map(([streamId, events]) => [this.local(streamId), events.map((e) => this.ours(e))]));
  }

  async readLast(streamId: string): Promise<StoredEvent | undefined> {
    const last = await this.inner.readLast(this.prefix + streamId);
    return last && this.ours(last);
  }

  async readLastOfEach(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent>> {
    const read = await this.inner.readLastOfEach(streamIds.map((streamId) => this.prefix + streamId));
    return new Map([...read].map(([streamId, event]) => [this.local(streamId), this.ours(event)]));
  }

  async readAll(after: Checkpoint, limit: number): Promise<StoredEvent[]> {
    const found: StoredEvent[] = [];
    for (let from = after; found.length < limit;) {
      const page = await this.inner.readAll(from, 500);
      found.push(...page.filter((event) => this.owns(event.streamId)).map((event) => this.ours(event)));
      if (page.length < 500) break;
      from = (page.at(-1) as StoredEvent).checkpoint;
    }
    return found.slice(0, limit);
  }

  async head(): Promise<Checkpoint> {
    let last = START;
    for (let from = START; ;) {
      const page = await this.readAll(from, 500);
      if (page.length === 0) return last;
      last = (page.at(-1) as StoredEvent).checkpoint;
      from = last;
    }
  }

  async countBetween(after: Checkpoint, upTo: Checkpoint): Promise<number> {
    let count = 0;
    for (let from = after; ;) {
      const page = await this.readAll(from, 500);
      const within = page.filter((event) => compareCheckpoints(event.checkpoint, upTo) <= 0);
      count += within.length;
      if (within.length < 500) return count;
      from = (page.at(-1) as StoredEvent).checkpoint;
    }
  }

  async readMatching(criteria: EventCriteria, limit: number): Promise<StoredEvent[]> {
    const matched = await this.inner.readMatching(
      { ...criteria, streamIds: criteria.streamIds?.map((streamId) => this.prefix + streamId) },
      Number.MAX_SAFE_INTEGER,
    );
    return matched
      .filter((event) => this.owns(event.streamId))
      .map((event) => this.ours(event))
      .sort((a, b) => compareCheckpoints(a.checkpoint, b.checkpoint))
      .slice(0, limit);
  }

  onAppended(listener: () => void): () => void {
    return this.inner.onAppended(listener);
  }

  private owns(streamId: string): boolean {
    return streamId.startsWith(this.prefix);
  }

  private local(streamId: string): string {
    return this.owns(streamId) ? streamId.slice(this.prefix.length) : streamId;
  }

  private ours(event: StoredEvent): StoredEvent {
    const { commandId } = event.metadata;
    return {
      ...event,
      streamId: this.local(event.streamId),
      metadata: {
        ...event.metadata,
        commandId: this.owns(commandId) ? commandId.slice(this.prefix.length) : commandId,
      },
    } as StoredEvent;
  }
}
