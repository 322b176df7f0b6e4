import { agentErrorSchemas } from '../shared/openapi/error-schemas';
import { closed, count, JsonSchema, list, ref, text } from '../shared/openapi/json-schema';
import { SurfaceDocument } from '../shared/openapi/surface-document';
import { cartSchemas } from './cart.openapi';
import { backorderSchemas } from './backorders.openapi';
import { dnsSchemas } from './dns.openapi';
import { marketplaceSchemas } from './marketplace.openapi';
import { isoTime, nullable, OFFSET_PAGINATION } from './answer-parts.openapi';

/** The answers of surface A's actions (`decisions.md` §1), as the action handlers write them. */

export const MARKETPLACE_STATUSES = [
  'available',
  'registered-listed-for-sale',
  'registered-listed-for-offers',
  'registered-not-for-sale',
  'unavailable',
  'invalid',
] as const;

const QUERY_PROBLEMS: Record<string, JsonSchema> = {
  invalidReason: nullable(text),
  invalidCharacters: list(text),
};

const DOMAIN_RESULT = closed(['name', 'extension', 'label', 'available', 'status', 'marketplace', 'searchQuery'], {
  name: { type: 'string', description: 'As stored: lowercase, IDNs as A-labels' },
  unicodeName: text,
  extension: { type: 'string', description: 'The TLD, without its dot' },
  label: text,
  available: { type: 'boolean', description: 'It can be bought now: registered fresh, or from its seller' },
  status: { type: 'string', description: "Surface D's availability status, lowercased (`available`, `registered`...)" },
  marketplace: closed(['status', 'source'], {
    status: { enum: [...MARKETPLACE_STATUSES] },
    source: { enum: ['service', 'extmarket_a', 'extmarket_b'] },
  }),
  searchQuery: { type: 'string', description: 'The query this result answers' },
  pricing: closed(['amount', 'currency', 'formatted'], {
    amount: { ...count, description: 'US cents: the first registration period, or what the seller asks' },
    currency: { const: 'USD' },
    formatted: text,
    listAmount: count,
    listFormatted: text,
  }),
  product: closed(['type', 'code', 'id'], { type: text, code: text, id: { type: 'integer', minimum: 1 } }),
});

const PORTFOLIO_FIELDS: Record<string, JsonSchema> = {
  name: text,
  unicodeName: text,
  extension: text,
  label: text,
  punycode: { type: 'boolean', description: 'The name is internationalized: `name` is its A-label (xn--)' },
  registryType: { enum: ['dns', 'web3'] },
  purchasedAt: nullable(isoTime),
  expiresAt: nullable(isoTime),
  transferStatus: { type: 'string', description: '`none`, or `inbound` while a transfer brings the name in' },
  tags: list(text),
  offersCount: count,
  leadsCount: count,
  watchlistCount: count,
  listing: nullable(
    closed(['id', 'price', 'priceFormatted', 'status', 'createdAt', 'expiresAt'], {
      id: { ...count, description: "The listing's id (svc_listing_update, svc_listing_cancel)" },
      price: { ...count, description: 'US cents; 0: offers only' },
      priceFormatted: text,
      status: { enum: ['active', 'expired'] },
      createdAt: isoTime,
      expiresAt: isoTime,
    }),
  ),
  autoRenewal: nullable(closed(['status', 'expiresAt'], { status: text, expiresAt: nullable(isoTime) })),
};

const PORTFOLIO_DOMAIN = closed(
  Object.keys(PORTFOLIO_FIELDS).filter((key) => key !== 'unicodeName'),
  PORTFOLIO_FIELDS,
);

const FLAG = closed(['status'], { status: { enum: ['ENABLED', 'DISABLED'] } });
const FLAGS = closed(
  ['DNS_RESOLUTION', 'DNS_TRANSFER_OUT', 'DNS_WHOIS_PROXY', 'DNS_DELETE', 'DNS_UPDATE'],
  Object.fromEntries(
    ['DNS_RESOLUTION', 'DNS_TRANSFER_OUT', 'DNS_WHOIS_PROXY', 'DNS_DELETE', 'DNS_UPDATE'].map((flag) => [flag, FLAG]),
  ),
);

const DOMAIN_DETAIL = {
  type: 'object',
  additionalProperties: false,
  required: ['domain', 'found'],
  properties: {
    domain: { type: 'string', description: 'The name as asked' },
    found: { type: 'boolean', description: "false: not a name of the account's portfolio (see `error`)" },
    ...PORTFOLIO_FIELDS,
    lifecycle: closed(['purchasedAt', 'expiresAt', 'renewal', 'autoRenewal'], {
      purchasedAt: nullable(isoTime),
      expiresAt: nullable(isoTime),
      renewal: nullable(
        closed(['isEligible', 'period', 'pricePerYear', 'pricePerYearFormatted'], {
          isEligible: { type: 'boolean' },
          period: closed(['min', 'max', 'increments'], { min: count, max: count, increments: count }),
          pricePerYear: count,
          pricePerYearFormatted: text,
        }),
      ),
      autoRenewal: PORTFOLIO_FIELDS.autoRenewal,
    }),
    flags: nullable(FLAGS),
    dns: closed(['nameservers', 'hosting', 'dnssec'], {
      nameservers: nullable(
        closed(['status', 'nameservers'], { status: { enum: ['default', 'custom', 'none'] }, nameservers: list(text) }),
      ),
      hosting: nullable(
        list(
          closed(['subName', 'type', 'targetUrl', 'certificateStatus'], {
            subName: text,
            type: text,
            targetUrl: text,
            certificateStatus: text,
          }),
        ),
      ),
      dnssec: nullable(closed(['enabled', 'valid'], { enabled: { type: 'boolean' }, valid: { type: 'boolean' } })),
    }),
    marketplace: closed(['listing', 'offersCount', 'leadsCount', 'watchlistCount'], {
      listing: PORTFOLIO_FIELDS.listing,
      offersCount: count,
      leadsCount: count,
      watchlistCount: count,
    }),
    pendingOperations: list(
      closed(['id', 'type', 'status', 'createdAt'], { id: text, type: text, status: text, createdAt: isoTime }),
    ),
    error: text,
  },
} as const;

