import { Checkpoint, compareCheckpoints, START, StoredEvent } from './event-store.port';
import { AnyProjection } from './projection';

/** Every document of a projection's live generation, and the checkpoint they stand at. */
export interface ProjectionSnapshot<Row> {
  readonly checkpoint: Checkpoint;
  readonly rows: readonly Row[];
}

/** A generation of a projection: the one its code version builds into, and whether queries read it. */
export interface ProjectionGeneration {
  readonly generation: number;
  readonly live: boolean;
}

/**
 * Where the consumer runner keeps what it writes: each projection's generations and documents, and every consumer's
 * checkpoint (reactors' too). A projection's documents and its checkpoint move together, in one transaction of the
 * store, so the documents always stand exactly at their checkpoint. PostgreSQL keeps them by default, MongoDB with
 * `MONGODB_URL` (docs/scale-out.md).
 */
export abstract class ProjectionStore {
  /** The generation this code version builds into: the newest one for its version, or a new one (live if none is). */
  abstract currentGeneration(name: string, codeVersion: number): Promise<ProjectionGeneration>;

  /** Starts a new generation, to be rebuilt from the first event while queries read the live one. */
  abstract startNewGeneration(name: string, codeVersion: number): Promise<number>;

  /** Where a consumer's generation stands; the start of the store when it never saved one. */
  abstract checkpointOf(name: string, generation: number): Promise<Checkpoint>;

  /** The checkpoint of each named consumer's newest generation; absent for one that never ran. */
  abstract newestCheckpoints(names: readonly string[]): Promise<Map<string, Checkpoint>>;

  /** Folds a batch into the projection's documents (`documentChangesOf`) and moves its checkpoint, as one write. */
  abstract applyEvents(
    projection: AnyProjection,
    generation: number,
    events: readonly StoredEvent[],
    through: Checkpoint,
  ): Promise<void>;

  /** Moves a checkpoint alone: a batch that changes none of the consumer's documents. */
  abstract saveCheckpoint(name: string, generation: number, through: Checkpoint): Promise<void>;

  /** Makes a caught-up generation the one queries read, and drops the others' documents and checkpoints. */
  abstract goLive(name: string, generation: number): Promise<void>;

  /** The live generation of this code version whole, with its checkpoint; undefined when none is live or saved. */
  abstract snapshot<Row>(name: string, codeVersion: number): Promise<ProjectionSnapshot<Row> | undefined>;

  /** About how many bytes the live generation's documents would take in this process's memory, read whole. */
  abstract memoryEstimate(name: string): Promise<number>;
}

/**
 * Which of `names` have not handled `target`: by the positions `known` (the consumers a process runs itself), else by
 * their stored checkpoints, read at once for all the others.
 */
export const projectionsBehind = async (
  store: ProjectionStore,
  names: readonly string[],
  target: Checkpoint,
  known: ReadonlyMap<string, Checkpoint> = new Map(),
): Promise<string[]> => {
  const others = names.filter((name) => !known.has(name));
  const stored = others.length > 0 ? await store.newestCheckpoints(others) : new Map<string, Checkpoint>();
  return names.filter((name) => compareCheckpoints(known.get(name) ?? stored.get(name) ?? START, target) < 0);
};
