import SwaggerParser from '@apidevtools/swagger-parser';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AddAccountFunds } from '../../src/application/commerce/operator-commerce.commands';
import { RegisterDnsDomain } from '../../src/application/dns-domains/register-domain.command';
import { AGENT_SCOPES } from '../../src/domain/identity/scopes';
import { storedNameOf } from '../../src/domain/shared/names';
import { routeCatalog } from '../../src/interfaces/http/shared/route-catalog';
import { Agent, newAgent } from '../support/agent';
import { newHolder } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';

/** The actions of surface A served so far (`interface-spec.md` Surface A, `agent-actions.openapi.json`). */
const ACTIONS = [
  'svc_domains_search',
  'svc_tld_list',
  'svc_portfolio_list',
  'svc_domain_get',
  'svc_domain_tags_add',
  'svc_domain_tags_remove',
  'svc_contacts_list',
  'svc_contact_create',
  'svc_knowledge_base_search',
  'svc_developer_docs_search',
  'svc_api_specs_search',
  'svc_cart_get',
  'svc_cart_add_domain_registration',
  'svc_cart_add_domain_listed',
  'svc_cart_add_domain_extmarket_a',
  'svc_cart_add_domain_extmarket_b',
  'svc_cart_add_domain_renewal',
  'svc_cart_remove',
  'svc_cart_get_payment_methods',
  'svc_cart_checkout',
  'svc_domain_auto_renewal_update',
  'svc_cart_add_payment_method_url',
  'svc_cart_get_url',
  'svc_listing_create',
  'svc_listing_update',
  'svc_listing_cancel',
  'svc_offer_create',
  'svc_offers_list',
  'svc_offer_respond',
  'svc_leads_list',
  'svc_lead_get',
  'svc_lead_messages_list',
  'svc_lead_message_send',
  'svc_dns_records_list',
  'svc_dns_record_add',
  'svc_dns_record_update',
  'svc_dns_record_remove',
  'svc_dns_records_remove_all',
  'svc_dns_nameservers_list',
  'svc_dns_nameservers_set_custom',
  'svc_dns_nameservers_set_default',
  'svc_dns_hosting_list',
  'svc_dns_hosting_add',
  'svc_dns_hosting_remove',
  'svc_domain_pending_operations',
  'svc_domain_flags_update',
  'svc_domain_push',
  'svc_expireds_list',
  'svc_backorder_create',
  'svc_backorder_cancel',
  'svc_backorders_list',
  'svc_domain_generate_lander',
  'svc_domain_lander_status',
  'svc_domain_download_lander',
  'svc_domain_remove_lander',
  'svc_authenticated_url_get',
  'svc_history_get',
];
const OPEN = ['svc_knowledge_base_search', 'svc_developer_docs_search', 'svc_api_specs_search'];
const SCOPE_OF: Record<string, string> = {
  svc_domains_search: 'domains:search',
  svc_tld_list: 'domains:search',
  svc_portfolio_list: 'portfolio:read',
  svc_domain_get: 'portfolio:read',
  svc_contacts_list: 'portfolio:read',
  svc_contact_create: 'portfolio:write',
  svc_domain_tags_add: 'portfolio:write',
  svc_domain_tags_remove: 'portfolio:write',
  svc_cart_get: 'cart:read',
  svc_cart_add_domain_registration: 'cart:write',
  svc_cart_add_domain_listed: 'cart:write',
  svc_cart_add_domain_extmarket_a: 'cart:write',
  svc_cart_add_domain_extmarket_b: 'cart:write',
  svc_cart_add_domain_renewal: 'cart:write',
  svc_cart_remove: 'cart:write',
  svc_cart_get_payment_methods: 'cart:read',
  svc_cart_checkout: 'checkout',
  svc_domain_auto_renewal_update: 'portfolio:write',
  svc_cart_add_payment_method_url: 'cart:write',
  svc_cart_get_url: 'cart:read',
  svc_listing_create: 'portfolio:write',
  svc_listing_update: 'portfolio:write',
  svc_listing_cancel: 'portfolio:write',
  svc_offer_create: 'cart:write',
  svc_offers_list: 'portfolio:read',
  svc_offer_respond: 'portfolio:write',
  svc_leads_list: 'portfolio:read',
  svc_lead_get: 'portfolio:write',
  svc_lead_messages_list: 'portfolio:read',
  svc_lead_message_send: 'portfolio:write',
  svc_dns_records_list: 'portfolio:read',
  svc_dns_record_add: 'portfolio:write',
  svc_dns_record_update: 'portfolio:write',
  svc_dns_record_remove: 'portfolio:write',
  svc_dns_records_remove_all: 'portfolio:write',
  svc_dns_nameservers_list: 'portfolio:read',
  svc_dns_nameservers_set_custom: 'portfolio:write',
  svc_dns_nameservers_set_default: 'portfolio:write',
  svc_dns_hosting_list: 'portfolio:read',
  svc_dns_hosting_add: 'portfolio:write',
  svc_dns_hosting_remove: 'portfolio:write',
  svc_domain_pending_operations: 'portfolio:read',
  svc_domain_flags_update: 'portfolio:write',
  svc_domain_push: 'portfolio:write',
  svc_expireds_list: 'domains:search',
  svc_backorder_create: 'portfolio:write',
  svc_backorder_cancel: 'portfolio:write',
  svc_backorders_list: 'portfolio:read',
  svc_domain_generate_lander: 'portfolio:write',
  svc_domain_lander_status: 'portfolio:read',
  svc_domain_download_lander: 'portfolio:read',
  svc_domain_remove_lander: 'portfolio:write',
  svc_authenticated_url_get: 'portfolio:read',
  svc_history_get: 'portfolio:read',
};
/** A name another user lists for the offer and lead actions (their conversation's id is known once it starts). */
const TOOL_LISTING = `tool-listing-${randomUUID().slice(0, 8)}.com`;
/** A name the agent holds, for the DNS actions that read one name. */
const TOOL_DNS = `tool-dns-${randomUUID().slice(0, 8)}.com`;
const RECORD_ID = 'rr-3b241101-e2bb-4255-8caf-4136c566a962';
/** A body each action accepts. */
const BODY: Record<string, Record<string, unknown>> = {
  svc_domains_search: { query: ['coffee shop', 'sunrise.com'], tlds: ['com', 'net'] },
  svc_tld_list: {},
  svc_portfolio_list: { limit: 5 },
  svc_domain_get: { domains: ['nothing-here.com'] },
  svc_domain_tags_add: { domains: ['nothing-here.com'], tags: ['clients'] },
  svc_domain_tags_remove: { domains: ['nothing-here.com'], tags: ['clients'] },
  svc_contacts_list: {},
  svc_contact_create: {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.org',
    phone: { dialingPrefix: '+1', number: '2025550123' },
    street: '1 Compiler Way',
    city: 'Arlington',
    stateProvince: 'VA',
    postalCode: '22201',
    countryCode: 'US',
  },
  svc_knowledge_base_search: { query: 'renew my domain' },
  svc_developer_docs_search: { query: 'configuration' },
  svc_api_specs_search: { query: 'search domains' },
  svc_cart_get: {},
  svc_cart_add_domain_registration: { domains: [{ name: 'tool-cart.com', quantity: 2 }] },
  svc_cart_add_domain_listed: { domains: [{ name: 'nothing-listed.com' }] },
  svc_cart_add_domain_extmarket_a: { domains: [{ name: 'sunrise.com' }] },
  svc_cart_add_domain_extmarket_b: { domains: [{ name: 'brightpath.io' }] },
  svc_cart_add_domain_renewal: { domains: [{ name: 'nothing-here.com' }] },
  // the two names the marketplaces sell go; the registration stays, for checkout to pay from the balance
  svc_cart_remove: { productIds: [2, 3] },
  svc_cart_get_payment_methods: {},
  svc_cart_checkout: { useAccountBalance: true },
  svc_domain_auto_renewal_update: { action: 'enable', domains: [{ name: 'nothing-here.com' }] },
  svc_cart_add_payment_method_url: {},
  svc_cart_get_url: {},
  svc_listing_create: { domains: [{ domainName: 'nothing-here.com', priceInCents: 100 }] },
  svc_listing_update: { listings: [{ id: 1, priceInCents: 100 }] },
  svc_listing_cancel: { listingIds: [1] },
  svc_offer_create: { domainName: TOOL_LISTING, priceInCents: 100 },
  svc_offers_list: { group: 'active' },
  svc_offer_respond: { offers: [{ id: 1, action: 'reject' }] },
  svc_leads_list: { take: 5 },
  svc_lead_get: { domain: TOOL_LISTING },
  svc_lead_messages_list: { conversationId: 1 },
  svc_lead_message_send: { conversationId: 1, content: 'hello' },
  svc_dns_records_list: { domain: TOOL_DNS },
  svc_dns_record_add: { records: [{ domain: TOOL_DNS, type: 'TXT', subName: 'agent', values: ['"hello"'] }] },
  svc_dns_record_update: { records: [{ domain: TOOL_DNS, recordId: RECORD_ID, values: ['"changed"'] }] },
  svc_dns_record_remove: { records: [{ domain: TOOL_DNS, recordId: RECORD_ID }] },
  svc_dns_records_remove_all: { domains: [{ name: 'nothing-here.com' }], confirmDeleteAll: true },
  svc_dns_nameservers_list: { domain: TOOL_DNS, includeDnssec: true },
  svc_dns_nameservers_set_custom: {
    domains: [{ name: 'nothing-here.com', nameservers: ['ns1.example.net', 'ns2.example.net'] }],
  },
  svc_dns_nameservers_set_default: { domains: [{ name: 'nothing-here.com' }] },
  svc_dns_hosting_list: { domain: TOOL_DNS },
  svc_dns_hosting_add: {
    domains: [{ name: 'nothing-here.com', type: 'REDIRECT_301', targetUrl: 'https://example.org/' }],
  },
  svc_dns_hosting_remove: { domains: [{ name: 'nothing-here.com' }] },
  svc_domain_pending_operations: { domains: [{ name: TOOL_DNS }], includeCompleted: true },
  svc_domain_flags_update: { domains: ['nothing-here.com'], flags: { DNS_WHOIS_PROXY: { status: 'ENABLED' } } },
  svc_domain_push: { domains: ['nothing-here.com'], targetAccountId: 'nobody@example.org', otpCode: '123456' },
  svc_expireds_list: { tlds: ['com'], sortBy: 'name', limit: 10 },
  svc_backorder_create: {
    domains: [
      {
        name: 'nothing-dropping.com',
        contactId: 'con_3b241101-e2bb-4255-8caf-4136c566a962',
        availableAfterTimestamp: 0,
      },
    ],
  },
  svc_backorder_cancel: { backorderIds: [1] },
  svc_backorders_list: { status: ['pending'], limit: 5 },
  svc_domain_generate_lander: { domains: [{ name: TOOL_DNS }], instructions: 'Coming soon.' },
  svc_domain_lander_status: { domains: [{ name: TOOL_DNS }] },
  svc_domain_download_lander: { domains: [{ name: TOOL_DNS }] },
  svc_domain_remove_lander: { domains: [{ name: TOOL_DNS }] },
  svc_authenticated_url_get: { path: '/account/domains' },
  svc_history_get: { subject: 'domain', id: TOOL_DNS },
};

