import { Pool, PoolClient } from 'pg';
import { CheckpointSave } from '../../application/shared/checkpoint-saves';
import { Checkpoint, START } from '../../application/shared/event-store.port';

type Queryable = Pool | PoolClient;

export const readCheckpoint = async (db: Queryable, name: string, generation: number): Promise<Checkpoint> => {
  const { rows } = await db.query<{ transaction_id: string; position: string }>(
    'select transaction_id::text, position from consumer_checkpoints where name = $1 and generation = $2',
    [name, generation],
  );
  return rows.length === 0
    ? START
    : { transactionId: BigInt(rows[0].transaction_id), position: BigInt(rows[0].position) };
};

export const saveCheckpoint = async (
  db: Queryable,
  name: string,
  generation: number,
  checkpoint: Checkpoint,
): Promise<void> => {
  await db.query(
    `insert into consumer_checkpoints (name, generation, transaction_id, position) values ($1, $2, $3::text::xid8, $4)
     on conflict (name, generation) do update set transaction_id = excluded.transaction_id, position = excluded.position, updated_at = now()`,
    [name, generation, checkpoint.transactionId.toString(), checkpoint.position.toString()],
  );
};

/** Stores many consumers' checkpoints with one upsert (`CheckpointSaves` gathers them). */
export const saveCheckpoints = async (db: Queryable, saves: readonly CheckpointSave[]): Promise<void> => {
  await db.query(
    `insert into consumer_checkpoints (name, generation, transaction_id, position)
       select name, generation, transaction_id::xid8, position
         from unnest($1::text[], $2::integer[], $3::text[], $4::bigint[]) as s(name, generation, transaction_id, position)
     on conflict (name, generation) do update set transaction_id = excluded.transaction_id,
       position = excluded.position, updated_at = now()`,
    [
      saves.map((save) => save.name),
      saves.map((save) => save.generation),
      saves.map((save) => save.checkpoint.transactionId.toString()),
      saves.map((save) => save.checkpoint.position.toString()),
    ],
  );
};

/** The checkpoint of each named consumer's newest generation (the one being built or served); absent: never ran. */
export const newestCheckpoints = async (db: Queryable, names: readonly string[]): Promise<Map<string, Checkpoint>> => {
  const { rows } = await db.query<{ name: string; transaction_id: string; position: string }>(
    `select distinct on (name) name, transaction_id::text, position from consumer_checkpoints where name = any($1) order by name, generation desc`,
    [names],
  );
  return new Map(
    rows.map((row) => [row.name, { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }]),
  );
};

/** The generation this code version of a projection builds into: the newest one for its version, or a new one. */
export const currentGeneration = async (
  pool: Pool,
  name: string,
  codeVersion: number,
): Promise<{ generation: number; live: boolean }> => {
  const { rows } = await pool.query<{ generation: number; live: boolean }>(
    `with newest as (
       select generation, live from projection_generations where name = $1 and code_version = $2 order by generation desc limit 1
     ), created as (
       insert into projection_generations (name, generation, code_version, live)
       select $1, coalesce((select max(generation) from projection_generations where name = $1), 0) + 1, $2,
              not exists (select 1 from projection_generations where name = $1 and live)
       where not exists (select 1 from newest)
       on conflict do nothing
       returning generation, live
     )
     select generation, live from newest union all select generation, live from created`,
    [name, codeVersion],
  );
  if (rows.length === 0) return currentGeneration(pool, name, codeVersion); // lost a race to create it: read it
  return rows[0];
};

/** Starts a new generation of a projection, to be rebuilt from the first event. */
export const startNewGeneration = async (pool: Pool, name: string, codeVersion: number): Promise<number> => {
  const { rows } = await pool.query<{ generation: number }>(
    `insert into projection_generations (name, generation, code_version, live)
     select $1, coalesce(max(generation), 0) + 1, $2, false from projection_generations where name = $1
     returning generation`,
    [name, codeVersion],
  );
  return rows[0].generation;
};

/** Makes a caught-up generation the one queries read, and drops the documents of the others. */
export const goLive = async (client: PoolClient, name: string, generation: number): Promise<void> => {
  await client.query('update projection_generations set live = false where name = $1 and live and generation <> $2', [
    name,
    generation,
  ]);
  await client.query('update projection_generations set live = true where name = $1 and generation = $2', [
    name,
    generation,
  ]);
  await client.query('delete from projection_documents where projection = $1 and generation < $2', [name, generation]);
  await client.query('delete from consumer_checkpoints where name = $1 and generation < $2', [name, generation]);
  await client.query('delete from projection_generations where name = $1 and generation < $2', [name, generation]);
};
