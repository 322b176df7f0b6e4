import { randomUUID } from 'node:crypto';
import { RawRequest } from './raw-http';

/** A route as the application registered it: a method and a path with `:param` placeholders. */
export interface RouteUnderTest {
  readonly method: string;
  readonly path: string;
}

export interface HostileCase extends RawRequest {
  /** `METHOD /path/:param` of the route the case was made for. */
  readonly route: string;
  readonly title: string;
  /** The status it must get, when only one is right; otherwise any 4xx. */
  readonly status?: number;
  /** A route may take it (surface E answers unknown names with 200 and null values); never a 5xx. */
  readonly mayPass?: true;
  /** What the refusal must name: the one thing wrong with the request, where other things may be wrong too. */
  readonly names?: string;
}

/**
 * Property names every object already has (or that Nest deletes before validating): undeclared, like any unknown
 * property, they must be refused by name, whether at the top of the body or inside it.
 */
export const INHERITED_NAMES = [
  'prototype',
  'constructor',
  '__defineGetter__',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Over the service's limits: the body limit is 1 MiB, the request target 8 KiB, Node's header block 16 KiB. */
const OVER_BODY_LIMIT = 1024 * 1024 + 1;
const OVER_TARGET_LIMIT = 9 * 1024;
const OVER_HEADER_LIMIT = 20 * 1024;

/** A valid-looking value for each path parameter, so that only the hostile part of a request is wrong. */
export const sampleParameter = (name: string, path: string): string => {
  switch (name) {
    case 'name':
      if (path.startsWith('/resolve')) return 'brad.crypto';
      return path.includes('/dns') ? 'hostile-sample.com' : 'hostile-sample.crypto';
    case 'address':
      return '0x8aad44321a86b170879d7a244c1e8d360c99dda8';
    case 'id':
      return path.includes('webhooks') ? `wh-${randomUUID()}` : `op-${randomUUID()}`;
    case 'dependencyId':
      return `bc-${randomUUID()}`;
    case 'document':
      return 'web3-partner.json';
    case 'tld':
      return 'com';
    case 'domain':
      return 'hostile-sample.com';
    case 'contactId':
      return `con_${randomUUID()}`;
    case 'slug':
      return 'renew-a-domain';
    case 'file':
      return 'architecture.md';
    case 'tokenId':
      return '53115498937382692782103703677178119840631903773202805882273058578308100329417';
    case 'subject':
      return 'operation';
    default:
      throw new Error(`no sample for the path parameter :${name} of ${path}: add one to test/hostile/hostile-cases.ts`);
  }
};

const fill = (path: string, replace: (name: string) => string): string =>
  path.replace(/:([A-Za-z]+)/g, (_match, name: string) => replace(name));

const nested = (depth: number, open: string, close: string): string => `${open.repeat(depth)}${close.repeat(depth)}`;

/**
 * Every hostile variation of one route: targets and headers over the limits, NUL bytes, broken encodings, the wrong
 * method and, for methods with bodies, bodies that are too deep, too large, of other types, not UTF-8, with
 * duplicate keys or with NUL. Each is otherwise a plausible request to the route.
 */
export const hostileCases = (
  route: RouteUnderTest & { readonly takesForm: boolean; readonly readsOwnBody: boolean; readonly idempotent: boolean },
  allowedMethods: readonly string[],
  credentials: Readonly<Record<string, string>>,
): HostileCase[] => {
  const target = fill(route.path, (name) => sampleParameter(name, route.path));
  const hasParameters = target !== route.path;
  const at = (
    title: string,
    request: Omit<HostileCase, 'route' | 'title' | 'method'> & { method?: string },
  ): HostileCase => ({
    route: `${route.method} ${route.path}`,
    title: `${route.method} ${route.path}: ${title}`,
    method: route.method,
    ...request,
    headers: { ...credentials, ...request.headers },
  });
  const json = (title: string, body: Buffer | string, status?: number, names?: string): HostileCase =>
    at(title, { target, headers: { 'content-type': 'application/json' }, body, status, names });
  const wrongMethod = METHODS.find((method) => !allowedMethods.includes(method)) as string;

  const cases: HostileCase[] = [
    at('a query over the target limit', { target: `${target}?q=${'a'.repeat(OVER_TARGET_LIMIT)}`, status: 414 }),
    at('a target over the header limit', { target: `${target}?q=${'a'.repeat(OVER_HEADER_LIMIT)}`, status: 414 }),
    at('headers over the header limit', {
      target,
      headers: { 'x-filler': 'a'.repeat(OVER_HEADER_LIMIT) },
      status: 431,
    }),
    at('%00 in the query', { target: `${target}?q=a%00b`, status: 400 }),
    at('two Authorization headers', {
      target,
      headers: { authorization: ['Bearer first-credential', 'Bearer second-credential'] },
      status: 400,
      names: 'authorization',
    }),
    at(`the method ${wrongMethod}`, { method: wrongMethod, target, status: 405 }),
  ];
  if (hasParameters) {
    cases.push(
      at('%00 in a path parameter', {
        target: fill(route.path, (name) => `${sampleParameter(name, route.path)}%00`),
        status: 400,
      }),
      at('broken percent-encoding in a path parameter', { target: fill(route.path, () => '%E0%A4%A'), status: 400 }),
      at('a 3,000-character path parameter', { target: fill(route.path, () => 'a'.repeat(3000)), mayPass: true }),
    );
  }
  if (route.idempotent) {
    cases.push(
      at('an Idempotency-Key of 256 characters', {
        target,
        headers: { 'idempotency-key': 'k'.repeat(256) },
        status: 400,
        names: 'idempotency-key',
      }),
      at('two Idempotency-Key headers', {
        target,
        headers: { 'idempotency-key': ['first', 'second'] },
        status: 400,
        names: 'idempotency-key',
      }),
    );
  }
  if (!BODY_METHODS.has(route.method)) return cases;
  return [
    ...cases,
    json('arrays nested 10,000 deep', nested(10_000, '[', ']'), 400),
    json('objects nested 10,000 deep', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, 400),
    json('a body over the size limit', `{"a":"${'x'.repeat(OVER_BODY_LIMIT)}"}`, 413),
    json('duplicate keys', '{"name":"a.crypto","name":"b.crypto"}', 400),
    json('a NUL byte in the JSON text', Buffer.from('{"name":"a\u0000b"}', 'utf8'), 400),
    json('an escaped NUL in a string', '{"name":"a\\u0000b"}', 400),
    json('an unpaired surrogate in a string', '{"name":"\\ud800"}', 400),
    json('bytes that are not UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 400),
    json('malformed JSON', '{"name":', 400),
    // JSON-RPC bodies are the chain proxy's own to answer, in JSON-RPC's error format
    ...(route.readsOwnBody
      ? []
      : INHERITED_NAMES.map((name) => json(`a property named ${name}`, `{"${name}":1}`, 400, name))),
    at('two Content-Type headers', {
      target,
      headers: { 'content-type': ['application/json', 'text/plain'] },
      body: '{}',
      status: 400,
      names: 'content-type',
    }),
    at('JSON in UTF-16', {
      target,
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: '{}',
      status: 415,
    }),
    at('a text/plain body', { target, headers: { 'content-type': 'text/plain' }, body: 'name=a.crypto', status: 415 }),
    at('an XML body', { target, headers: { 'content-type': 'application/xml' }, body: '<name>a</name>', status: 415 }),
    at('a multipart body', {
      target,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\ncontent-disposition: form-data; name="name"\r\n\r\na\r\n--x--\r\n',
      status: 415,
    }),
    at('a body without a content type', { target, body: '{"name":"a.crypto"}', status: 415 }),
    // JSON routes refuse forms; the routes that take them refuse a field given twice
    at('a form body', {
      target,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=a&name=b',
      status: route.takesForm ? 400 : 415,
    }),
  ];
};
