import { Checkpoint, compareCheckpoints, StoredEvent } from './event-store.port';
import { AnyProjection } from './projection';

/** A document as its store holds it: the row, and the last event applied to it. */
export interface HeldDocument {
  readonly row: unknown;
  readonly last: Checkpoint;
}

/** What a batch does to one document: its new row, or undefined to delete it, and the last event applied. */
export interface DocumentChange {
  readonly id: string;
  readonly row: unknown;
  readonly last: Checkpoint;
}

/** The documents a batch changes: each event the projection handles, with the id of each document it changes. */
export const targetsOf = (
  projection: AnyProjection,
  events: readonly StoredEvent[],
): { event: StoredEvent; id: string }[] => {
  const handled = new Set<string>(projection.handles);
  return events
    .filter((event) => handled.has(event.type))
    .flatMap((event) => {
      const ids = projection.idOf(event);
      return (ids === null ? [] : typeof ids === 'string' ? [ids] : ids).map((id) => ({ event, id }));
    });
};

/**
 * A batch folded into the documents it touches, as every read-model store writes it: each document goes on from
 * what its store holds, skipping the events it has seen (a batch delivered again after a crash changes nothing); a
 * row that `evolve` leaves null is deleted. Only documents an event changed are in the answer, in the order first
 * touched. `targets`: the batch's `targetsOf`, when the caller has them already (it read the documents they name).
 */
export const documentChangesOf = (
  projection: AnyProjection,
  events: readonly StoredEvent[],
  held: ReadonlyMap<string, HeldDocument>,
  targets: readonly { event: StoredEvent; id: string }[] = targetsOf(projection, events),
): DocumentChange[] => {
  const changed = new Map<string, { row: unknown; last: Checkpoint }>();
  for (const { event, id } of targets) {
    const current = changed.get(id) ?? held.get(id);
    if (current && compareCheckpoints(event.checkpoint, current.last) <= 0) continue; // applied before
    const row = projection.evolve(current?.row ?? undefined, event, id) ?? undefined;
    changed.set(id, { row, last: event.checkpoint });
  }
  return [...changed].map(([id, change]) => ({ id, ...change }));
};
