import { Pool } from 'pg';
import { CheckpointSaves } from '../../application/shared/checkpoint-saves';
import { Checkpoint, StoredEvent } from '../../application/shared/event-store.port';
import { AnyProjection } from '../../application/shared/projection';
import {
  ProjectionGeneration,
  ProjectionSnapshot,
  ProjectionStore,
} from '../../application/shared/projection-store.port';
import {
  currentGeneration,
  goLive,
  newestCheckpoints,
  readCheckpoint,
  saveCheckpoint,
  saveCheckpoints,
  startNewGeneration,
} from './consumer-checkpoints';
import { inTransaction } from './database';
import { applyToDocuments } from './projection-writer';
import { ReadQueries } from './read-connections';

/** How many times its stored (compressed) size a document takes in memory. */
const COMPRESSED_TO_MEMORY = 4;

/**
 * The projections' documents, generations and checkpoints in PostgreSQL (`projection_documents`,
 * `projection_generations`, `consumer_checkpoints`): writes on the primary, snapshots from the read connections (a
 * standby that has replayed the primary's position, when `DATABASE_READ_URLS` names one).
 */
export class PostgresProjectionStore extends ProjectionStore {
  private readonly saves: CheckpointSaves;

  constructor(
    private readonly pool: Pool,
    private readonly reads: ReadQueries,
  ) {
    super();
    this.saves = new CheckpointSaves((saves) => saveCheckpoints(pool, saves));
  }

  currentGeneration(name: string, codeVersion: number): Promise<ProjectionGeneration> {
    return currentGeneration(this.pool, name, codeVersion);
  }

  startNewGeneration(name: string, codeVersion: number): Promise<number> {
    return startNewGeneration(this.pool, name, codeVersion);
  }

  checkpointOf(name: string, generation: number): Promise<Checkpoint> {
    return readCheckpoint(this.pool, name, generation);
  }

  newestCheckpoints(names: readonly string[]): Promise<Map<string, Checkpoint>> {
    return newestCheckpoints(this.pool, names);
  }

  applyEvents(
    projection: AnyProjection,
    generation: number,
    events: readonly StoredEvent[],
    through: Checkpoint,
  ): Promise<void> {
    return inTransaction(this.pool, async (client) => {
      await applyToDocuments(client, projection, generation, events);
      await saveCheckpoint(client, projection.name, generation, through);
    });
  }

  saveCheckpoint(name: string, generation: number, through: Checkpoint): Promise<void> {
    return this.saves.save(name, generation, through);
  }

  goLive(name: string, generation: number): Promise<void> {
    return inTransaction(this.pool, (client) => goLive(client, name, generation));
  }

  /**
   * In one statement: the runner writes documents and checkpoint in one transaction, so the documents stand exactly
   * at the checkpoint, and a reader that follows the store from there misses nothing.
   */
  async snapshot<Row>(name: string, codeVersion: number): Promise<ProjectionSnapshot<Row> | undefined> {
    const { rows } = await this.reads.query<{ transaction_id: string | null; position: string | null; docs: Row[] }>(
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
  }

  /** Stored documents are compressed and compact: in memory they take several times their size. */
  async memoryEstimate(name: string): Promise<number> {
    const { rows } = await this.reads.query<{ bytes: string | null }>(
      `select sum(pg_column_size(doc)) as bytes from projection_documents
        where projection = $1 and generation = (select generation from projection_generations where name = $1 and live)`,
      [name],
    );
    return Number(rows[0]?.bytes ?? 0) * COMPRESSED_TO_MEMORY;
  }
}
