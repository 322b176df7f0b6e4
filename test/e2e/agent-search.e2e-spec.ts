import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { Agent, newAgent } from '../support/agent';
import { createTestApp, TestApp } from '../support/test-app';
import QUESTIONS from '../fixtures/knowledge-questions.json';

interface Result {
  readonly name: string;
  readonly available: boolean;
  readonly status: string;
  readonly marketplace: { status: string; source: string };
  readonly searchQuery: string;
  readonly pricing?: { amount: number; currency: string; formatted: string; listAmount?: number };
  readonly product?: { type: string; code: string; id: number };
}

describe('surface A: domain search and the three open searches', () => {
  let subject: TestApp;
  let agent: Agent;
  const search = async (body: Record<string, unknown>) => {
    const answer = await agent.action('svc_domains_search', body);
    expect(answer.status).toBe(200);
    return answer.body as { results: Result[]; searchedTlds: string[]; pagination: Record<string, unknown> } & Record<
      string,
      unknown
    >;
  };

  beforeAll(async () => {
    subject = await createTestApp();
    agent = await newAgent(subject);
  });
  afterAll(() => subject.close());

  describe('svc_domains_search', () => {
    it('searches a term under the five default TLDs, with the registration price of each', async () => {
      const found = await search({ query: 'Quiet Harbor' });
      expect(found).toMatchObject({ searchQuery: 'Quiet Harbor', invalidReason: null, invalidCharacters: [] });
      expect(found.searchedTlds).toEqual(['com', 'net', 'org', 'ai', 'io']);
      expect(found.results.map((result) => result.name)).toEqual(
        ['com', 'net', 'org', 'ai', 'io'].map((tld) => `quietharbor.${tld}`),
      );
      const com = found.results[0];
      expect(com).toMatchObject({
        available: true,
        status: 'available',
        marketplace: { status: 'available', source: 'service' },
        pricing: { amount: 1299, currency: 'USD', formatted: '$12.99' },
        product: { type: 'Domain', code: 'domain-registration-com' },
      });
      // .ai registers for two years at least: the charge is two years, the yearly price beside it
      expect(found.results[3].pricing).toEqual({
        amount: 17998,
        currency: 'USD',
        formatted: '$179.98',
        listAmount: 8999,
        listFormatted: '$89.99',
      });
    });

    it('infers the TLDs from full names, and searches their labels under the TLDs asked', async () => {
      const inferred = await search({ query: ['quietharbor.dev', 'brightmeadow.xyz'] });
      expect(inferred.searchedTlds).toEqual(['dev', 'xyz']);
      expect(inferred.results.map((result) => [result.name, result.searchQuery])).toEqual([
        ['quietharbor.dev', 'quietharbor.dev'],
        ['quietharbor.xyz', 'quietharbor.dev'],
        ['brightmeadow.xyz', 'brightmeadow.xyz'],
        ['brightmeadow.dev', 'brightmeadow.xyz'],
      ]);
      const asked = await search({ query: 'quietharbor.dev', tlds: ['.COM', 'org'] });
      expect(asked.searchedTlds).toEqual(['com', 'org']);
      expect(asked.results.map((result) => result.name)).toEqual([
        'quietharbor.dev',
        'quietharbor.com',
        'quietharbor.org',
      ]);
    });

    it('shows names listed on the external marketplaces as for sale there, at their price', async () => {
      const found = await search({ query: ['sunrise.com', 'brightpath.io', 'google.com', 'shop.xyz', 'example.com'] });
      const byName = new Map(found.results.map((result) => [result.name, result]));
      expect(byName.get('sunrise.com')).toMatchObject({
        available: true,
        marketplace: { status: 'registered-listed-for-sale', source: 'extmarket_a' },
        pricing: { amount: 450_000, formatted: '$4,500.00' },
        product: { type: 'ExtmarketA' },
      });
      expect(byName.get('brightpath.io')).toMatchObject({
        marketplace: { status: 'registered-listed-for-sale', source: 'extmarket_b' },
      });
      expect(byName.get('google.com')).toMatchObject({
        available: false,
        marketplace: { status: 'registered-not-for-sale', source: 'service' },
      });
      expect(byName.get('google.com')).not.toHaveProperty('pricing');
      // a premium name: the registry's price
      expect(byName.get('shop.xyz')).toMatchObject({ available: true, pricing: { amount: 250_000 } });
      expect(byName.get('example.com')).toMatchObject({ available: false, marketplace: { status: 'unavailable' } });
    });

    it('says why a query makes no name instead of failing the search', async () => {
      const found = await search({ query: ['coffee & tea', 'www.coffee.com', 'fine'] });
      expect(found.searchQueries).toEqual([
        {
          query: 'coffee & tea',
          invalidReason: expect.stringContaining('&'),
          invalidCharacters: ['&'],
        },
        { query: 'www.coffee.com', invalidReason: expect.stringMatching(/subdomain/i), invalidCharacters: [] },
        { query: 'fine', invalidReason: null, invalidCharacters: [] },
      ]);
      expect(found.results.map((result) => result.searchQuery)).toEqual(Array(5).fill('fine'));
    });

    it('refuses a TLD the service does not sell', async () => {
      const answer = await agent.action('svc_domains_search', { query: 'coffee', tlds: ['com', 'nope'] });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: 'invalid_request', issues: [{ path: 'tlds', message: expect.stringContaining('.nope') }] },
      });
    });

    it('pages the results with offset and limit', async () => {
      const query = Array.from({ length: 10 }, (_, n) => `pagedname${n}`);
      const first = await search({ query, limit: 20 });
      expect(first.pagination).toEqual({ total: 50, count: 20, offset: 0, limit: 20, hasMore: true, nextOffset: 20 });
      const last = await search({ query, limit: 20, offset: 40 });
      expect(last.pagination).toEqual({
        total: 50,
        count: 10,
        offset: 40,
        limit: 20,
        hasMore: false,
        nextOffset: null,
      });
      const all = await search({ query, limit: 100 });
      expect([...first.results, ...(await search({ query, limit: 20, offset: 20 })).results, ...last.results]).toEqual(
        all.results,
      );
      expect((await search({ query, offset: 60 })).results).toEqual([]);
    });
  });

  describe('the open searches', () => {
    const ask = async (action: string, query: string) => {
      const answer = await agent.action(action, { query }, null);
      expect(answer.status).toBe(200);
      return answer.body as {
        query: string;
        count: number;
        results: { title: string; url: string; snippet: string; score: number }[];
      };
    };
    const slugsOf = (results: { url: string }[]) => results.map((result) => result.url.split('/').pop());

    it('finds the expected help article in the top 3 for at least 20 of the 22 questions', async () => {
      expect(QUESTIONS).toHaveLength(22);
      const ranks = await Promise.all(
        QUESTIONS.map(async ({ question, expected }) =>
          slugsOf((await ask('svc_knowledge_base_search', question)).results).indexOf(expected),
        ),
      );
      const inTopThree = ranks.filter((rank) => rank >= 0 && rank < 3).length;
      expect(inTopThree).toBeGreaterThanOrEqual(20);
    });

    it('still finds it when the question is misspelled', async () => {
      const ranks = await Promise.all(
        QUESTIONS.map(async ({ misspelled, expected }) =>
          slugsOf((await ask('svc_knowledge_base_search', misspelled)).results).indexOf(expected),
        ),
      );
      expect(ranks.filter((rank) => rank >= 0 && rank < 3).length).toBeGreaterThanOrEqual(20);
    });

    it('has an article on transferring a domain out and one on WHOIS privacy, each found first', async () => {
      for (const [question, expected] of [
        ['transfer my domain out to another registrar', 'transfer-a-domain-out'],
        ['whois privacy', 'whois-privacy'],
      ])
        expect(slugsOf((await ask('svc_knowledge_base_search', question)).results)[0]).toBe(expected);
    });

    it('tells "turn on" from "turn off": the article the title says word for word comes first', async () => {
      expect(slugsOf((await ask('svc_knowledge_base_search', 'turn on dnssec')).results)[0]).toBe('turn-on-dnssec');
      expect(slugsOf((await ask('svc_knowledge_base_search', 'turn off dnssec')).results)[0]).toBe(
        'turn-off-dnssec-safely',
      );
    });

    it('ranks an action first when the query is its exact name, for every action', async () => {
      const document = (await subject.app.inject({ method: 'GET', url: '/mcp/v1/openapi.json' })).json();
      const names = Object.keys(document.paths).map((path: string) => path.slice(1));
      expect(names.length).toBeGreaterThan(10);
      for (const name of names) {
        const [first, second] = (await ask('svc_api_specs_search', name)).results;
        expect([first.title, second.title].map((title) => title.split(' ')[title.startsWith('MCP') ? 2 : 1])).toEqual([
          name,
          name,
        ]);
      }
    });

    it('titles each result once: no page name said twice', async () => {
      for (const query of ['errors', 'credentials and scopes', 'connecting']) {
        const titles = (await ask('svc_api_specs_search', query)).results.map((result) => result.title);
        expect(titles.filter((title) => /^([^:]+): \1: /.test(title))).toEqual([]);
        expect(titles.length).toBeGreaterThan(0);
      }
    });

    it('ranks by relevance with highlighted snippets and links to the whole text, in any case', async () => {
      const found = await ask('svc_knowledge_base_search', 'Turn On DNSSEC');
      expect(found.query).toBe('Turn On DNSSEC');
      expect(found.count).toBe(found.results.length);
      const scores = found.results.map((result) => result.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(found.results[0].snippet).toMatch(/«DNSSEC»/);
      const lower = await ask('svc_knowledge_base_search', 'turn on dnssec');
      expect(slugsOf(lower.results)).toEqual(slugsOf(found.results));
      const page = await subject.app.inject({ method: 'GET', url: new URL(found.results[0].url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/markdown/);
      expect(page.body).toContain('DNSSEC');
    });

    it('matches words by prefix', async () => {
      const found = await ask('svc_knowledge_base_search', 'renewa');
      expect(slugsOf(found.results).slice(0, 3)).toContain('renew-a-domain');
    });

    it('searches the developer documentation by section', async () => {
      const found = await ask('svc_developer_docs_search', 'point the service at a real PostgreSQL database');
      expect(found.results.length).toBeGreaterThan(0);
      expect(found.results[0].url).toMatch(/\/knowledge\/docs\/[a-zA-Z-]+\.md(#[a-z0-9-]+)?$/);
      const page = await subject.app.inject({ method: 'GET', url: new URL(found.results[0].url).pathname });
      expect(page.statusCode).toBe(200);
    });

    it('searches the three specification documents: the OpenAPI document, the MCP tools and the agent guide', async () => {
      const found = await ask('svc_api_specs_search', 'create an ICANN contact');
      expect(found.results.slice(0, 2).map((result) => result.title)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^OpenAPI: svc_contact_create/),
          expect.stringMatching(/^MCP tool: svc_contact_create/),
        ]),
      );
      const guide = await ask('svc_api_specs_search', 'first conversation');
      expect(guide.results[0].title).toMatch(/^Agent guide/);
      const urls = (await ask('svc_api_specs_search', 'domains search')).results.map(
        (result) => new URL(result.url).pathname,
      );
      expect(urls).toEqual(expect.arrayContaining(['/mcp/v1/openapi.json', '/mcp/v1/tools.json']));
    });

    it('answers a query that matches nothing with no results', async () => {
      expect(await ask('svc_knowledge_base_search', 'zzqx vvwq')).toMatchObject({ count: 0, results: [] });
    });
  });
});

