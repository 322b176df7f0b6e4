import { MongoReadModels } from './mongodb/mongo-read-models';

/** How long a starting process waits for a read models' database of its own before it gives up, saying why. */
export const READ_MODELS_START_MS = 10_000;

/**
 * Where this process keeps the read models: PostgreSQL, or the MongoDB of `MONGODB_URL` (`mongo` then set). The
 * storage module chooses each read model's adapter by it.
 */
export class ReadModelPlace {
  constructor(readonly mongo: MongoReadModels | undefined) {}

  static async open(mongodbUrl: string | undefined): Promise<ReadModelPlace> {
    return new ReadModelPlace(mongodbUrl ? await MongoReadModels.connect(mongodbUrl, READ_MODELS_START_MS) : undefined);
  }
}
