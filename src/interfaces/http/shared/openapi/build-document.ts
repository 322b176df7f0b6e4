import { STATUS_CODES } from 'node:http';
import { DOMAIN_STATUS } from '../problem';
import { CatalogRoute } from '../route-catalog';
import { RouteDocumentation } from './documented';
import { JsonSchema, reachable, ref } from './json-schema';
import { SurfaceDocument, SurfaceDocumentContext } from './surface-document';

type Operation = Record<string, unknown>;

const openApiPath = (path: string, basePath: string): string =>
  (path.slice(basePath.length) || '/').replace(/:([A-Za-z]+)/g, '{$1}');

const operationId = (method: string, path: string): string =>
  [
    method.toLowerCase(),
    ...path
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0].toUpperCase() + word.slice(1)),
  ].join('');

/** A class schema's properties as OpenAPI parameters: arrays repeat the name (`form`), objects are `deepObject`. */
const parametersOf = (schema: JsonSchema | undefined, location: 'query' | 'path'): Record<string, unknown>[] => {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema?.required ?? []) as string[];
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    ...(description ? { description } : {}),
    schema: property,
    ...(property.type === 'array' ? { style: 'form', explode: true } : {}),
    ...(property.type === 'object' ? { style: 'deepObject', explode: true } : {}),
  }));
};

const errorResponse = (surface: SurfaceDocument, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(surface.errorSchema) } },
});

/** The error statuses of a route: invalid input, credentials, what it refuses with, the rest under `default`. */
const errorResponses = (
  surface: SurfaceDocument,
  route: CatalogRoute,
  hasParameters: boolean,
): Record<string, unknown> => {
  const byStatus = new Map<number, string[]>([[400, ['the request is not valid: its parameters, path or body']]]);
  const add = (status: number, text: string) => byStatus.set(status, [...(byStatus.get(status) ?? []), text]);
  const open = !route.access || ('open' in route.access && route.access.open);
  if (!open) {
    add(401, 'no credential, or one that is not valid');
    add(403, 'the credential may not use this route');
  }
  if (hasParameters) add(404, 'nothing of this account answers to the path');
  for (const code of route.documentation?.refuses ?? []) add(DOMAIN_STATUS[code], code);
  if (route.idempotent) {
    add(409, 'IDEMPOTENCY_KEY_REUSED: the Idempotency-Key came with another request');
    add(409, 'IDEMPOTENCY_KEY_IN_USE: the first request with the Idempotency-Key is still being answered');
  }
  const responses: Record<string, unknown> = {};
  for (const [status, texts] of [...byStatus].sort(([a], [b]) => a - b))
    responses[String(status)] = errorResponse(surface, texts.join('; '));
  responses.default = errorResponse(
    surface,
    'any other error: limits of size (413, 414, 431), media types (415), methods (405), failures (5xx)',
  );
  return responses;
};

/** The header of the routes that charge or start an operation (`@Idempotent()`, docs/http.md). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the request safe to send again: the same request with the same key within 24 hours is answered as the first was (header Idempotent-Replayed: true), without a second operation or charge; the key with another request is 409 IDEMPOTENCY_KEY_REUSED, and while the first is being answered 409 IDEMPOTENCY_KEY_IN_USE. Scoped to the account.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

const operationOf = (
  surface: SurfaceDocument,
  route: CatalogRoute,
  path: string,
  classes: Readonly<Record<string, JsonSchema>>,
): Operation => {
  const documentation = route.documentation as RouteDocumentation;
  const parameters = [
    ...parametersOf(route.params && classes[route.params.name], 'path'),
    ...parametersOf(route.query && classes[route.query.name], 'query'),
    ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
  ];
  const open = !route.access || ('open' in route.access && route.access.open);
  const bodySchema = route.body && classes[route.body.name];
  const bodyTypes = {
    'application/json': { schema: ref(route.body?.name ?? '') },
    ...(route.takesForm ? { 'application/x-www-form-urlencoded': { schema: ref(route.body?.name ?? '') } } : {}),
  };
  return {
    operationId: operationId(route.method, openApiPath(path, surface.basePath)),
    summary: documentation.summary,
    ...(documentation.description ? { description: documentation.description } : {}),
    tags: [surface.title],
    security: open ? [] : [{ bearer: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(bodySchema ? { requestBody: { required: true, content: bodyTypes } } : {}),
    responses: {
      [String(route.status)]: {
        description: STATUS_CODES[route.status] ?? 'success',
        content: { 'application/json': { schema: ref(documentation.answer) } },
      },
      ...errorResponses(
        surface,
        route,
        parameters.some((parameter) => parameter.in === 'path'),
      ),
    },
  };
};

/**
 * The OpenAPI 3.1 document of one surface, from the declarations of its routes (access, parameter and body classes,
 * `@Documented`) and the schemas of its answers.
 */
export const buildDocument = (
  surface: SurfaceDocument,
  routes: readonly CatalogRoute[],
  classes: Readonly<Record<string, JsonSchema>>,
  context: SurfaceDocumentContext,
): Record<string, unknown> => {
  const paths: Record<string, Record<string, Operation>> = {};
  const answers = surface.schemas(context);
  // a class without a rule (an empty body) has no derived schema: its surface writes one among its answers
  const bodies = { ...answers, ...classes };
  // a route without @Documented is no surface's (test probes); the document test finds a real one left out
  const documented = routes.filter((route) => route.documentation !== undefined);
  for (const route of documented) {
    for (const path of route.paths.filter((candidate) => surface.includes(route, candidate))) {
      const key = openApiPath(path, surface.basePath);
      paths[key] = { ...paths[key], [route.method.toLowerCase()]: operationOf(surface, route, path, bodies) };
    }
  }
  const used = documented
    .filter((route) => route.paths.some((path) => surface.includes(route, path)))
    .flatMap((route) => (route.body ? [route.body.name] : []));
  return {
    openapi: '3.1.0',
    info: { title: surface.title, version: surface.version, description: surface.description },
    servers: [{ url: surface.basePath || '/' }],
    tags: [{ name: surface.title, description: surface.description }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: { ...reachable(used, classes), ...reachable(Object.keys(answers), { ...classes, ...answers }) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: surface.credential ?? 'none' } },
    },
  };
};
