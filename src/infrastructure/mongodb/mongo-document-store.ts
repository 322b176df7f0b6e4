import { DocumentStore, Filter, FindOptions, Found } from '../../application/shared/document-store.port';
import { filterExpression, findPipeline } from './mongo-expressions';
import { documentKey, MongoReadModels } from './mongo-read-models';

/**
 * The document store's reads on MongoDB, with the same meaning as on PostgreSQL (`mongo-expressions.ts`): the live
 * generation's documents of a projection, by key or matched, ordered and paged.
 */
export class MongoDocumentStore extends DocumentStore {
  constructor(private readonly models: MongoReadModels) {
    super();
  }

  async get<Row>(projection: string, id: string): Promise<Row | undefined> {
    const generation = await this.models.liveGeneration(projection);
    if (generation === undefined) return undefined;
    const found = await this.models.documents.findOne({ _id: documentKey(projection, generation, id) });
    return (found?.doc as Row | undefined) ?? undefined;
  }

  async find<Row>(projection: string, options: FindOptions): Promise<Found<Row>[]> {
    const generation = await this.models.liveGeneration(projection);
    if (generation === undefined) return [];
    return this.models.documents.aggregate<Found<Row>>(findPipeline(projection, generation, options)).toArray();
  }

  async count(projection: string, where: readonly Filter[] = []): Promise<number> {
    const generation = await this.models.liveGeneration(projection);
    if (generation === undefined) return 0;
    const [counted] = await this.models.documents
      .aggregate<{ count: number }>([
        { $match: { p: projection, g: generation } },
        ...(where.length > 0 ? [{ $match: { $expr: { $and: where.map(filterExpression) } } }] : []),
        { $count: 'count' },
      ])
      .toArray();
    return counted?.count ?? 0;
  }
}
