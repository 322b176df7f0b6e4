import { partnerType } from '../../../../application/shared/partner-type';
import { closed, JsonSchema, ref } from './json-schema';

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

/** A webhook and its delivery log, on both partner surfaces; `types` are the surface's webhook types. */
export const webhookSchemas = (namespace: string, types: readonly string[]): Record<string, JsonSchema> => {
  const { type } = partnerShapes(namespace);
  return {
    Webhook: closed(['@type', 'id', 'url', 'type'], {
      '@type': type('Webhook'),
      id: { type: 'string', pattern: '^wh-' },
      url: { type: 'string', format: 'uri' },
      type: { enum: [...types] },
    }),
    WebhookDeliveryLog: closed(
      ['@type', 'id', 'type', 'operationId', 'status', 'attempts', 'nextAttemptAt', 'createdAt'],
      {
        '@type': type('WebhookDeliveryLog'),
        id: { type: 'string' },
        type: { enum: [...types] },
        operationId: { type: 'string' },
        status: { enum: ['PENDING', 'DELIVERED', 'DROPPED'] },
        attempts: {
          type: 'array',
          items: closed(['at', 'statusCode', 'error', 'durationMs'], {
            at: MILLIS,
            statusCode: { type: ['integer', 'null'] },
            error: { type: ['string', 'null'] },
            durationMs: { type: 'number' },
          }),
        },
        nextAttemptAt: { type: ['integer', 'null'] },
        createdAt: MILLIS,
      },
    ),
  };
};
