import { DomainEvent } from '../../domain/shared/message';
import { StoredEvent } from './event-store.port';

/**
 * A read model kept as documents: `evolve` folds the events it handles into the document of `idOf(event)`.
 * Bump `version` whenever `evolve` changes: the runner rebuilds the new version from the first event while
 * queries keep reading the old one, then switches them over.
 */
export interface Projection<Row, E extends DomainEvent = DomainEvent, Id extends string | readonly string[] = string> {
  readonly name: string;
  readonly version: number;
  readonly handles: readonly E['type'][];
  /**
   * The document an event belongs to, or the documents when it changes several (an order counts in its own facts and
   * in its buyer's searches); null for events it ignores after all.
   */
  idOf(event: StoredEvent<E>): Id | null;
  /** The document `id` after the event; null deletes it. */
  evolve(row: Row | undefined, event: StoredEvent<E>, id: string): Row | null;
  /**
   * Applies an event only after every other projection has: what clients poll for completion (an operation's
   * status) appears once every other read model shows the same events, so a read after `COMPLETED` sees the effect.
   */
  readonly showsLast?: true;
}

/** Any projection, as the runner and the registry hold them. */
export type AnyProjection = Projection<unknown, DomainEvent, string | readonly string[]>;

/**
 * Something that reacts to events by sending commands or driving adapters (a saga, a process manager). It gets the
 * events it handles batch by batch, in order, at least once: what it does must be safe to do twice.
 */
export interface Reactor<E extends DomainEvent = DomainEvent> {
  readonly name: string;
  readonly handles: readonly E['type'][];
  react(events: readonly StoredEvent<E>[]): Promise<void>;
  /** Reacts to an event only after every projection shows it (a notification whose reader must see its cause). */
  readonly afterReadModels?: true;
}

export const PROJECTIONS = Symbol('PROJECTIONS');
export const REACTORS = Symbol('REACTORS');
