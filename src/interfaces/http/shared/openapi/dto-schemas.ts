import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { JsonSchema } from './json-schema';

// the store where class-transformer keeps `@Type` (nested classes); its package declares it but exports no path to it
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: MetadataStorage;
};

/**
 * The JSON Schemas of every class the validation pipe checks (bodies, query and path parameters), derived from
 * their class-validator declarations, so that what is documented is what is enforced. Unknown properties are
 * refused by the pipe, so each class is closed (`additionalProperties: false`).
 */
export const dtoSchemas = (): Record<string, JsonSchema> => {
  const schemas = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: '#/components/schemas/',
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, { ...schema, additionalProperties: false } as JsonSchema]),
  );
};
