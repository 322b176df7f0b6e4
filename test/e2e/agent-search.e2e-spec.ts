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

    it('finds the expected help article in the top 3 for at least 18 of the 20 questions', async () => {
      expect(QUESTIONS).toHaveLength(20);
      const ranks = await Promise.all(
        QUESTIONS.map(async ({ question, expected }) =>
          slugsOf((await ask('svc_knowledge_base_search', question)).results).indexOf(expected),
        ),
      );
      const inTopThree = ranks.filter((rank) => rank >= 0 && rank < 3).length;
      expect(inTopThree).toBeGreaterThanOrEqual(18);
    });

    it('still finds it when the question is misspelled', async () => {
      const ranks = await Promise.all(
        QUESTIONS.map(async ({ misspelled, expected }) =>
          slugsOf((await ask('svc_knowledge_base_search', misspelled)).results).indexOf(expected),
        ),
      );
      expect(ranks.filter((rank) => rank >= 0 && rank < 3).length).toBeGreaterThanOrEqual(18);
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
