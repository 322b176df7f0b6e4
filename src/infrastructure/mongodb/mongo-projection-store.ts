import { AnyBulkWriteOperation } from 'mongodb';
import { CheckpointSave, CheckpointSaves } from '../../application/shared/checkpoint-saves';
import { documentChangesOf, HeldDocument, targetsOf } from '../../application/shared/document-changes';
import { Checkpoint, START, StoredEvent } from '../../application/shared/event-store.port';
import { AnyProjection } from '../../application/shared/projection';
import {
  ProjectionGeneration,
  ProjectionSnapshot,
  ProjectionStore,
} from '../../application/shared/projection-store.port';
import {
  checkpointFrom,
  documentKey,
  generationKey,
  MongoReadModels,
  mongoRefusalOf,
  StoredCheckpoint,
  storedCheckpointValue,
  StoredDocument,
} from './mongo-read-models';

/** How many times its BSON size a document takes in memory, as JavaScript objects. */
const BSON_TO_MEMORY = 2;

/**
 * How long the documents of a generation a rebuild replaced stay after the switch: a read asks for the live generation,
 * then reads its documents, so one that asked just before the switch still finds them.
 */
export const RETIRE_AFTER_MS = 10_000;

/**
 * The projections' documents, generations and checkpoints on MongoDB (`MONGODB_URL`). A batch's documents and its
 * checkpoint are written in one transaction, so the documents always stand exactly at their checkpoint, as on
 * PostgreSQL; a snapshot reads both at one point in time.
 */
export class MongoProjectionStore extends ProjectionStore {
  private readonly saves: CheckpointSaves;

  constructor(
    private readonly models: MongoReadModels,
    /** 0: the replaced generation goes with the switch, before `goLive` resolves. */
    private readonly retireAfterMs = RETIRE_AFTER_MS,
  ) {
    super();
    this.saves = new CheckpointSaves((saves) => this.writeCheckpoints(saves));
  }

  async currentGeneration(name: string, codeVersion: number): Promise<ProjectionGeneration> {
    for (;;) {
      const newest = await this.models.generations.findOne({ name, codeVersion }, { sort: { generation: -1 } });
      if (newest) return { generation: newest.generation, live: newest.live };
      // the first generation of a projection is what queries read until a rebuild replaces it
      const live = (await this.models.liveGeneration(name)) === undefined;
      const created = await this.create(name, codeVersion, live);
      if (created !== undefined) return { generation: created, live };
    }
  }

  async startNewGeneration(name: string, codeVersion: number): Promise<number> {
    for (;;) {
      const created = await this.create(name, codeVersion, false);
      if (created !== undefined) return created;
    }
  }

  /** The next generation of a projection, or undefined when another process created that number first. */
  private async create(name: string, codeVersion: number, live: boolean): Promise<number | undefined> {
    const top = await this.models.generations.findOne({ name }, { sort: { generation: -1 } });
    const generation = (top?.generation ?? 0) + 1;
    try {
      await this.models.generations.insertOne({
        _id: generationKey(name, generation),
        name,
        generation,
        codeVersion,
        live,
      });
      return generation;
    } catch (error) {
      if (mongoRefusalOf(error) === 'duplicate') return undefined;
      throw error;
    }
  }

  async checkpointOf(name: string, generation: number): Promise<Checkpoint> {
    const found = await this.models.checkpoints.findOne({ _id: generationKey(name, generation) });
    return found ? checkpointFrom(found) : START;
  }

  async newestCheckpoints(names: readonly string[]): Promise<Map<string, Checkpoint>> {
    const newest = await this.models.checkpoints
      .aggregate<{ _id: string; newest: StoredCheckpoint }>([
        { $match: { name: { $in: [...names] } } },
        { $sort: { generation: -1 } },
        { $group: { _id: '$name', newest: { $first: '$$ROOT' } } },
      ])
      .toArray();
    return new Map(newest.map((found) => [found._id, checkpointFrom(found.newest)]));
  }

