import { TurnSharedReads } from '../../application/shared/turn-shared-reads';
import {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendStreamRequest,
  BACKWARDS,
  END,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  ResolvedEvent,
  START as KURRENT_START,
  StreamNotFoundError,
  streamNameFilter,
} from '@kurrent/kurrentdb-client';
import { randomUUID } from 'node:crypto';
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
} from '../../application/shared/event-store.port';
import {
  COMMAND_LOG_PREFIX,
  commandLogStream,
  expectedStateOf,
  positionOf,
  propertiesOf,
  refusalOf,
  storedEventOf,
} from './kurrent-mapping';

/** `$all` as our readers see it: no system streams, no command log streams. */
const OUR_EVENTS = streamNameFilter({ regex: `^(?!\\$|${COMMAND_LOG_PREFIX})` });
/** How long a lost `$all` subscription waits before it is opened again. */
const RESUBSCRIBE_MS = 1_000;

/**
 * The event store on KurrentDB (EventStoreDB's successor), selected with `EVENT_STORE_URL` (`kurrentdb://` or
 * `esdb://`): docs/scale-out.md. A command's writes are one multi-stream append (KurrentDB 25.1 and later), each
 * stream at the revision the command read, with the command id recorded in a stream of its own in the same append,
 * expected not to exist: a command appended twice is refused there, and answered as a duplicate. The global order is
 * `$all`; `onAppended` follows it with one live subscription.
 */
export class KurrentEventStore extends EventStore {
  private readonly listeners = new Set<() => void>();
  private live: AllStreamSubscription | undefined;
  private closed = false;
  private readonly reads = new TurnSharedReads<StoredEvent[]>();
  private readonly heads = new TurnSharedReads<Checkpoint>();

  constructor(private readonly client: KurrentDBClient) {
    super();
  }

  static connect(url: string): KurrentEventStore {
    return new KurrentEventStore(KurrentDBClient.connectionString(url));
  }

