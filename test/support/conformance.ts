import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** An OpenAPI 3.1 document as served, loosely typed: what the checker reads of it. */
export interface OpenApiDocument {
  readonly servers: readonly { url: string }[];
  readonly paths: Readonly<
    Record<
      string,
      Readonly<Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>
    >
  >;
  readonly components: { readonly schemas: Readonly<Record<string, object>> };
}

export interface RecordedResponse {
  readonly method: string;
  /** The route's path as registered (`/partner/v3/domains/:name`). */
  readonly route: string;
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
  /** The partner profile the request's key claims: surfaces C and D share paths, and it tells their documents apart. */
  readonly profile?: 'web3' | 'reseller';
}

/** A path with its parameters' names left out: `/domains/{}`. */
const templateOf = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

/** The document of each partner profile, for the paths both `/partner/v3` surfaces serve. */
const DOCUMENT_OF_PROFILE: Readonly<Record<string, string>> = { web3: 'web3-partner', reseller: 'reseller' };

/**
 * Checks real answers against the OpenAPI documents the service publishes: the operation of the route, the
 * response of the status (or `default`), and its JSON Schema. Answers of routes no document holds (probes, /health)
 * are not its business.
 */
export class ResponseConformance {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly documents: Readonly<Record<string, OpenApiDocument>>) {
    for (const [name, document] of Object.entries(documents)) {
      this.ajv.addSchema({ $id: `${name}.json`, components: document.components });
    }
  }

  /** What is wrong with the answer; empty when it is as documented or no document holds its route. */
  problems(response: RecordedResponse): string[] {
    const found = this.operationOf(response);
    if (!found) return [];
    const { document, responses } = found;
    const documented = responses[String(response.status)] ?? responses.default;
    const where = `${response.method} ${response.route} ${response.status}`;
    if (!documented) return [`${where}: the status is not documented`];
    const content = documented.content?.['application/json'];
    if (!content?.schema) return [];
    if (!/^application\/json/.test(response.contentType ?? ''))
      return [`${where}: answered ${response.contentType ?? 'no content type'}, documented JSON`];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const validate = this.validatorOf(document, content.schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${where}: ${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`,
    );
  }

  private operationOf(response: RecordedResponse) {
    const found = Object.entries(this.documents).flatMap(([name, document]) => {
      const base = document.servers[0]?.url === '/' ? '' : (document.servers[0]?.url ?? '');
      if (!response.route.startsWith(`${base}/`)) return [];
      // parameters are matched by place, not name: the reference says `{domainName}` where our route says `:name`
      const path = templateOf(response.route.slice(base.length).replace(/:[A-Za-z]+/g, '{}'));
      const documented = Object.keys(document.paths).find((candidate) => templateOf(candidate) === path);
      const operation = documented && document.paths[documented][response.method.toLowerCase()];
      return operation ? [{ document: name, responses: operation.responses }] : [];
    });
    const ofProfile = response.profile && DOCUMENT_OF_PROFILE[response.profile];
    return found.find((each) => each.document === ofProfile) ?? found[0];
  }

  private validatorOf(document: string, schema: object): ValidateFunction {
    const key = `${document}:${JSON.stringify(schema)}`;
    let validate = this.validators.get(key);
    if (!validate) {
      // `#/components/...` refers to the document the schema came from
      const rebased = JSON.parse(
        JSON.stringify(schema).replace(/"#\/components\//g, `"${document}.json#/components/`),
      ) as object;
      validate = this.ajv.compile(rebased);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

const found: string[] = [];

/** Problems found by an app of the running test file; `conformance-check.ts` fails the file on them at its end. */
export const reportConformance = (problems: readonly string[]): void => {
  found.push(...problems);
};

export const takeConformanceProblems = (): string[] => found.splice(0);
