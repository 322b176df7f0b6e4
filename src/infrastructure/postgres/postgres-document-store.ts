import { ReadQueries } from './read-connections';
import { DocumentPath, DocumentStore, Filter, FindOptions, Found } from '../../application/shared/document-store.port';

const LIVE = '(select generation from projection_generations g where g.name = d.projection and g.live)';
/** The live generation of the projection named by a parameter: read once per query, not once per row. */
const liveOf = (projection: string): string =>
  `(select generation from projection_generations g where g.name = ${projection} and g.live)`;

const pathOf = (path: DocumentPath): readonly string[] => (typeof path === 'string' ? path.split('.') : path);

/** `doc #>> '{a,b}'`: the text at a dot path, with the path passed as a parameter (never spliced). */
class Sql {
  readonly params: unknown[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  textAt(path: DocumentPath): string {
    return `(d.doc #>> ${this.param(pathOf(path))}::text[])`;
  }
  valueAt(path: DocumentPath, numeric: boolean | undefined): string {
    return numeric ? `(${this.textAt(path)})::numeric` : this.textAt(path);
  }
  filter(filter: Filter): string {
    switch (filter.op) {
      case 'eq':
        return filter.value === null
          ? `${this.textAt(filter.path)} is null`
          : `${this.textAt(filter.path)} = ${this.param(String(filter.value))}`;
      case 'in':
        return `${this.textAt(filter.path)} = any(${this.param(filter.values.map(String))}::text[])`;
      case 'prefix':
        return `starts_with(${this.textAt(filter.path)}, ${this.param(filter.value)})`;
    }
  }
}

export class PostgresDocumentStore implements DocumentStore {
  constructor(private readonly pool: ReadQueries) {}

  async get<Row>(projection: string, id: string): Promise<Row | undefined> {
    // a named statement: each connection parses and plans the hottest read once
    const { rows } = await this.pool.query<{ doc: Row }>({
      name: 'document_get',
      text: `select doc from projection_documents d where d.projection = $1 and d.generation = ${LIVE} and d.id = $2`,
      values: [projection, id],
    });
    return rows[0]?.doc;
  }

  async find<Row>(projection: string, options: FindOptions): Promise<Found<Row>[]> {
    const { text, params } = this.findQuery(projection, options);
    return (await this.pool.query<{ id: string; doc: Row }>(text, params)).rows;
  }

  private findQuery(projection: string, options: FindOptions): { text: string; params: unknown[] } {
    const sql = new Sql();
    const name = sql.param(projection);
    const conditions = [
      `d.projection = ${name}`,
      `d.generation = ${liveOf(name)}`,
      ...(options.where ?? []).map((filter) => sql.filter(filter)),
    ];
    const { direction } = options.orderBy;
    const sorts = [options.orderBy, ...(options.thenBy ? [options.thenBy] : [])];
    const sortValues = sorts.map((sort) => sql.valueAt(sort.path, sort.numeric));
    if (options.after) {
      const comparison = direction === 'asc' ? '>' : '<';
      const afterValues = [options.after.value, ...(options.thenBy ? [options.after.then ?? ''] : [])].map(
        (value, index) => `${sql.param(String(value))}${sorts[index].numeric ? '::numeric' : ''}`,
      );
      conditions.push(
        `(${[...sortValues, 'd.id'].join(', ')}) ${comparison} (${[...afterValues, sql.param(options.after.id)].join(', ')})`,
      );
    }
    const text = `select d.id, d.doc from projection_documents d where ${conditions.join(' and ')}
        order by ${[...sortValues, 'd.id'].map((value) => `${value} ${direction} nulls last`).join(', ')}
        limit ${sql.param(options.limit)}`;
    return { text, params: sql.params };
  }

  async count(projection: string, where: readonly Filter[] = []): Promise<number> {
    const sql = new Sql();
    const name = sql.param(projection);
    const conditions = [
      `d.projection = ${name}`,
      `d.generation = ${liveOf(name)}`,
      ...where.map((filter) => sql.filter(filter)),
    ];
    const { rows } = await this.pool.query<{ count: string }>(
      `select count(*) from projection_documents d where ${conditions.join(' and ')}`,
      sql.params,
    );
    return Number(rows[0].count);
  }
}
