import { PoolClient } from 'pg';
import { Checkpoint, compareCheckpoints, StoredEvent } from '../../application/shared/event-store.port';
import { AnyProjection } from '../../application/shared/projection';

interface Entry {
  row: unknown;
  last: Checkpoint | null;
  changed: boolean;
}

/**
 * Applies a batch of events to a projection's documents inside the caller's transaction. Each document remembers
 * the last event applied to it, so a batch delivered again after a crash changes nothing.
 */
export const applyToDocuments = async (
  client: PoolClient,
  projection: AnyProjection,
  generation: number,
  events: readonly StoredEvent[],
): Promise<void> => {
  const targets = targetsOf(projection, events);
  if (targets.length === 0) return;
  const entries = await loadEntries(client, projection.name, generation, [
    ...new Set(targets.map((target) => target.id)),
  ]);
  for (const { event, id } of targets) {
    const entry = entries.get(id) ?? { row: undefined, last: null, changed: false };
    entries.set(id, entry);
    if (entry.last && compareCheckpoints(event.checkpoint, entry.last) <= 0) continue; // applied before
    entry.row = projection.evolve(entry.row ?? undefined, event, id) ?? undefined;
    entry.last = event.checkpoint;
    entry.changed = true;
  }
  for (const [id, entry] of entries) {
    if (!entry.changed) continue;
    if (entry.row === undefined) {
      await client.query('delete from projection_documents where projection = $1 and generation = $2 and id = $3', [
        projection.name,
        generation,
        id,
      ]);
      continue;
    }
    const last = entry.last as Checkpoint;
    await client.query(
      `insert into projection_documents (projection, generation, id, doc, last_transaction_id, last_position)
       values ($1, $2, $3, $4, $5::text::xid8, $6)
       on conflict (projection, generation, id) do update
         set doc = excluded.doc, last_transaction_id = excluded.last_transaction_id, last_position = excluded.last_position`,
      [
        projection.name,
        generation,
        id,
        JSON.stringify(entry.row),
        last.transactionId.toString(),
        last.position.toString(),
      ],
    );
  }
};

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

const loadEntries = async (
  client: PoolClient,
  projection: string,
  generation: number,
  ids: string[],
): Promise<Map<string, Entry>> => {
  const { rows } = await client.query<{ id: string; doc: unknown; last_transaction_id: string; last_position: string }>(
    `select id, doc, last_transaction_id::text, last_position from projection_documents
      where projection = $1 and generation = $2 and id = any($3) for update`,
    [projection, generation, ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        row: row.doc,
        last: { transactionId: BigInt(row.last_transaction_id), position: BigInt(row.last_position) },
        changed: false,
      },
    ]),
  );
};
