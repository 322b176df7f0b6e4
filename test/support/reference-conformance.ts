import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenApiDocument, RecordedResponse, ResponseConformance } from './conformance';

/**
 * Our answers checked against the real service's published schemas (`../shared/spec/reference/`), so that a client
 * generated from them works against us. Where `interface-spec.md` or `decisions.md` decide otherwise, the difference
 * is listed in `REFERENCE_EXCEPTIONS` with its reason, and only that difference is let through.
 */

const REFERENCE_DIRECTORY = join(__dirname, '../../../shared/spec/reference');

export interface ReferenceException {
  /** `GET /partner/v3/contacts/:id`-style route, or `*` for every route of the document. */
  readonly route: string;
  /** The problem as the check words it (`/operation/dependencies/0/parameters/owner/id must match pattern`). */
  readonly problem: RegExp;
  readonly reason: string;
}

/** Differences from the reference that `decisions.md` makes. */
export const REFERENCE_EXCEPTIONS: readonly ReferenceException[] = [
  {
    route: '*',
    problem: /\/id must match pattern "\^ct-/,
    reason: "decisions.md §0: contact ids are `con_<uuid>`; the reference's contacts are `ct-<uuid>`",
  },
  {
    route: 'GET /partner/v3/operations',
    problem: /\/items\/\d+\/type must be object/,
    reason:
      'interface-spec.md: OperationMinimal.type is "declared as an object" by the reference, yet it is one of the operation types (strings) like every other operation type; we answer the string',
  },
  ...['GET /partner/v3/account/webhooks', 'GET /partner/v3/account/webhooks/:id'].map((route) => ({
    route,
    problem: /: (\/items\/\d+)?\/type must be object/,
    reason:
      "the reference declares a webhook's type an object (its enum stripped, as for OperationMinimal.type), yet it is one of OPERATION_CREATED, OPERATION_FINISHED, OPERATION_ACTION_REQUIRED; we answer the string",
  })),
  ...[
    'PUT /partner/v3/domains/:name/dns/hosting',
    'DELETE /partner/v3/domains/:name/dns/hosting',
    'GET /partner/v3/operations/:id',
  ].map((route) => ({
    route,
    problem:
      /\/dependencies\/\d+(\/type must be equal to one of|\/(parameters|result) must have required|\/parameters\/\S+ must| must match)/,
    reason:
      'the reference lists hosting operations (DOMAIN_HOSTING_UPDATE, DOMAIN_HOSTING_DISABLE) but no dependency type to make them; ours are named as the operations: no variant of its dependency oneOf can pass them',
  })),
  {
    route: 'GET /partner/v3/account/billing/transactions',
    problem: /\(body\) must match exactly one schema in oneOf \{"passingSchemas":\[0,1\]\}/,
    reason:
      'the reference answers either a transaction list or (groupBy) a group list, as a oneOf; an empty page is both, so no answer without transactions can pass it: the items of a non-empty page are still checked',
  },
];

/** Differences of surface A's answers from the reference (agent-actions.openapi.json) that decisions.md §1 makes. */
export const AGENT_REFERENCE_EXCEPTIONS: readonly ReferenceException[] = [
  {
    route: 'POST /mcp/v1/actions/svc_contacts_list',
    problem: /\/contacts\/\d+\/status must be equal to one of the allowed values/,
    reason:
      "decisions.md §1: a contact's status is active, draft or disabled; the reference names the last admin_disabled",
  },
];

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
    const excepted = (problem: string) =>
      exceptions.some(
        (exception) => (exception.route === '*' || exception.route === route) && exception.problem.test(problem),
      );
    return conformance
      .problems(response)
      .filter((problem) => !excepted(problem))
      .map((problem) => `${label}: ${problem}`);
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
