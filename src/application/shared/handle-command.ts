import { Decider, fold } from '../../domain/shared/decider';
import { DomainCommand, DomainEvent } from '../../domain/shared/message';
import { CommandContext, metadataFor } from './command-context';
import { EventStore, StreamWrite, WrongExpectedVersion } from './event-store.port';

export interface LoadedStream<S> {
  readonly streamId: string;
  readonly state: S;
  readonly version: number;
}

export const loadStream = async <E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<never, E, S>, 'initialState' | 'evolve'>,
): Promise<LoadedStream<S>> => {
  const events = await store.readStream(streamId);
  return { streamId, state: fold(decider, events as unknown as E[]), version: events.length };
};

/** The write that appends `events` to a stream only if nobody wrote to it since it was loaded. */
export const writeAfter = (loaded: LoadedStream<unknown>, events: readonly DomainEvent[]): StreamWrite => ({
  streamId: loaded.streamId,
  expectedVersion: loaded.version === 0 ? 'no_stream' : loaded.version,
  events,
});

const MAX_ATTEMPTS = 25;

/**
 * Runs `attempt` (load streams, decide, return the writes) and appends its writes atomically with the versions it
 * read. A concurrent writer makes the append fail with WrongExpectedVersion; then it loads and decides again.
 */
export const transact = async <T>(
  store: EventStore,
  context: CommandContext,
  attempt: () => Promise<{ writes: StreamWrite[]; result: T }>,
): Promise<{ result: T; duplicate: boolean }> => {
  const metadata = metadataFor(context);
  for (let attemptNumber = 1; ; attemptNumber++) {
    const { writes, result } = await attempt();
    const nonEmpty = writes.filter((write) => write.events.length > 0);
    if (nonEmpty.length === 0) return { result, duplicate: false };
    try {
      const { duplicate } = await store.append(nonEmpty, metadata);
      return { result, duplicate };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attemptNumber >= MAX_ATTEMPTS) throw error;
      // spread the retries of writers that collided, so they do not collide again in lockstep
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attemptNumber));
    }
  }
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
  const { result, duplicate } = await transact(store, fixedContext, async () => {
    const loaded = await loadStream(store, streamId, decider);
    const events = decider.decide(command, loaded.state);
    return { writes: [writeAfter(loaded, events)], result: { events, state: events.reduce(decider.evolve, loaded.state) } };
  });
  if (!duplicate) return { ...result, duplicate };
  const stored = await loadStream(store, streamId, decider);
  return { state: stored.state, events: [], duplicate };
};
