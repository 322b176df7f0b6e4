/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The schemas the answers' documents are made of most: any string, a count, a list of one kind. */
export const text: JsonSchema = { type: 'string' };
export const count: JsonSchema = { type: 'integer', minimum: 0 };
export const list = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** The component names a schema refers to, directly. */
export const refsOf = (schema: unknown): string[] => {
  if (Array.isArray(schema)) return schema.flatMap(refsOf);
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([keyword, value]) =>
    keyword === '$ref' && typeof value === 'string' ? [value.replace('#/components/schemas/', '')] : refsOf(value),
  );
};

/** `names` and every component they reach through `$ref`, from `all`. */
export const reachable = (
  names: readonly string[],
  all: Readonly<Record<string, JsonSchema>>,
): Record<string, JsonSchema> => {
  const found: Record<string, JsonSchema> = {};
  const visit = (name: string): void => {
    if (found[name] || !all[name]) return;
    found[name] = all[name];
    refsOf(all[name]).forEach(visit);
  };
  names.forEach(visit);
  return found;
};

/** An object with exactly these properties, `required` among them. */
export const closed = (
  required: string[],
  properties: Record<string, JsonSchema>,
  extra: JsonSchema = {},
): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
  ...extra,
});
