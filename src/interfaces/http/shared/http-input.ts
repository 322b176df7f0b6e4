import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Socket } from 'node:net';
import { JsonBodyRefused, parseJsonBody } from './json-body';
import { Problem, RequestValidationError } from './problem';
import { problemResponse, sendProblem } from './surfaces';

/**
 * What the service takes in before any route sees it: bodies of at most `BODY_LIMIT_BYTES`, JSON only (UTF-8,
 * bounded depth, no duplicate keys: `parseJsonBody`), form bodies only on routes that declare them, request
 * targets of at most `URL_LIMIT_BYTES` and without NUL. Whatever is refused here is answered in the format of the
 * surface the request came to, like every other error.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const URL_LIMIT_BYTES = 8 * 1024;

/**
 * Fastify route config (`@RouteConfig(TAKES_FORM)`) of the routes that also take `application/x-www-form-urlencoded`.
 */
export const TAKES_FORM = { takesForm: true } as const;

/**
 * Fastify route config (`@RouteConfig(KEEPS_RAW_BODY)`) of the routes that need the JSON body as it was sent (a
 * signature over its bytes: Stripe's events), kept as `rawBody` beside the parsed one.
 */
export const KEEPS_RAW_BODY = { keepsRawBody: true } as const;

/** The body as it was sent, on a route that keeps it. */
export const rawBodyOf = (request: FastifyRequest): string | undefined =>
  (request as FastifyRequest & { rawBody?: string }).rawBody;

const takesForm = (request: FastifyRequest): boolean =>
  (request.routeOptions.config as { takesForm?: boolean } | undefined)?.takesForm === true;

const problem = (status: number, code: string, message: string): Problem => ({ status, code, message, issues: [] });

class UnsupportedMediaType extends Error {
  readonly statusCode = 415;
}

/** `charset` may be absent or UTF-8: JSON is UTF-8 (RFC 8259 §8.1). */
const utf8Only = (contentType: string | undefined): boolean => {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export const registerBodyParsers = (fastify: FastifyInstance): void => {
  // the built-in parsers (JSON without bounds, text/plain) go: a body type not registered here answers 415
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    (request, body, done) => {
      if (!utf8Only(request.headers['content-type']))
        return done(new UnsupportedMediaType('JSON bodies are UTF-8'), undefined);
      const refuse = (path: string, message: string) =>
        done(new RequestValidationError([{ path, message }]), undefined);
      const buffer = body as Buffer;
      if (buffer.length === 0) return refuse('', 'the body is empty; send a JSON object');
      let text: string;
      try {
        text = strictUtf8.decode(buffer);
      } catch {
        return refuse('', 'the body is not valid UTF-8');
      }
      if ((request.routeOptions.config as { keepsRawBody?: boolean } | undefined)?.keepsRawBody)
        (request as FastifyRequest & { rawBody?: string }).rawBody = text;
      try {
        done(null, parseJsonBody(text));
      } catch (error) {
        if (error instanceof JsonBodyRefused) return refuse(error.issue.path, error.issue.message);
        refuse('', `the body is not valid JSON (${(error as Error).message})`);
      }
    },
  );
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (request, body, done) => {
      if (!takesForm(request))
        return done(new UnsupportedMediaType('this route takes application/json bodies'), undefined);
      const text = body as string;
      if (text.includes('\u0000') || /%00/i.test(text))
        return done(
          new RequestValidationError([{ path: '', message: 'the body must not contain NUL characters' }]),
          undefined,
        );
      const form = new URLSearchParams(text);
      // no prototype: a field named __proto__ or constructor is an ordinary (unknown) field
      const fields: Record<string, string> = Object.create(null);
      for (const [key, value] of form) {
        // RFC 6749 §3.1: a parameter is sent once
        if (Object.hasOwn(fields, key))
          return done(new RequestValidationError([{ path: key, message: 'is given twice' }]), undefined);
        fields[key] = value;
      }
      done(null, fields);
    },
  );
};

/** `name[key]` in a query: a deep object parameter (`resolution[crypto.ETH.address]=0x…`). */
const DEEP_OBJECT = /^([A-Za-z$_][\w$]*)\[([^[\]]+)\]$/;

/**
 * A query string as routes take it: a repeated name gives a list of its values, `name[key]=value` gives an object
 * under `name` (OpenAPI's deepObject style). The objects have no prototype, so no name reaches one.
 */
export const parseQueryString = (text: string): Record<string, unknown> => {
  const query: Record<string, unknown> = Object.create(null);
  const add = (target: Record<string, unknown>, name: string, value: string): void => {
    const before = target[name];
    target[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  };
  for (const [name, value] of new URLSearchParams(text)) {
    const deep = DEEP_OBJECT.exec(name);
    const holder = deep ? (query[deep[1]] ??= Object.create(null)) : undefined;
    if (deep && typeof holder === 'object' && !Array.isArray(holder))
      add(holder as Record<string, unknown>, deep[2], value);
    else add(query, name, value);
  }
  return query;
};

/** The request target, checked before routing: too long is 414, a NUL byte (raw or `%00`) is 400. */
export const guardRequestTarget = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
  const url = request.raw.url ?? '';
  if (Buffer.byteLength(url) > URL_LIMIT_BYTES) {
    sendProblem(reply, url, problem(414, 'URI_TOO_LONG', `the request target is longer than ${URL_LIMIT_BYTES} bytes`));
  } else if (url.includes('\u0000') || /%00/i.test(url)) {
    sendProblem(reply, url, {
      ...problem(400, 'VALIDATION', 'The request is invalid'),
      issues: [{ path: '', message: 'the path and query must not contain NUL characters' }],
    });
  } else {
    done();
  }
};

/**
 * Headers a request carries at most once. Node keeps the first of two `Authorization` or `Content-Type` headers and
 * drops the other, so a proxy in front that reads the last would act on another credential or body than we do;
 * RFC 9110 §5.3 allows a header twice only where its values form a list, which none of these do.
 */
const SINGLE_HEADERS: ReadonlySet<string> = new Set(['authorization', 'content-type', 'host', 'idempotency-key']);

/** A header of `SINGLE_HEADERS` sent twice is refused (400) before routing, in the surface's format. */
export const guardRequestHeaders = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
  const raw = request.raw.rawHeaders;
  const seen = new Set<string>();
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index].toLowerCase();
    if (!SINGLE_HEADERS.has(name)) continue;
    if (seen.has(name)) {
      return sendProblem(reply, request.raw.url ?? '/', {
        ...problem(400, 'VALIDATION', 'The request is invalid'),
        issues: [{ path: name, message: 'is a header sent at most once' }],
      });
    }
    seen.add(name);
  }
  done();
};

/**
 * Errors Node's HTTP parser meets before Fastify sees a request: headers over Node's limit (431), a request line
 * that never ends within it (414), anything malformed (400). The surface is read off the request line received.
 */
export const clientErrorHandler = (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const received = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const target = /^[A-Z]+ (\S+)/.exec(received)?.[1] ?? '/';
  const answer =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? Buffer.byteLength(target) > URL_LIMIT_BYTES
        ? problem(414, 'URI_TOO_LONG', `the request target is longer than ${URL_LIMIT_BYTES} bytes`)
        : problem(431, 'HEADERS_TOO_LARGE', 'the request headers are too large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? problem(408, 'REQUEST_TIMEOUT', 'the request did not arrive in time')
        : problem(400, 'BAD_REQUEST', 'the request is not valid HTTP');
  if (socket.writable) socket.write(problemResponse(target, answer));
  socket.destroy(error);
};
