import { DocumentPath, DocumentStore, Filter, FindOptions, Found } from '../../application/shared/document-store.port';
import { assertNever } from '../../domain/shared/assert-never';

type Text = string | null;
type Key = string | number | null;

/**
 * What PostgreSQL's `doc #>> path` answers: the text at a path (numbers, booleans, objects and arrays as their JSON
 * text), null where nothing or JSON null is. Filters and sorts of both stores read documents through it.
 */
const textAt = (doc: unknown, path: DocumentPath): Text => {
  let value: unknown = doc;
  for (const key of typeof path === 'string' ? path.split('.') : path) {
    if (Array.isArray(value)) value = /^\d+$/.test(key) ? value[Number(key)] : undefined;
    else if (typeof value === 'object' && value !== null && Object.hasOwn(value, key))
      value = (value as Record<string, unknown>)[key];
    else return null;
  }
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

const matches = (doc: unknown, filter: Filter): boolean => {
  const text = textAt(doc, filter.path);
  switch (filter.op) {
    case 'eq':
      return filter.value === null ? text === null : text === String(filter.value);
    case 'in':
      return text !== null && filter.values.map(String).includes(text);
    case 'prefix':
      return text !== null && text.startsWith(filter.value);
    default:
      return assertNever(filter);
  }
};

const keyOf = (text: Text, numeric: boolean | undefined): Key => (text === null || !numeric ? text : Number(text));

/** The order of one key in a direction (1 ascending, -1 descending); null sorts after every value in both. */
const compareKeys = (a: Key, b: Key, direction = 1): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return direction * (a < b ? -1 : a > b ? 1 : 0);
};

/** A row comparison `(a...) > (b...)`: undefined where a null decides it, which PostgreSQL treats as not true. */
const rowAfter = (row: readonly Key[], cursor: readonly Key[]): boolean | undefined => {
  for (let n = 0; n < row.length; n++) {
    if (row[n] === null || cursor[n] === null) return undefined;
    const order = compareKeys(row[n], cursor[n]);
    if (order !== 0) return order > 0;
  }
  return false;
};

const copy = <T>(doc: T): T => JSON.parse(JSON.stringify(doc)) as T;

/**
 * Projection documents in process memory, for tests of the query handlers and of what reads them. Text compares by
 * UTF-16 code unit, as the embedded server's C collation does for every character outside the astral planes.
 */
export class InMemoryDocumentStore implements DocumentStore {
  private readonly projections = new Map<string, Map<string, unknown>>();

  /** Stores a document as a projection's runner would (kept as JSON: later changes to `doc` do not reach it). */
  put(projection: string, id: string, doc: unknown): void {
    const documents = this.projections.get(projection) ?? new Map<string, unknown>();
    documents.set(id, copy(doc));
    this.projections.set(projection, documents);
  }

  remove(projection: string, id: string): void {
    this.projections.get(projection)?.delete(id);
  }

  async get<Row>(projection: string, id: string): Promise<Row | undefined> {
    const doc = this.projections.get(projection)?.get(id);
    return doc === undefined ? undefined : copy(doc as Row);
  }

  async find<Row>(projection: string, options: FindOptions): Promise<Found<Row>[]> {
    const sorts = [options.orderBy, ...(options.thenBy ? [options.thenBy] : [])];
    const direction = options.orderBy.direction === 'asc' ? 1 : -1;
    const rows = this.matching(projection, options.where ?? []).map(({ id, doc }) => ({
      id,
      doc,
      keys: [...sorts.map((sort) => keyOf(textAt(doc, sort.path), sort.numeric)), id],
    }));
    const { after } = options;
    const cursor = after && [
      ...[after.value, ...(options.thenBy ? [after.then ?? ''] : [])].map((value, n) =>
        keyOf(String(value), sorts[n].numeric),
      ),
      after.id,
    ];
    return rows
      .filter((row) => !cursor || (direction > 0 ? rowAfter(row.keys, cursor) : rowAfter(cursor, row.keys)) === true)
      .sort((a, b) => a.keys.map((key, n) => compareKeys(key, b.keys[n], direction)).find((order) => order !== 0) ?? 0)
      .slice(0, options.limit)
      .map(({ id, doc }) => ({ id, doc: copy(doc as Row) }));
  }

  async count(projection: string, where: readonly Filter[] = []): Promise<number> {
    return this.matching(projection, where).length;
  }

  private matching(projection: string, where: readonly Filter[]): { id: string; doc: unknown }[] {
    return [...(this.projections.get(projection) ?? new Map<string, unknown>())]
      .filter(([, doc]) => where.every((filter) => matches(doc, filter)))
      .map(([id, doc]) => ({ id, doc }));
  }
}
