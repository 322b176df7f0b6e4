import { partnerType } from '../../../../application/shared/partner-type';
import { JsonSchema, ref } from './json-schema';

/** Schema pieces both `/partner/v3` documents (surfaces C and D) are written with. */

export const CENTS: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['usdCents'],
  properties: { usdCents: { type: 'integer', minimum: 0 } },
};
export const MILLIS: JsonSchema = { type: 'integer', description: 'Epoch milliseconds' };
export const UNICODE_NAME: JsonSchema = {
  type: 'string',
  description: 'The name in Unicode (the same text when it is not an IDN)',
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

/** The `@type` constant and list shapes of one namespace. */
export const partnerShapes = (namespace: string) => {
  const type = (name: string): JsonSchema => ({ const: partnerType(namespace, name) });
  return {
    type,
    list: (item: string): JsonSchema =>
      closed(['@type', 'items'], { '@type': type('List'), items: { type: 'array', items: ref(item) } }),
    cursorList: (item: string): JsonSchema =>
      closed(['@type', 'items', 'next'], {
        '@type': type('CursorList'),
        items: { type: 'array', items: ref(item) },
        next: closed(['$cursor'], {
          $cursor: {
            type: ['string', 'null'],
            description: 'Pass as `$cursor` for the next page; null on the last page',
          },
        }),
      }),
    result: (name: string): JsonSchema =>
      closed(['@type', 'operation'], { '@type': type(name), operation: ref('Operation') }),
  };
};
