import { closed, count, JsonSchema } from '../shared/openapi/json-schema';

/** Pieces the answers of surface A's actions share. */

export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/** `*At` fields of surface A: ISO 8601 (`decisions.md` §0). */
export const isoTime: JsonSchema = { type: 'string', format: 'date-time' };

/** An offset page: what it holds of how many, and where the next starts. */
export const OFFSET_PAGINATION = closed(['total', 'count', 'offset', 'limit', 'hasMore', 'nextOffset'], {
  total: count,
  count,
  offset: count,
  limit: count,
  hasMore: { type: 'boolean' },
  nextOffset: nullable(count),
});
