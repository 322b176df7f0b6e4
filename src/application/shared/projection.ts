import { DomainEvent } from '../../domain/shared/message';
import { StoredEvent } from './event-store.port';

/**
 * A read model kept as documents: `evolve` folds the events it handles into the document of `idOf(event)`.
 * Bump `version` whenever `evolve` changes: the runner rebuilds the new version from the first event while
 * queries keep reading the old one, then switches them over.
 */
export interface Projection<Row, E extends DomainEvent = DomainEvent> {
  readonly name: string;
  readonly version: number;
  readonly handles: readonly E['type'][];
  /** The document an event belongs to; null for events it ignores after all. */
  idOf(event: StoredEvent<E>): string | null;
  /** The document after the event; null deletes it. */
  evolve(row: Row | undefined, event: StoredEvent<E>): Row | null;
  /**
   * Applies an event only after every other projection has: what clients poll for completion (an operation's
   * status) appears once every other read model shows the same events, so a read after `COMPLETED` sees the effect.
   */
  readonly showsLast?: true;
}

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