const KNOWLEDGE_RESULT = closed(['title', 'snippet', 'url', 'score'], {
  title: text,
  snippet: { type: 'string', description: 'The best matching passage; matched words between « and »' },
  url: { type: 'string', description: 'Where the whole text is served' },
  score: { type: 'number', minimum: 0, description: 'Relevance; results come best first' },
});

const CONTACT = closed(
  ['id', 'firstName', 'lastName', 'email', 'phone', 'city', 'stateProvince', 'countryCode', 'organization', 'status'],
  {
    id: { type: 'string', description: 'con_<uuid>: the `contactId` of svc_cart_checkout' },
    firstName: text,
    lastName: text,
    email: { type: 'string', description: 'Masked: the first character and the domain (`a***@example.net`)' },
    phone: { type: 'string', description: 'Masked: the calling code and the last two digits' },
    city: text,
    stateProvince: text,
    countryCode: text,
    organization: { type: 'string', description: 'Empty for a person without one' },
    status: { enum: ['active', 'draft', 'disabled'] },
    createdAt: isoTime,
  },
);

/** Surface A's document: every declared action, at `/mcp/v1/openapi.json` (and `/openapi/agent-actions.json`). */
export const agentActionsDocument: SurfaceDocument = {
  name: 'agent-actions',
  title: 'A: agent actions',
  version: '1.0.0',
  description:
    'Actions an AI agent takes for a person: domain search with prices, TLDs, help, documentation and specification search, the portfolio, ICANN contacts and the cart. Each is `POST /mcp/v1/actions/<action>` with a JSON object body, and the same action is a tool of the MCP endpoint at `/mcp/v1`.',
  basePath: '/mcp/v1/actions',
  includes: (_route, path) => path.startsWith('/mcp/v1/actions/'),
  credential:
    'An API key (`svc_mcp_` and 64 hex digits, from `domain-engine keys create --kind agent`) or an OAuth access token of surface B; scopes domains:search, portfolio:read, portfolio:write, cart:read, cart:write, checkout',
  errorSchema: 'AgentError',
  schemas: () => ({
    ...agentErrorSchemas(),
    EmptyActionBody: closed([], {}, { description: 'An empty object' }),
    TldListResponse: closed(
      ['tlds', 'count'],
      { tlds: list(text), count },
      { examples: [{ tlds: ['com', 'io'], count: 2 }] },
    ),
    DomainResult: DOMAIN_RESULT,
    SearchDomainsResponse: {
      type: 'object',
      additionalProperties: false,
      required: ['searchedTlds', 'results', 'pagination'],
      description: '`searchQuery` and its problems for one query, `searchQueries` for a list of them',
      properties: {
        searchQuery: text,
        ...QUERY_PROBLEMS,
        searchQueries: list(
          closed(['query', 'invalidReason', 'invalidCharacters'], { query: text, ...QUERY_PROBLEMS }),
        ),
        searchedTlds: list(text),
        results: list(ref('DomainResult')),
        pagination: OFFSET_PAGINATION,
      },
    },
    KnowledgeSearchResponse: closed(['query', 'results', 'count'], {
      query: text,
      results: list(KNOWLEDGE_RESULT),
      count,
    }),
    PortfolioDomain: PORTFOLIO_DOMAIN,
    ListDomainsResponse: closed(['domains', 'pagination'], {
      domains: list(ref('PortfolioDomain')),
      pagination: OFFSET_PAGINATION,
    }),
    GetPortfolioDomainsResponse: closed(['domains'], { domains: list(DOMAIN_DETAIL) }),
    AddDomainTagsResponse: closed(['results', 'successCount', 'failureCount'], {
      results: list(
        closed(['domain', 'success'], {
          domain: text,
          success: { type: 'boolean' },
          tagsApplied: list(text),
          error: text,
        }),
      ),
      successCount: count,
      failureCount: count,
    }),
    RemoveDomainTagsResponse: closed(['results', 'successCount', 'failureCount'], {
      results: list(
        closed(['domain', 'success'], {
          domain: text,
          success: { type: 'boolean' },
          tagsRemoved: list(text),
          error: text,
        }),
      ),
      successCount: count,
      failureCount: count,
    }),
    Contact: CONTACT,
    ContactsListResponse: closed(['contacts', 'count'], { contacts: list(ref('Contact')), count }),
    ContactCreateResponse: closed(['success', 'contact', 'message'], {
      success: { type: 'boolean' },
      contact: closed(['id', 'status', 'operationId'], {
        id: text,
        status: { enum: ['active', 'draft', 'disabled'] },
        operationId: { type: 'string', description: 'The CONTACT_CREATE operation that creates it at the registry' },
      }),
      message: text,
    }),
    ...cartSchemas(),
    ...marketplaceSchemas(),
    ...dnsSchemas(),
    ...backorderSchemas(),
  }),
};
