import { Document } from 'mongodb';
import { DocumentPath, Filter, FindOptions, Sort } from '../../application/shared/document-store.port';

/**
 * The document store's reads as MongoDB aggregation expressions, with PostgreSQL's meaning (`doc #>> path`): a value
 * is compared as its text, numbers and booleans included; nothing there, or JSON null, is null. A path's keys may
 * hold dots (`crypto.ETH.address`), so each key is read with `$getField`, never as a dotted field path; a numeric key
 * indexes an array. Objects and arrays read as null here (PostgreSQL would compare their JSON text): no read model
 * filters or sorts on one.
 */

const keysOf = (path: DocumentPath): readonly string[] => (typeof path === 'string' ? path.split('.') : path);

/** The value at a path of the stored document (`doc`), or missing. */
export const valueAt = (path: DocumentPath): Document =>
  keysOf(path).reduce<Document | string>(
    (input, key) =>
      /^\d+$/.test(key)
        ? {
            $cond: [
              { $isArray: input },
              { $arrayElemAt: [input, Number(key)] },
              { $getField: { field: { $literal: key }, input } },
            ],
          }
        : { $getField: { field: { $literal: key }, input } },
    '$doc',
  ) as Document;

/** Integers a double holds exactly: the driver stores every number past 32 bits (epoch milliseconds) as a double. */
const EXACT_INTEGERS = 2 ** 53;

/**
 * The text at a path: strings as they are, numbers and booleans as their JSON text, anything else null. The server
 * writes a double with six significant digits (`1.71235e+12`), so a double that holds an integer is written as that
 * integer, as JSON does.
 */
export const textAt = (path: DocumentPath): Document => {
  const value = valueAt(path);
  const integral = {
    $and: [
      { $eq: [{ $type: value }, 'double'] },
      { $eq: [value, { $trunc: [value, 0] }] },
      { $lt: [{ $abs: value }, EXACT_INTEGERS] },
    ],
  };
  return {
    $switch: {
      branches: [
        { case: { $eq: [{ $type: value }, 'string'] }, then: value },
        { case: integral, then: { $toString: { $toLong: value } } },
        { case: { $in: [{ $type: value }, ['int', 'long', 'double', 'decimal', 'bool']] }, then: { $toString: value } },
      ],
      default: null,
    },
  };
};

/**
 * A sort key: the text, or for a numeric sort the number (a stored number as it is, text as the number it spells,
 * null where it spells none).
 */
export const sortValueAt = (sort: Pick<Sort, 'path' | 'numeric'>): Document => {
  if (!sort.numeric) return textAt(sort.path);
  const value = valueAt(sort.path);
  return {
    $cond: [
      { $isNumber: value },
      { $toDouble: value },
      { $convert: { input: textAt(sort.path), to: 'double', onError: null, onNull: null } },
    ],
  };
};

export const filterExpression = (filter: Filter): Document => {
  const text = textAt(filter.path);
  switch (filter.op) {
    // every value a caller gives is a `$literal`: a string beginning with `$` would otherwise name a field
    case 'eq':
      return filter.value === null ? { $eq: [text, null] } : { $eq: [text, { $literal: String(filter.value) }] };
    case 'in':
      return { $in: [text, { $literal: filter.values.map(String) }] };
    case 'prefix':
      return { $and: [{ $ne: [text, null] }, { $eq: [{ $indexOfBytes: [text, { $literal: filter.value }] }, 0] }] };
  }
};

/** Row comparison `(keys...) > (cursor...)` as PostgreSQL decides it: a null met before a difference is not true. */
export const rowAfter = (keys: readonly string[], cursor: readonly unknown[], comparison: '$gt' | '$lt'): Document => {
  const [key, ...restKeys] = keys;
  const [value, ...restCursor] = cursor;
  const decided: Document = { [comparison]: [`$${key}`, { $literal: value }] };
  const stepped =
    restKeys.length === 0
      ? decided
      : {
          $or: [
            decided,
            { $and: [{ $eq: [`$${key}`, { $literal: value }] }, rowAfter(restKeys, restCursor, comparison)] },
          ],
        };
  return { $and: [{ $ne: [`$${key}`, null] }, stepped] };
};

