import { PoolClient } from 'pg';
import { documentChangesOf, HeldDocument, targetsOf } from '../../application/shared/document-changes';
import { StoredEvent } from '../../application/shared/event-store.port';
import { AnyProjection } from '../../application/shared/projection';

/**
 * Applies a batch of events to a projection's documents inside the caller's transaction (`documentChangesOf`), each
 * document locked while the batch reads it.
 */
export const applyToDocuments = async (
  client: PoolClient,
  projection: AnyProjection,
  generation: number,
  events: readonly StoredEvent[],
): Promise<void> => {
  const targets = targetsOf(projection, events);
  if (targets.length === 0) return;
  const held = await loadHeld(client, projection.name, generation, [...new Set(targets.map((target) => target.id))]);
  for (const { id, row, last } of documentChangesOf(projection, events, held, targets)) {
    if (row === undefined) {
      await client.query('delete from projection_documents where projection = $1 and generation = $2 and id = $3', [
        projection.name,
        generation,
        id,
      ]);
      continue;
    }
    await client.query(
      `insert into projection_documents (projection, generation, id, doc, last_transaction_id, last_position)
       values ($1, $2, $3, $4, $5::text::xid8, $6)
       on conflict (projection, generation, id) do update
         set doc = excluded.doc, last_transaction_id = excluded.last_transaction_id, last_position = excluded.last_position`,
      [projection.name, generation, id, JSON.stringify(row), last.transactionId.toString(), last.position.toString()],
    );
  }
};

const loadHeld = async (
  client: PoolClient,
  projection: string,
  generation: number,
  ids: string[],
): Promise<Map<string, HeldDocument>> => {
  const { rows } = await client.query<{ id: string; doc: unknown; last_transaction_id: string; last_position: string }>(
    `select id, doc, last_transaction_id::text, last_position from projection_documents
      where projection = $1 and generation = $2 and id = any($3) for update`,
    [projection, generation, ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { row: row.doc, last: { transactionId: BigInt(row.last_transaction_id), position: BigInt(row.last_position) } },
    ]),
  );
};
