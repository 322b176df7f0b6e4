/**
 * Where our answers differ from the real service's published schemas on purpose, each with its reason: what
 * `interface-spec.md` or `decisions.md` decide otherwise (test/support/reference-conformance.ts lets only these
 * differences through).
 */

export interface ReferenceException {
  /** `GET /partner/v3/contacts/:id`-style route, or `*` for every route of the document. */
  readonly route: string;
  readonly reason: string;
  /** The problem as the check words it (`/operation/dependencies/0/parameters/owner/id must match pattern`). */
  readonly problem?: RegExp;
  /** Only answers whose body matches: the difference is about these. */
  readonly answer?: RegExp;
  /**
   * The answer with the difference taken out, for a difference inside a `oneOf` or `anyOf`, which the check words as
   * a problem of every branch; the rest of the answer is still checked.
   */
  readonly without?: (body: unknown) => unknown;
}

type JsonObject = Record<string, unknown>;

/** `change` applied to every object of an answer, innermost first. */
const everyObject =
  (change: (object: JsonObject) => JsonObject) =>
  (body: unknown): unknown => {
    if (Array.isArray(body)) return body.map(everyObject(change));
    if (typeof body !== 'object' || body === null) return body;
    return change(Object.fromEntries(Object.entries(body).map(([key, value]) => [key, everyObject(change)(value)])));
  };

/** Every operation's dependencies without those of `types`. */
const withoutDependencies = (types: readonly string[]) =>
  everyObject((object) =>
    Array.isArray(object.dependencies)
      ? {
          ...object,
          dependencies: object.dependencies.filter(
            (dependency: JsonObject) => !types.includes(String(dependency.type)),
          ),
        }
      : object,
  );

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
  {
    route: 'POST /mcp/v1/actions/svc_dns_records_list',
    problem: /\/records\/\d+\/type must be equal to one of the allowed values/,
    reason:
      "decisions.md §4: our zones hold the record types surface D takes (ALIAS, DS, HTTPS, NAPTR, PTR, SSHFP, SVCB, TLSA besides the reference's eight), and the agent lists what the zone holds",
  },
  {
    route: 'POST /mcp/v1/actions/svc_backorders_list',
    problem: /\/backorders\/\d+\/(createdAt|updatedAt) must be number/,
    reason:
      'decisions.md §0: fields named *At on surface A are ISO 8601 strings; the reference gives these two as epoch numbers (its availableAfter, not an *At, stays a number)',
  },
];

/** Differences of surface C's answers that come from the reference itself. */
const WEB3_REFERENCE_DEFECTS: readonly ReferenceException[] = [
  {
    route: '*',
    answer: /"code":"MULTIPLE_ERRORS"/,
    problem: /\(body\) must match exactly one schema in oneOf \{"passingSchemas":\[0,1\]\}/,
    reason:
      "the reference's single error has no required property, so an answer of MULTIPLE_ERRORS passes both branches of its oneOf and no such answer could pass; decisions.md §3 fixes the shape, which our own document checks",
  },
];

/** Differences of surface C's answers from the reference (web3-partner.openapi.json). */
export const WEB3_REFERENCE_EXCEPTIONS: readonly ReferenceException[] = [
  {
    route: '*',
    answer: /"status":"PREVIEW"/,
    reason:
      'decisions.md §4: `$preview=true` answers the operation in status PREVIEW (docs/partner-web3.md: C previews as D does); the reference lists no such status',
    without: everyObject((object) => (object.status === 'PREVIEW' ? { ...object, status: 'QUEUED' } : object)),
  },
  {
    route: '*',
    reason:
      'the reference lists WALLET_UPDATE operations (a primary domain) but no dependency type to make them; ours is SET_REVERSE, the registry call it makes',
    without: withoutDependencies(['SET_REVERSE']),
  },
  {
    route: '*',
    reason:
      "the tests' own executor (test/support/test-step.executor.ts) runs TEST_STEP dependencies; no product has one",
    without: withoutDependencies(['TEST_STEP']),
  },
  {
    route: '*',
    reason: "decisions.md §3: a domain's blockchain is ETH, MATIC or BASE; the reference's lists predate BASE",
    // checked as a MATIC domain, its other fields as they are
    without: everyObject((object) => (object.blockchain === 'BASE' ? { ...object, blockchain: 'MATIC' } : object)),
  },
  ...WEB3_REFERENCE_DEFECTS,
];

/** Differences of surface E's answers from the reference (resolution.openapi.json). */
export const RESOLUTION_REFERENCE_EXCEPTIONS: readonly ReferenceException[] = [
  {
    route: 'GET /resolve/domains/:name',
    answer: /"owner":null/,
    problem: /\/meta\/\w+ must be (string|number|boolean)|\/meta\/networkId must be equal to one of the allowed values/,
    reason: 'decisions.md §5: unknown or unsupported names answer 200 with null meta values and `records: {}`',
  },
  {
    route: '*',
    reason: "BASE's network id (8453): the reference's list predates BASE, which the service resolves (the mission)",
    // checked as a Polygon domain, its other fields as they are
    without: everyObject((object) =>
      object.blockchain === 'BASE' && object.networkId === 8453 ? { ...object, networkId: 137 } : object,
    ),
  },
  {
    route: 'GET /resolve/domains',
    reason:
      "interface-spec.md: `GET /domains` answers `data` items of `{id, attributes{meta, records}}`; the reference's items are the attributes themselves, which are checked",
    without: (body) => {
      const list = body as { data?: { attributes?: unknown }[] };
      return Array.isArray(list.data) ? { ...list, data: list.data.map((item) => item.attributes) } : body;
    },
  },
  ...['POST /resolve/chains/eth/rpc', 'POST /resolve/chains/matic/rpc'].map((route) => ({
    route,
    problem:
      /: (\/(\d+\/)?id must be number|\/(\d+\/)?error must be string|(\/\d+|\(body\)) must have required property 'error'|\(body\) must be object) /,
    reason:
      "the chain proxy speaks JSON-RPC 2.0 (the issue: a pass-through the published client reads): `result` or `error{code, message}` and the request's own id, or an array for a batch; the reference's RpcResponse describes only an error, as a string, with a numeric id. Our document's RpcResponse checks these answers",
  })),
  {
    route: 'GET /resolve/status',
    answer: /"latest(Network|Mirrored)Block":null/,
    problem: /\/blockchain\/\w+\/latest(Network|Mirrored)Block must be number/,
    reason:
      "a chain whose node does not answer has no head to report, and one not indexed yet no block: null, where the reference's numbers have no way to say so",
  },
  {
    route: 'GET /resolve/status',
    problem: /\/blockchain must have required property '(ZIL|ETH-ENS)'/,
    reason:
      'the service indexes the UNS registries of ETH, MATIC and BASE (the mission); it keeps no Zilliqa or ENS index to report on',
  },
];