  /**
   * Resolves once the server answers a read of `$all`, trying for `withinMs`; then fails naming the server (not the
   * URL, which may hold a password), so that a service pointed at the wrong place stops at once, saying so.
   */
  async reachable(url: string, withinMs: number): Promise<void> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      try {
        await this.head();
        return;
      } catch (error) {
        if (Date.now() >= deadline) {
          const { host } = new URL(url);
          throw new Error(
            `the event store at ${host} (EVENT_STORE_URL) cannot be reached: ${(error as Error).message}`,
            { cause: error },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, RESUBSCRIBE_MS));
      }
    }
  }

  async append(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<AppendResult> {
    const properties = propertiesOf(metadata);
    const requests: AppendStreamRequest[] = [
      ...writes.map((write) => ({
        streamName: write.streamId,
        expectedState: expectedStateOf(write.expectedVersion),
        events: write.events.map((event) =>
          jsonEvent({
            id: randomUUID(),
            type: event.type,
            data: event.data as Record<string, unknown>,
            metadata: properties,
          }),
        ),
      })),
      {
        streamName: commandLogStream(metadata.commandId),
        expectedState: NO_STREAM,
        events: [jsonEvent({ type: 'CommandAppended', data: { streams: writes.map((write) => write.streamId) } })],
      },
    ];
    try {
      const { responses } = await this.client.multiStreamAppend(requests);
      const revisions = new Map(responses.map((response) => [response.streamName, response.revision]));
      return { duplicate: false, versions: writes.map((write) => Number(revisions.get(write.streamId) ?? -1n) + 1) };
    } catch (error) {
      const refusal = refusalOf(error, writes, metadata.commandId);
      if (refusal.kind === 'duplicate') return { duplicate: true, versions: await this.versionsOf(writes, metadata) };
      throw refusal.error;
    }
  }

  async readStream(streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
    return this.collect(this.client.readStream(streamId, { fromRevision: BigInt(afterVersion), direction: FORWARDS }));
  }

  async readStreams(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent[]>> {
    const unique = [...new Set(streamIds)];
    const read = await Promise.all(
      unique.map(async (streamId) => [streamId, await this.readStream(streamId)] as const),
    );
    return new Map(read);
  }

  async readLast(streamId: string): Promise<StoredEvent | undefined> {
    const [last] = await this.collect(
      this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 }),
    );
    return last;
  }

  async readLastOfEach(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent>> {
    const found = await Promise.all(
      streamIds.map(async (streamId) => [streamId, await this.readLast(streamId)] as const),
    );
    return new Map(found.filter((entry): entry is readonly [string, StoredEvent] => entry[1] !== undefined));
  }

  /** Reads of the same range asked in one turn share one read (`TurnSharedReads`); each caller gets its own array. */
  async readAll(after: Checkpoint, limit: number): Promise<StoredEvent[]> {
    const key = `${after.transactionId}:${after.position}:${limit}`;
    return [...(await this.reads.read(key, () => this.readAllOnce(after, limit)))];
  }

  private async readAllOnce(after: Checkpoint, limit: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    const read = this.client.readAll({
      fromPosition: compareCheckpoints(after, START) === 0 ? KURRENT_START : positionOf(after),
      direction: FORWARDS,
      // reading from a position includes the event at it, which the caller has
      maxCount: limit + 1,
      filter: OUR_EVENTS,
    });
    for await (const resolved of read) {
      const event = ourEventOf(resolved);
      if (event && compareCheckpoints(event.checkpoint, after) > 0) events.push(event);
      if (events.length === limit) break;
    }
    return events;
  }

  /** Shared by the callers that ask in the same turn of the event loop, as `readAll` is. */
  head(): Promise<Checkpoint> {
    return this.heads.read('head', () => this.readHead());
  }

  private async readHead(): Promise<Checkpoint> {
    for await (const resolved of this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: OUR_EVENTS,
    })) {
      const event = ourEventOf(resolved);
      if (event) return event.checkpoint;
    }
    return START;
  }

  /** KurrentDB counts no range of `$all`: the events between are read and counted, as the consumer will read them. */
  async countBetween(after: Checkpoint, upTo: Checkpoint): Promise<number> {
    let count = 0;
    for await (const resolved of this.client.readAll({
      fromPosition: compareCheckpoints(after, START) === 0 ? KURRENT_START : positionOf(after),
      direction: FORWARDS,
      filter: OUR_EVENTS,
    })) {
      const event = ourEventOf(resolved);
      if (!event || compareCheckpoints(event.checkpoint, after) <= 0) continue;
      if (compareCheckpoints(event.checkpoint, upTo) > 0) break;
      count += 1;
    }
    return count;
  }

  /**
   * KurrentDB keeps no index on event data: the streams asked for are read directly, the rest is one pass over
   * `$all` (docs/scale-out.md says what that costs an audit).
   */
  async readMatching(criteria: EventCriteria, limit: number): Promise<StoredEvent[]> {
    const streamIds = new Set(criteria.streamIds ?? []);
    const values = criteria.dataValues ?? [];
    if (values.length === 0 && criteria.accountId === undefined) {
      const streams = await this.readStreams([...streamIds]);
      return [...streams.values()]
        .flat()
        .sort((a, b) => compareCheckpoints(a.checkpoint, b.checkpoint))
        .slice(0, limit);
    }
    const matches = (event: StoredEvent): boolean =>
      streamIds.has(event.streamId) ||
      (criteria.accountId !== undefined && event.metadata.accountId === criteria.accountId) ||
      values.some(({ key, value }) => (event.data as Record<string, unknown>)[key] === value);
    const found: StoredEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition: KURRENT_START, filter: OUR_EVENTS })) {
      const event = ourEventOf(resolved);
      if (event && matches(event)) found.push(event);
      if (found.length === limit) break;
    }
    return found;
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    this.follow();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.unfollow();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.unfollow();
    await this.client.dispose();
  }

  /** The versions a command appended before left its streams at: where its last event in each stream is. */
  private async versionsOf(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<number[]> {
    return Promise.all(
      writes.map(async (write) => {
        const events = await this.readStream(write.streamId);
        const last = events.filter((event) => event.metadata.commandId === metadata.commandId).at(-1);
        return last?.streamPosition ?? events.length;
      }),
    );
  }

  private async collect(read: AsyncIterableIterator<ResolvedEvent>): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of read) if (resolved.event) events.push(storedEventOf(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** One live subscription to `$all` from its end while anyone listens; reopened if the server drops it. */
  private follow(): void {
    if (this.live || this.closed || this.listeners.size === 0) return;
    const live = this.client.subscribeToAll({ fromPosition: END, filter: OUR_EVENTS });
    this.live = live;
    live.on('data', () => this.listeners.forEach((listener) => listener()));
    live.on('error', () => {
      if (this.live !== live) return;
      this.live = undefined;
      setTimeout(() => this.follow(), RESUBSCRIBE_MS).unref();
    });
  }

  private async unfollow(): Promise<void> {
    const live = this.live;
    this.live = undefined;
    await live?.unsubscribe();
  }
}

/** An event of ours from `$all`: none for a link or a system record the filter let through. */
const ourEventOf = (resolved: AllStreamResolvedEvent): StoredEvent | undefined =>
  resolved.event && !resolved.event.streamId.startsWith('$') ? storedEventOf(resolved.event) : undefined;
