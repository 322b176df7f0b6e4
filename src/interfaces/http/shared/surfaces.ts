import { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { Problem } from './problem';

export type Surface = 'agent' | 'oauth' | 'partner' | 'resolution' | 'service';

/** Which surface a request belongs to, by its path; each surface answers errors in its own format. */
export const surfaceOf = (url: string): Surface => {
  if (url.startsWith('/mcp/v1')) return 'agent';
  if (url.startsWith('/api/oauth') || url.startsWith('/.well-known/')) return 'oauth';
  if (url.startsWith('/partner/v3')) return 'partner';
  if (url.startsWith('/resolve')) return 'resolution';
  return 'service';
};

export const OAUTH_ERRORS: Record<string, string> = {
  INVALID_GRANT: 'invalid_grant',
  UNSUPPORTED_GRANT_TYPE: 'unsupported_grant_type',
};

const AGENT_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
};

/** The codes of `/partner/v3` (`decisions.md` §3); a code outside them is answered with its status's generic code. */
export const PARTNER_CODES: ReadonlySet<string> = new Set([
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_AVAILABLE',
  'EXCEEDS_LIMIT',
  'INSUFFICIENT_BALANCE',
  'NO_CHANGE',
  'CONCURRENT_OPERATION',
  'CUSTODY_REQUIRED',
  'UNSUPPORTED_BLOCKCHAIN',
  'BLOCKCHAIN_CONGESTION',
  'WALLET_LIMIT_REACHED',
  'WEBHOOK_LIMIT_REACHED',
  'WALLET_VERIFICATION_REQUIRED',
  'WALLET_ALREADY_VERIFIED',
  'SIGNATURE_INVALID',
  'BAD_GATEWAY',
  'QUOTE_INVALID',
  'RECORD_EXISTS',
  'QUOTE_MISMATCH',
  'QUOTE_EXPIRED',
  'QUOTE_USED',
  'EXPIRATION_DATE_MISMATCH',
  'TRANSFER_LOCKED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'RATE_LIMITED',
]);

/** The codes of surface E (`decisions.md` §5) and the generic ones every `{code}` surface shares. */
export const RESOLUTION_CODES: ReadonlySet<string> = new Set([
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'EXCEEDS_LIMIT',
  'RATE_LIMITED',
]);

/**
 * The generic code of a status on the `{code}` surfaces: limits of size (413, 414, 431) are `EXCEEDS_LIMIT`, other
 * client mistakes without a code of their own (405, 406, 409, 415) are `BAD_REQUEST`, failures are `INTERNAL`.
 */
const genericCode = (status: number): string => {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413 || status === 414 || status === 431 || status === 429) return 'EXCEEDS_LIMIT';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
};

const codeIn = (vocabulary: ReadonlySet<string>, problem: Problem): string =>
  vocabulary.has(problem.code) ? problem.code : genericCode(problem.status);

/** A value of an error's context as the reference's clients read it: `{type, value}`, a list as `MULTI_VALUE`. */
const entitiesOf = (type: string, value: unknown): unknown[] => {
  const scalar = (item: unknown) => ['string', 'number', 'boolean'].includes(typeof item);
  if (scalar(value)) return [{ type, value: String(value) }];
  if (Array.isArray(value) && value.length > 0 && value.every(scalar))
    return [{ type: 'MULTI_VALUE', values: value.map((item) => ({ type, value: String(item) })) }];
  return [];
};

/**
 * A partner error's context: its named values (`{domain, operationId}`), and the same as the `entities` list the
 * published partner API documents, so that a client generated from either reads it.
 */
const withEntities = (context: Readonly<Record<string, unknown>>) => ({
  ...context,
  entities: Object.entries(context).flatMap(([type, value]) => entitiesOf(type, value)),
});

/** The error body of each surface (`decisions.md` §1-5). */
export const renderProblem = (surface: Surface, problem: Problem, url: string): unknown => {
  switch (surface) {
    case 'agent': {
      // an unknown action is the one 404 of surface A with its own name; a thing an action did not find is not_found
      const error =
        problem.unrouted && url.startsWith('/mcp/v1/actions/')
          ? 'unknown_action'
          : (AGENT_ERRORS[problem.status] ?? (problem.status >= 500 ? 'internal_error' : 'invalid_request'));
      const message = problem.status === 401 ? 'Authentication required' : problem.message;
      return problem.issues.length > 0 ? { error, message, issues: problem.issues } : { error, message };
    }
    case 'oauth': {
      const error =
        problem.status === 429
          ? 'slow_down'
          : problem.status >= 500
            ? 'server_error'
            : (OAUTH_ERRORS[problem.code] ?? 'invalid_request');
      const detail = problem.issues.length > 0 ? problem.issues.map(describeIssue).join('; ') : problem.message;
      return { error, error_description: detail };
    }
    case 'partner': {
      if (problem.issues.length > 1) {
        return {
          code: 'MULTIPLE_ERRORS',
          message: problem.message,
          errors: problem.issues.map((issue) => ({ code: 'VALIDATION', message: describeIssue(issue) })),
        };
      }
      const body: Record<string, unknown> = {
        code: codeIn(PARTNER_CODES, problem),
        message: problem.issues.length === 1 ? describeIssue(problem.issues[0]) : problem.message,
      };
      if (problem.context && Object.keys(problem.context).length > 0) body.context = withEntities(problem.context);
      return body;
    }
    case 'resolution': {
      const body: Record<string, unknown> = {
        code: codeIn(RESOLUTION_CODES, problem),
        message: problem.issues.length === 1 ? describeIssue(problem.issues[0]) : problem.message,
      };
      if (problem.issues.length > 0) body.errors = problem.issues;
      return body;
    }
    case 'service':
      // no list of issues in this format: each is told in the message
      return {
        code: problem.code,
        message: problem.issues.length > 0 ? problem.issues.map(describeIssue).join('; ') : problem.message,
      };
  }
};

/** `records.x: must be a string`; an issue of the whole body is its message alone. */
export const describeIssue = (issue: { path: string; message: string }): string =>
  issue.path ? `${issue.path}: ${issue.message}` : issue.message;

const headersOf = (problem: Problem): Record<string, string> => ({
  ...(problem.retryAfterSeconds !== undefined ? { 'retry-after': String(problem.retryAfterSeconds) } : {}),
  ...(problem.allow ? { allow: problem.allow.join(', ') } : {}),
});

/** Answers a request with a problem in its surface's format. */
export const sendProblem = (reply: FastifyReply, url: string, problem: Problem): void => {
  void reply
    .status(problem.status)
    .headers(headersOf(problem))
    .type('application/json; charset=utf-8')
    .send(renderProblem(surfaceOf(url), problem, url));
};

/** A whole HTTP/1.1 response with the problem, for a socket no request object was made for; the connection closes. */
export const problemResponse = (url: string, problem: Problem): string => {
  const body = JSON.stringify(renderProblem(surfaceOf(url), problem, url));
  const headers = Object.entries(headersOf(problem))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? 'Error'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}connection: close\r\n\r\n${body}`;
};
