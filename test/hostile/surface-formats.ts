/**
 * The error body each surface promises (`decisions.md` §1-5), written from the spec rather than from the code
 * that renders it: what a client of that surface can rely on for every 4xx and 5xx.
 */
export type SurfaceName = 'agent' | 'oauth' | 'partner' | 'resolution' | 'service';

export const surfaceOfPath = (path: string): SurfaceName => {
  if (path.startsWith('/mcp/v1')) return 'agent';
  if (path.startsWith('/api/oauth') || path.startsWith('/.well-known/')) return 'oauth';
  if (path.startsWith('/partner/v3')) return 'partner';
  if (path.startsWith('/resolve')) return 'resolution';
  return 'service';
};

const PARTNER_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_AVAILABLE',
  'EXCEEDS_LIMIT',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
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
];
const RESOLUTION_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'EXCEEDS_LIMIT',
  'RATE_LIMITED',
];
const AGENT_ERRORS = ['invalid_request', 'unauthorized', 'forbidden', 'unknown_action', 'not_found', 'rate_limited'];
const OAUTH_ERRORS = ['invalid_request', 'invalid_grant', 'unsupported_grant_type', 'slow_down'];

type Json = Record<string, unknown>;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;
const onlyKeys = (body: Json, allowed: readonly string[]): string[] =>
  Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) => `unexpected property ${key}`);
const isIssueList = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every(
    (issue) =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as Json).path === 'string' &&
      isText((issue as Json).message),
  );

/** What is wrong with an error answer for the surface; empty when it is in the surface's format. */
export const formatProblems = (surface: SurfaceName, contentType: string | undefined, text: string): string[] => {
  if (!/^application\/json/.test(contentType ?? '')) return [`content-type ${contentType ?? '(none)'} is not JSON`];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ['the body is not JSON'];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the body is not an object'];
  const json = body as Json;
  const problems: string[] = [];
  const expect = (ok: boolean, problem: string) => ok || problems.push(problem);
  switch (surface) {
    case 'agent':
      expect(AGENT_ERRORS.includes(json.error as string), `error ${String(json.error)} is not a surface A error`);
      expect(isText(json.message), 'message is missing');
      expect(json.issues === undefined || isIssueList(json.issues), 'issues is not a list of {path, message}');
      problems.push(...onlyKeys(json, ['error', 'message', 'issues']));
      break;
    case 'oauth':
      expect(
        OAUTH_ERRORS.includes(json.error as string),
        `error ${String(json.error)} is not an OAuth error of surface B`,
      );
      expect(isText(json.error_description), 'error_description is missing');
      expect(!String(json.error_description).startsWith(':'), 'error_description starts with ":"');
      problems.push(...onlyKeys(json, ['error', 'error_description']));
      break;
    case 'partner':
      if (json.code === 'MULTIPLE_ERRORS') {
        expect(
          Array.isArray(json.errors) &&
            (json.errors as Json[]).every(
              (error) => PARTNER_CODES.includes(error.code as string) && isText(error.message),
            ),
          'errors is not a list of {code, message}',
        );
        problems.push(...onlyKeys(json, ['code', 'message', 'errors']));
      } else {
        expect(PARTNER_CODES.includes(json.code as string), `code ${String(json.code)} is not a code of /partner/v3`);
        problems.push(...onlyKeys(json, ['code', 'message', 'context']));
      }
      expect(isText(json.message), 'message is missing');
      break;
    case 'resolution':
      expect(RESOLUTION_CODES.includes(json.code as string), `code ${String(json.code)} is not a code of surface E`);
      expect(isText(json.message), 'message is missing');
      expect(json.errors === undefined || isIssueList(json.errors), 'errors is not a list of {path, message}');
      problems.push(...onlyKeys(json, ['code', 'message', 'errors']));
      break;
    case 'service':
      expect(isText(json.code) && isText(json.message), 'not {code, message}');
      problems.push(...onlyKeys(json, ['code', 'message']));
      break;
  }
  for (const value of [json.message, json.error_description])
    expect(typeof value !== 'string' || !value.startsWith(':'), 'message starts with ":"');
  return problems;
};
