import { Decider, fold } from '../../domain/shared/decider';
import { DomainCommand, DomainEvent } from '../../domain/shared/message';
import { CommandContext, metadataFor } from './command-context';
import { EventStore, StoredEvent, StreamWrite, WrongExpectedVersion } from './event-store.port';
import { cacheOf } from './stream-cache';

type Evolving<E extends DomainEvent, S> = Pick<Decider<never, E, S>, 'initialState' | 'evolve'>;

export interface LoadedStream<S> {
  readonly streamId: string;
  readonly state: S;
  readonly version: number;
  /** How the state moves on; kept so that what a command appends can update the stream cache. */
  readonly decider: Evolving<DomainEvent, S>;
}

/** The stream as stored now: every event folded. */
export const loadStream = async <E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Evolving<E, S>,
): Promise<LoadedStream<S>> => loadedFrom(streamId, await store.readStream(streamId), decider);

/** Each of these streams as stored now, read together in one read, in the order asked. */
export const loadStreams = async <E extends DomainEvent, S>(
  store: EventStore,
  streamIds: readonly string[],
  decider: Evolving<E, S>,
): Promise<LoadedStream<S>[]> => {
  const read = await store.readStreams(streamIds);
  return streamIds.map((streamId) => loadedFrom(streamId, read.get(streamId) ?? [], decider));
};

const loadedFrom = <E extends DomainEvent, S>(
  streamId: string,
  events: readonly StoredEvent[],
  decider: Evolving<E, S>,
): LoadedStream<S> => ({
  streamId,
  state: fold(decider, events as unknown as E[]),
  version: events.length,
  decider: decider as Evolving<DomainEvent, S>,
});

/** The write that appends `events` to a stream only if nobody wrote to it since it was loaded. */
export const writeAfter = (
  loaded: LoadedStream<unknown>,
  events: readonly DomainEvent[],
): StreamWrite & { loaded: LoadedStream<unknown> } => ({
  streamId: loaded.streamId,
  expectedVersion: loaded.version === 0 ? 'no_stream' : loaded.version,
  events,
  loaded,
});

/** How an attempt of `transact` reads streams: from the cache on a first attempt, from the store otherwise. */
export interface StreamReader {
  load<E extends DomainEvent, S>(streamId: string, decider: Evolving<E, S>): Promise<LoadedStream<S>>;
}

const MAX_ATTEMPTS = 25;

class AttemptReader implements StreamReader {
  readonly fromCache = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly useCache: boolean,
  ) {}

  async load<E extends DomainEvent, S>(streamId: string, decider: Evolving<E, S>): Promise<LoadedStream<S>> {
    const cached = this.useCache ? cacheOf(this.store).get<S>(streamId, decider) : undefined;
    if (!cached) return loadStream(this.store, streamId, decider);
    this.fromCache.add(streamId);
    return { streamId, ...cached, decider: decider as Evolving<DomainEvent, S> };
  }
}

/**
 * Runs `attempt` (load streams, decide, return the writes) and appends its writes atomically with the versions it
 * read. A concurrent writer makes the append fail with WrongExpectedVersion; then it loads and decides again.
 *
 * The first attempt decides on cached states where it has them. Only an append proves a cached state current, so
 * when that attempt refuses (throws), decides nothing, or leans on a cached stream it does not write, it is run
 * again on states read from the store before its answer counts.
 */
export const transact = async <T>(
  store: EventStore,
  context: CommandContext,
  attempt: (streams: StreamReader) => Promise<{ writes: StreamWrite[]; result: T }>,
): Promise<{ result: T; duplicate: boolean }> => {
  const metadata = metadataFor(context);
  const cache = cacheOf(store);
  for (let attemptNumber = 1; ; attemptNumber++) {
    const reader = new AttemptReader(store, attemptNumber === 1);
    const outcome = await attempt(reader).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const writes = 'value' in outcome ? outcome.value.writes.filter((write) => write.events.length > 0) : [];
    const unproven = [...reader.fromCache].some((streamId) => !writes.some((write) => write.streamId === streamId));
    if (reader.fromCache.size > 0 && ('error' in outcome || unproven)) {
      reader.fromCache.forEach((streamId) => cache.forget(streamId));
      continue;
    }
    if ('error' in outcome) throw outcome.error;
    const { result } = outcome.value;
    if (writes.length === 0) return { result, duplicate: false };
    try {
      const { duplicate, versions } = await store.append(writes, metadata);
      if (duplicate) writes.forEach((write) => cache.forget(write.streamId));
      else writes.forEach((write, index) => remember(cache, write, versions[index]));
      return { result, duplicate };
    } catch (error) {
      writes.forEach((write) => cache.forget(write.streamId));
      if (!(error instanceof WrongExpectedVersion) || attemptNumber >= MAX_ATTEMPTS) throw error;
      // spread the retries of writers that collided, so they do not collide again in lockstep
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attemptNumber));
    }
  }
};

const remember = (cache: ReturnType<typeof cacheOf>, write: StreamWrite, version: number): void => {
  const loaded = (write as Partial<ReturnType<typeof writeAfter>>).loaded;
  if (!loaded) return;
  cache.set(write.streamId, loaded.decider, write.events.reduce(loaded.decider.evolve, loaded.state), version);
};

export interface CommandOutcome<E, S> {
  readonly state: S;
  readonly events: readonly E[];
  /** The command id was applied before; `events` were not appended again and `state` is the stream as stored. */
  readonly duplicate: boolean;
}

/** Folds the stream, asks the decider, appends what it decided with the version it read, retrying on conflicts. */
export const handleCommand = async <C extends DomainCommand, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  context: CommandContext = {},
): Promise<CommandOutcome<E, S>> => {
  const fixedContext = { ...context, commandId: metadataFor(context).commandId };
  const { result, duplicate } = await transact(store, fixedContext, async (streams) => {
    const loaded = await streams.load(streamId, decider);
    const events = decider.decide(command, loaded.state);
    return {
      writes: [writeAfter(loaded, events)],
      result: { events, state: events.reduce(decider.evolve, loaded.state) },
    };
  });
  if (!duplicate) return { ...result, duplicate };
  const stored = await loadStream(store, streamId, decider);
  return { state: stored.state, events: [], duplicate };
};