  /**
   * The documents are read inside the transaction, so a writer that changed one meanwhile makes it fail and run again
   * (`documentChangesOf`: a batch delivered again changes nothing, a row `evolve` ends is deleted).
   */
  async applyEvents(
    projection: AnyProjection,
    generation: number,
    events: readonly StoredEvent[],
    through: Checkpoint,
  ): Promise<void> {
    const targets = targetsOf(projection, events);
    const ids = [...new Set(targets.map((target) => target.id))];
    await this.models.inTransaction(async (session) => {
      const found = await this.models.documents
        .find({ _id: { $in: ids.map((id) => documentKey(projection.name, generation, id)) } }, { session })
        .toArray();
      const held = new Map<string, HeldDocument>(
        found.map((stored) => [stored.i, { row: stored.doc, last: checkpointFrom(stored.last) }]),
      );
      const writes: AnyBulkWriteOperation<StoredDocument>[] = documentChangesOf(projection, events, held, targets).map(
        ({ id, row, last }) => {
          const _id = documentKey(projection.name, generation, id);
          if (row === undefined) return { deleteOne: { filter: { _id } } };
          const replacement = { p: projection.name, g: generation, i: id, doc: row, last: storedCheckpointValue(last) };
          return { replaceOne: { filter: { _id }, replacement, upsert: true } };
        },
      );
      if (writes.length > 0) await this.models.documents.bulkWrite(writes, { session, ordered: true });
      await this.models.checkpoints.updateOne(
        { _id: generationKey(projection.name, generation) },
        { $set: { name: projection.name, generation, ...storedCheckpointValue(through) } },
        { upsert: true, session },
      );
    });
  }

  saveCheckpoint(name: string, generation: number, through: Checkpoint): Promise<void> {
    return this.saves.save(name, generation, through);
  }

  private async writeCheckpoints(saves: readonly CheckpointSave[]): Promise<void> {
    await this.models.checkpoints.bulkWrite(
      saves.map(({ name, generation, checkpoint }) => ({
        updateOne: {
          filter: { _id: generationKey(name, generation) },
          update: { $set: { name, generation, ...storedCheckpointValue(checkpoint) } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /**
   * The switch is one transaction (a unique index lets one generation of a name be live). The older generations'
   * documents are dropped after it, outside it: a large generation would outgrow a transaction's limits. The one just
   * replaced goes `retireAfterMs` later, when no read that began before the switch is left, or at the next switch
   * should this process stop first.
   */
  async goLive(name: string, generation: number): Promise<void> {
    const replaced = await this.models.inTransaction(async (session) => {
      const before = await this.models.liveGeneration(name, session);
      await this.models.generations.updateMany(
        { name, live: true, generation: { $ne: generation } },
        { $set: { live: false } },
        { session },
      );
      const { matchedCount } = await this.models.generations.updateOne(
        { _id: generationKey(name, generation) },
        { $set: { live: true } },
        { session },
      );
      // aborts the switch: no generation of the name would be live
      if (matchedCount !== 1) throw new Error(`generation ${generation} of projection ${name} does not exist`);
      return before === generation ? undefined : before;
    });
    await this.drop(name, { $lt: generation, ...(replaced === undefined ? {} : { $ne: replaced }) });
    if (replaced === undefined || replaced > generation) return;
    if (this.retireAfterMs === 0) return this.drop(name, { $eq: replaced });
    setTimeout(() => void this.drop(name, { $eq: replaced }).catch(() => undefined), this.retireAfterMs).unref();
  }

  /** Deletes the generations of a name that `generations` matches: documents, checkpoints, then the record. */
  private async drop(name: string, generations: Record<string, number>): Promise<void> {
    await this.models.documents.deleteMany({ p: name, g: generations });
    await this.models.checkpoints.deleteMany({ name, generation: generations });
    await this.models.generations.deleteMany({ name, generation: generations, live: false });
  }

  /**
   * Reads in a snapshot session: every read at the cluster time of the first, the generation, its checkpoint and its
   * documents at one point in time (no transaction, so no transaction's time limit on a large read model).
   */
  async snapshot<Row>(name: string, codeVersion: number): Promise<ProjectionSnapshot<Row> | undefined> {
    const session = this.models.client.startSession({ snapshot: true });
    try {
      const live = await this.models.generations.findOne({ name, live: true, codeVersion }, { session });
      if (!live) return undefined;
      const checkpoint = await this.models.checkpoints.findOne(
        { _id: generationKey(name, live.generation) },
        { session },
      );
      if (!checkpoint) return undefined;
      const documents = await this.models.documents
        .find({ p: name, g: live.generation }, { session, projection: { doc: 1 } })
        .toArray();
      return { checkpoint: checkpointFrom(checkpoint), rows: documents.map((stored) => stored.doc as Row) };
    } finally {
      await session.endSession();
    }
  }

  async memoryEstimate(name: string): Promise<number> {
    const generation = await this.models.liveGeneration(name);
    if (generation === undefined) return 0;
    const [summed] = await this.models.documents
      .aggregate<{ bytes: number }>([
        { $match: { p: name, g: generation } },
        { $group: { _id: null, bytes: { $sum: { $bsonSize: '$doc' } } } },
      ])
      .toArray();
    return (summed?.bytes ?? 0) * BSON_TO_MEMORY;
  }
}
