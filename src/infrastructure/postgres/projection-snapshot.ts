import { ReadQueries } from './read-connections';
import { Checkpoint } from '../../application/shared/event-store.port';

/** Every document of a projection's live generation, and the checkpoint they stand at. */
export interface ProjectionSnapshot<Row> {
  readonly checkpoint: Checkpoint;
  readonly rows: readonly Row[];
}

/**
 * Reads a projection's live generation whole, with its checkpoint, in one statement: the runner writes documents and
 * checkpoint in one transaction, so the documents stand exactly at the checkpoint, and a reader that follows the
 * store from there misses nothing. Undefined when no generation of this code version is live (or none has run):
 * the reader then folds the store from the start itself.
 */
export const readProjectionSnapshot = async <Row>(
  pool: ReadQueries,
  name: string,
  codeVersion: number,
): Promise<ProjectionSnapshot<Row> | undefined> => {
  const { rows } = await pool.query<{ transaction_id: string | null; position: string | null; docs: Row[] }>(
    `with live as (
       select generation from projection_generations where name = $1 and live and code_version = $2
     )
     select c.transaction_id::text, c.position::text,
            coalesce((select json_agg(d.doc) from projection_documents d
                      where d.projection = $1 and d.generation = (select generation from live)), '[]') as docs
     from live left join consumer_checkpoints c on c.name = $1 and c.generation = live.generation`,
    [name, codeVersion],
  );
  const [found] = rows;
  if (!found?.transaction_id || found.position === null) return undefined;
  return {
    checkpoint: { transactionId: BigInt(found.transaction_id), position: BigInt(found.position) },
    rows: found.docs,
  };
};