describe('surface A: one action registry behind the routes, the OpenAPI document and the MCP endpoint', () => {
  let subject: TestApp;
  let agent: Agent;
  let base: string;
  let document: any; // eslint-disable-line @typescript-eslint/no-explicit-any

  const mcpClient = async (credential?: string): Promise<Client> => {
    const client = new Client({ name: 'domain-engine-test', version: '1.0.0' });
    const headers: Record<string, string> = credential ? { authorization: `Bearer ${credential}` } : {};
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp/v1`), { requestInit: { headers } }));
    return client;
  };

  beforeAll(async () => {
    subject = await createTestApp();
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(subject.app.getHttpServer().address() as { port: number }).port}`;
    agent = await newAgent(subject);
    await subject.app
      .get(CommandBus)
      .execute(new AddAccountFunds(agent.accountId, 'grant-1', 'BALANCE', 100_000, 'test'));
    const { contact } = (await agent.action('svc_contact_create', BODY.svc_contact_create)).body;
    await subject.settled();
    await subject.app
      .get(CommandBus)
      .execute(
        new RegisterDnsDomain(
          agent.accountId,
          storedNameOf(TOOL_DNS),
          { contactId: contact.id },
          { years: 1, contacts: {}, authorizationCode: undefined, flags: {}, zone: {} },
          false,
        ),
      );
    const seller = await newHolder(subject, [TOOL_LISTING]);
    await seller.action('svc_listing_create', { domains: [{ domainName: TOOL_LISTING, priceInCents: 10_000 }] });
    const { conversation } = (await agent.action('svc_lead_get', BODY.svc_lead_get)).body;
    BODY.svc_lead_messages_list = { conversationId: conversation.id };
    BODY.svc_lead_message_send = { conversationId: conversation.id, content: 'hello' };
    await subject.settled();
    document = (await subject.app.inject({ method: 'GET', url: '/mcp/v1/openapi.json' })).json();
  });
  afterAll(() => subject.close());

  it('serves each action as a route, an operation of the document and an MCP tool', async () => {
    const routes = routeCatalog(subject.app).flatMap((route) => route.paths);
    for (const action of ACTIONS) expect(routes).toContain(`/mcp/v1/actions/${action}`);
    expect(Object.keys(document.paths).sort()).toEqual(ACTIONS.map((action) => `/${action}`).sort());
    const manifest = (await subject.app.inject({ method: 'GET', url: '/mcp/v1/tools.json' })).json();
    expect(manifest.tools.map((tool: { name: string }) => tool.name).sort()).toEqual([...ACTIONS].sort());
  });

  it('publishes a valid OpenAPI 3.1 document, open actions without security, scoped ones with it', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    for (const action of ACTIONS) {
      const operation = document.paths[`/${action}`].post;
      expect(operation.security).toEqual(OPEN.includes(action) ? [] : [{ bearer: [] }]);
      expect(operation.requestBody.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//);
    }
  });

  it("accepts each action's good body on the route and in the document's schema", async () => {
    const ajv = addFormats(new Ajv2020({ strict: false }));
    ajv.addSchema({ $id: 'agent.json', components: document.components });
    for (const action of ACTIONS) {
      const ref = document.paths[`/${action}`].post.requestBody.content['application/json'].schema.$ref;
      expect([action, ajv.validate({ $ref: ref.replace('#', 'agent.json#') }, BODY[action])]).toEqual([action, true]);
      expect([action, (await agent.action(action, BODY[action])).status]).toEqual([action, 200]);
    }
  });

  it('answers 401 without a credential and 403 without the scope; the three searches need neither', async () => {
    for (const action of ACTIONS) {
      // every scope but the action's own
      const narrow = await newAgent(
        subject,
        AGENT_SCOPES.filter((scope) => scope !== (SCOPE_OF[action] ?? 'domains:search')),
      );
      const anonymous = await agent.action(action, BODY[action], null);
      const unscoped = await narrow.action(action, BODY[action]);
      if (OPEN.includes(action)) {
        expect([action, anonymous.status, unscoped.status]).toEqual([action, 200, 200]);
      } else {
        expect([action, anonymous.status, anonymous.body]).toEqual([
          action,
          401,
          { error: 'unauthorized', message: 'Authentication required' },
        ]);
        expect([action, unscoped.status, unscoped.body.error]).toEqual([action, 403, 'forbidden']);
        expect(unscoped.body.message).toContain(SCOPE_OF[action]);
      }
    }
    const scoped = await newAgent(subject, ['domains:search']);
    expect((await scoped.action('svc_domains_search', BODY.svc_domains_search)).status).toBe(200);
    expect((await scoped.action('svc_portfolio_list', {})).status).toBe(403);
  });

  it('names an unknown action as such', async () => {
    const answer = await agent.action('svc_no_such_action', {});
    expect(answer).toMatchObject({ status: 404, body: { error: 'unknown_action' } });
  });

  it('publishes the protected resource metadata MCP clients authorize from, naming our authorization server', async () => {
    const server = (await subject.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json();
    for (const [path, resource] of [
      ['/mcp/v1', `${server.issuer}/mcp/v1`],
      ['', server.issuer],
    ]) {
      const url = `/.well-known/oauth-protected-resource${path}`;
      const metadata = (await subject.app.inject({ method: 'GET', url })).json();
      expect(metadata).toMatchObject({
        resource,
        authorization_servers: [server.issuer],
        bearer_methods_supported: ['header'],
      });
      expect(metadata.scopes_supported).toEqual(server.scopes_supported);
    }
  });

  describe('the MCP endpoint, through the official SDK client', () => {
    it('lists every action as a tool with the schema of its route and its annotations', async () => {
      const client = await mcpClient(agent.key);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...ACTIONS].sort());
      const search = tools.find((tool) => tool.name === 'svc_domains_search')!;
      expect(search.inputSchema).toMatchObject({
        type: 'object',
        additionalProperties: false,
        required: ['query'],
        properties: { limit: { minimum: 1, maximum: 100 }, tlds: { maxItems: 5 } },
      });
      expect(search.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      const create = tools.find((tool) => tool.name === 'svc_contact_create')!;
      expect(create.annotations).toMatchObject({ readOnlyHint: false });
      expect((create.inputSchema.properties as Record<string, any>).phone).toMatchObject({ type: 'object' }); // eslint-disable-line @typescript-eslint/no-explicit-any
      await client.close();
    });

    it.each([
      ['svc_domains_search', BODY.svc_domains_search],
      ['svc_portfolio_list', { limit: 10, orderBy: 'name' }],
      ['svc_knowledge_base_search', { query: 'transfer my domain to another registrar' }],
      ['svc_api_specs_search', { query: 'portfolio' }],
      ['svc_cart_get', {}],
    ])('answers %s as its route does', async (action, body) => {
      const client = await mcpClient(agent.key);
      const result = await client.callTool({ name: action, arguments: body });
      const route = await agent.action(action, body);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(route.body);
      expect(JSON.parse((result.content as { text: string }[])[0].text)).toEqual(route.body);
      await client.close();
    });

    it('answers a call of a scoped tool without a credential with the same 401 as the route, and where to authorize', async () => {
      const route = await agent.action('svc_domains_search', { query: 'coffee' }, null);
      const client = await mcpClient();
      // the open searches need no credential over MCP either
      expect(
        (await client.callTool({ name: 'svc_knowledge_base_search', arguments: { query: 'dnssec' } })).isError,
      ).toBeFalsy();
      const refused = await client
        .callTool({ name: 'svc_domains_search', arguments: { query: 'coffee' } })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 401 });
      expect(String((refused as Error).message)).toContain(JSON.stringify(route.body));
      await client.close();
      const raw = await fetch(`${base}/mcp/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'svc_domains_search', arguments: { query: 'coffee' } },
        }),
      });
      expect(raw.status).toBe(401);
      expect(await raw.json()).toEqual(route.body);
      expect(raw.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${(await subject.app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource' })).json().authorization_servers[0]}/.well-known/oauth-protected-resource/mcp/v1"`,
      );
    });

    it('answers a key without the scope with 403, and a wrong key with 401, as the route does', async () => {
      // checkout alone: a scope none of these actions needs
      const narrow = await newAgent(subject, ['checkout']);
      const client = await mcpClient(narrow.key);
      const refused = await client
        .callTool({ name: 'svc_portfolio_list', arguments: {} })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 403 });
      await client.close();
      // a wrong key: refused where a scope is needed, ignored where none is, as on the routes
      const wrong = await mcpClient(`svc_mcp_${'0'.repeat(64)}`);
      const search = { name: 'svc_knowledge_base_search', arguments: { query: 'dnssec' } };
      expect((await wrong.callTool(search)).isError).toBeFalsy();
      const failed = await wrong.callTool({ name: 'svc_tld_list', arguments: {} }).catch((error: unknown) => error);
      expect(failed).toMatchObject({ code: 401 });
      const route = await agent.action('svc_tld_list', {}, `svc_mcp_${'0'.repeat(64)}`);
      expect(route.status).toBe(401);
      expect(String((failed as Error).message)).toContain(JSON.stringify(route.body));
      await wrong.close();
      const raw = await fetch(`${base}/mcp/v1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${narrow.key}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'svc_domain_get', arguments: { domains: ['a.com'] } },
        }),
      });
      expect(raw.status).toBe(403);
      expect(raw.headers.get('www-authenticate')).toMatch(
        /^Bearer error="insufficient_scope", scope="portfolio:read", resource_metadata="http/,
      );
    });

    it('answers what is not an MCP message in the surface format, and a notification with 202', async () => {
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}/mcp/v1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify(body),
        });
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      for (const [body, headers, status] of [
        [[list], {}, 400],
        [{ ...list, jsonrpc: '1.0' }, {}, 400],
        [{ ...list, id: { nested: true } }, {}, 400],
        [{ ...list, result: {} }, {}, 400],
        [list, { accept: 'text/html' }, 406],
        [list, { 'mcp-protocol-version': '1999-01-01' }, 400],
      ] as const) {
        const answer = await post(body, headers);
        expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), status]);
        expect(await answer.json()).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
      }
      const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
      expect(notification.status).toBe(202);
      expect(await notification.text()).toBe('');
      const opened = await fetch(`${base}/mcp/v1`, { headers: { accept: 'text/event-stream' } });
      expect(opened.status).toBe(405);
    });

    it('answers bad arguments with a tool error holding the body the route answers', async () => {
      const client = await mcpClient(agent.key);
      const body = { query: 'coffee', limit: 101 };
      const result = await client.callTool({ name: 'svc_domains_search', arguments: body });
      const route = await agent.action('svc_domains_search', body);
      expect(route.status).toBe(400);
      expect(result.isError).toBe(true);
      expect(JSON.parse((result.content as { text: string }[])[0].text)).toEqual(route.body);
      await expect(client.callTool({ name: 'svc_nothing', arguments: {} })).rejects.toThrow(/svc_nothing/);
      await client.close();
    });
  });
});

describe('surface A: rate limits', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { AGENT_OPEN_RATE_LIMIT_PER_IP: '3' } });
  });
  afterAll(() => subject.close());

  it('limits the open searches per IP address, over REST and MCP alike, with Retry-After', async () => {
    const anyone = await newAgent(subject);
    const searches = [];
    for (let n = 0; n < 4; n++)
      searches.push(await anyone.action('svc_knowledge_base_search', { query: 'dnssec' }, null));
    expect(searches.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(searches[3].body).toEqual({ error: 'rate_limited', message: expect.stringMatching(/try again in \d+ s/) });
    const refused = await subject.app.inject({
      method: 'POST',
      url: '/mcp/v1/actions/svc_api_specs_search',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":"search"}',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const overMcp = await subject.app.inject({
      method: 'POST',
      url: '/mcp/v1',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'svc_developer_docs_search', arguments: { query: 'configuration' } },
      },
    });
    expect(overMcp.json().result.isError).toBe(true);
    expect(JSON.parse(overMcp.json().result.content[0].text)).toMatchObject({ error: 'rate_limited' });
    // a valid body only counts; the actions with a credential are not limited by address
    const body = await subject.app.inject({
      method: 'POST',
      url: '/mcp/v1/actions/svc_api_specs_search',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":"s"}',
    });
    expect(body.statusCode).toBe(400);
    const calls = [];
    for (let n = 0; n < 5; n++) calls.push((await anyone.action('svc_tld_list', {})).status);
    expect(calls).toEqual([200, 200, 200, 200, 200]);
  });
});