/** The aggregation of `find`: the live generation's documents that match, ordered, after the cursor, limited. */
export const findPipeline = (projection: string, generation: number, options: FindOptions): Document[] => {
  const sorts = [options.orderBy, ...(options.thenBy ? [options.thenBy] : [])];
  const keys = sorts.map((_sort, n) => `k${n}`);
  const direction = options.orderBy.direction === 'asc' ? 1 : -1;
  const { after } = options;
  const cursor = after && [
    ...[after.value, ...(options.thenBy ? [after.then ?? ''] : [])].map((value, n) =>
      sorts[n].numeric ? Number(value) : String(value),
    ),
    after.id,
  ];
  return [
    { $match: { p: projection, g: generation } },
    ...((options.where ?? []).length > 0
      ? [{ $match: { $expr: { $and: (options.where ?? []).map(filterExpression) } } }]
      : []),
    { $addFields: Object.fromEntries(sorts.map((sort, n) => [keys[n], sortValueAt(sort)])) },
    // a missing value after every value, in both directions
    {
      $addFields: Object.fromEntries(
        keys.map((key) => [`${key}_missing`, { $cond: [{ $eq: [`$${key}`, null] }, 1, 0] }]),
      ),
    },
    ...(cursor ? [{ $match: { $expr: rowAfter([...keys, 'i'], cursor, direction > 0 ? '$gt' : '$lt') } }] : []),
    {
      $sort: Object.fromEntries([
        ...keys.flatMap((key) => [
          [`${key}_missing`, 1],
          [key, direction],
        ]),
        ['i', direction],
      ]),
    },
    { $limit: options.limit },
    { $project: { _id: 0, id: '$i', doc: 1 } },
  ];
};

/** The value of a field of the stored document, null where it is missing (a missing field compares below null). */
export const fieldOf = (path: string): Document => ({ $ifNull: [`$doc.${path}`, null] });

/** `field < value` as SQL decides it: a missing or null field is never below anything. */
export const below = (path: string, value: number): Document => ({
  $and: [{ $ne: [fieldOf(path), null] }, { $lt: [fieldOf(path), value] }],
});

/** Whether a text field holds `text` (SQL `strpos(field, text) > 0`); the text a `$literal`, never a field path. */
export const holdsText = (path: string, text: string): Document => ({
  $gte: [{ $indexOfBytes: [{ $ifNull: [`$doc.${path}`, ''] }, { $literal: text }] }, 0],
});

/**
 * Orders by a field (`nulls last` in both directions, as SQL is asked to), then by the tie breakers in the same
 * direction, and pages with a `$facet` that also counts every match.
 */
export const orderedPage = (
  sortPath: string,
  direction: 'asc' | 'desc',
  tieBreakers: readonly string[],
  offset: number,
  limit: number,
): Document[] => {
  const order = direction === 'desc' ? -1 : 1;
  return [
    {
      $addFields: { sortValue: fieldOf(sortPath), sortMissing: { $cond: [{ $eq: [fieldOf(sortPath), null] }, 1, 0] } },
    },
    {
      $sort: Object.fromEntries([['sortMissing', 1], ['sortValue', order], ...tieBreakers.map((key) => [key, order])]),
    },
    {
      $facet: {
        rows: [{ $skip: offset }, { $limit: limit }, { $project: { _id: 0, doc: 1 } }],
        total: [{ $count: 'count' }],
      },
    },
  ];
};

/** What `orderedPage` answers. */
export interface PageFacet<Row> {
  readonly rows: readonly { readonly doc: Row }[];
  readonly total: readonly { readonly count: number }[];
}
