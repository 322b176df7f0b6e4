import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenApiDocument, RecordedResponse, ResponseConformance } from './conformance';
import {
  AGENT_REFERENCE_EXCEPTIONS,
  ReferenceException,
  REFERENCE_EXCEPTIONS,
  RESOLUTION_REFERENCE_EXCEPTIONS,
  WEB3_REFERENCE_EXCEPTIONS,
} from './reference-exceptions';

/**
 * Our answers checked against the real service's published schemas (`../shared/spec/reference/`), so that a client
 * generated from them works against us. Where `interface-spec.md` or `decisions.md` decide otherwise, the difference
 * is listed in `reference-exceptions.ts` with its reason, and only that difference is let through.
 */

const REFERENCE_DIRECTORY = join(__dirname, '../../../shared/spec/reference');

/**
 * The reference as JSON Schema 2020-12 can check it: OpenAPI 3.0's `nullable` (which it still uses) as a null type,
 * and an empty `enum` (a list the publisher stripped) as no constraint.
 */
const checkable = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(checkable);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  if (Array.isArray(rest.enum) && rest.enum.length === 0) delete rest.enum;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, checkable(value)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
};

/**
 * Statuses the reference does not list for a route (414, 413, 405...) are answered in its error format: every
 * operation gets a `default` answer of `ErrorResponse`.
 */
const withErrorDefaults = (document: OpenApiDocument): OpenApiDocument => {
  if (!('ErrorResponse' in document.components.schemas)) return document;
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } };
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [
          method,
          { ...operation, responses: { default: error, ...operation.responses } },
        ]),
      ),
    ]),
  );
  return { ...document, paths };
};

/** A reference document with our `@type` namespace and the base path our surface serves it under. */
export const referenceDocument = (file: string, namespace: string, basePath: string): OpenApiDocument | undefined => {
  const path = join(REFERENCE_DIRECTORY, file);
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8').replaceAll('<type_namespace>', namespace);
  return withErrorDefaults({ ...(checkable(JSON.parse(text)) as OpenApiDocument), servers: [{ url: basePath }] });
};

/** The answer as a check sees it: with each difference an exception takes out (`without`) taken out. */
const withoutDifferences = (
  response: RecordedResponse,
  exceptions: readonly ReferenceException[],
): RecordedResponse => {
  const changes = exceptions.flatMap((exception) => (exception.without ? [exception.without] : []));
  if (changes.length === 0) return response;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return response;
  }
  return { ...response, body: JSON.stringify(changes.reduce((changed, change) => change(changed), body)) };
};

/** The problems of the answers a reference document holds, each exception that covers one removed. */
const problemsAgainst = (
  document: OpenApiDocument,
  answers: readonly RecordedResponse[],
  exceptions: readonly ReferenceException[],
  label: string,
): string[] => {
  const conformance = new ResponseConformance({ reference: document });
  return answers.flatMap((response) => {
    const route = `${response.method} ${response.route}`;
    const applying = exceptions.filter(
      (exception) =>
        (exception.route === '*' || exception.route === route) && (exception.answer?.test(response.body) ?? true),
    );
    const excepted = (problem: string) => applying.some((exception) => exception.problem?.test(problem));
    const left = conformance.problems(withoutDifferences(response, applying)).filter((problem) => !excepted(problem));
    return left.map((problem) => `${label}: ${problem}`);
  });
};

/** The problems of surface A's answers against the reference, exceptions removed. */
export const agentReferenceProblems = (answered: readonly RecordedResponse[]): string[] => {
  // its paths are whole (`/mcp/v1/actions/...`), and it shows success answers only: errors are decisions.md's
  const document = referenceDocument('agent-actions.openapi.json', '', '');
  if (!document) return ['../shared/spec/reference/agent-actions.openapi.json is missing'];
  const answers = answered.filter(
    (response) => response.route.startsWith('/mcp/v1/actions/') && response.status === 200,
  );
  return problemsAgainst(document, answers, AGENT_REFERENCE_EXCEPTIONS, 'agent reference');
};

/** The problems of surface D's answers (reseller keys on `/partner/v3`) against the reference, exceptions removed. */
export const resellerReferenceProblems = (answered: readonly RecordedResponse[], namespace: string): string[] => {
  const document = referenceDocument('reseller.openapi.json', namespace, '/partner/v3');
  if (!document) return ['../shared/spec/reference/reseller.openapi.json is missing'];
  const answers = answered.filter(
    (response) => response.profile === 'reseller' && response.route.startsWith('/partner/v3/'),
  );
  return problemsAgainst(document, answers, REFERENCE_EXCEPTIONS, 'reference');
};

/** The problems of surface C's answers (web3 keys on `/partner/v3`) against the reference, exceptions removed. */
export const web3ReferenceProblems = (answered: readonly RecordedResponse[], namespace: string): string[] => {
  const document = referenceDocument('web3-partner.openapi.json', namespace, '/partner/v3');
  if (!document) return ['../shared/spec/reference/web3-partner.openapi.json is missing'];
  const answers = answered.filter(
    (response) => response.profile === 'web3' && response.route.startsWith('/partner/v3/'),
  );
  return problemsAgainst(document, answers, WEB3_REFERENCE_EXCEPTIONS, 'web3 reference');
};

/** The problems of surface E's answers (`/resolve`) against the reference, exceptions removed. */
export const resolutionReferenceProblems = (answered: readonly RecordedResponse[]): string[] => {
  const document = referenceDocument('resolution.openapi.json', '', '/resolve');
  if (!document) return ['../shared/spec/reference/resolution.openapi.json is missing'];
  // it shows success answers only: errors are decisions.md §5's
  const answers = answered.filter((response) => response.route.startsWith('/resolve/') && response.status === 200);
  return problemsAgainst(document, answers, RESOLUTION_REFERENCE_EXCEPTIONS, 'resolution reference');
};