describe('surface A: the TLDs on sale', () => {
  let subject: TestApp;
  beforeAll(async () => (subject = await createTestApp()));
  afterAll(() => subject?.close());

  it('lists only TLDs the registry has opened, and one announced from the day it opens', async () => {
    const agent = await newAgent(subject);
    const registry = subject.app.get(SandboxRegistry);
    const opening = (await registry.tlds()).filter((rules) => rules.opensAt !== null && rules.opensAt > Date.now());
    expect(opening.length).toBeGreaterThan(0); // the sandbox announces .shop for 2030
    const listed = async () => ((await agent.action('svc_tld_list', {})).body as { tlds: string[] }).tlds;
    const before = await listed();
    for (const { tld } of opening) expect(before).not.toContain(tld);
    const coming = await agent.action('svc_domains_search', { query: 'flowers', tlds: [opening[0].tld] });
    expect(coming.body.results[0]).toMatchObject({ available: false, status: 'coming_soon' });

    await registry.advanceClock(
      Math.max(...opening.map((rules) => rules.opensAt as number)) - (await registry.now()) + 1,
    );
    const after = await listed();
    expect(after).toEqual(expect.arrayContaining([...before, ...opening.map((rules) => rules.tld)]));
    expect(after).toHaveLength(before.length + opening.length);
  });
});

describe('the knowledge pages search results link to', () => {
  let subject: TestApp;
  beforeAll(async () => (subject = await createTestApp()));
  afterAll(() => subject?.close());

  it.each([
    ['/knowledge/help/no-such-article', 404, 'NOT_FOUND'],
    ['/knowledge/docs/no-such-page.md', 404, 'NOT_FOUND'],
    ['/knowledge/help/Not_A_Slug', 400, 'VALIDATION'],
    ['/knowledge/docs/..%2Fpackage.json', 400, 'VALIDATION'],
    ['/knowledge/help/renew-a-domain?format=html', 400, 'VALIDATION'],
    ['/knowledge/no-such-corpus/x', 404, 'NOT_FOUND'],
  ])('answers %s with %i {code: %s, message} as JSON', async (url, status, code) => {
    const answer = await subject.app.inject({ method: 'GET', url });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({
      status,
      body: { code, message: expect.any(String) },
    });
  });

  it('answers another method with 405, Allow and the same format', async () => {
    const answer = await subject.app.inject({ method: 'DELETE', url: '/knowledge/help/renew-a-domain' });
    expect([answer.statusCode, answer.headers.allow, answer.json().code]).toEqual([405, 'GET', 'METHOD_NOT_ALLOWED']);
  });
});
