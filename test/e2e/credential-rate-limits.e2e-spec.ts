import { newAgent } from '../support/agent';
import { resolutionKeyOf } from '../support/chain-actors';
import { createTestApp, TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { createTestDatabase } from '../support/test-database';
import { newReseller, newWeb3Partner } from '../support/web3-partner';

const BURST = 5;
/** One request a second on average: the test's own pace adds far less than a token between requests. */
const LIMITS = Object.fromEntries(
  ['AGENT', 'PARTNER', 'RESOLUTION'].flatMap((kind) => [
    [`${kind}_KEY_RATE_PER_SECOND`, '1'],
    [`${kind}_KEY_RATE_BURST`, String(BURST)],
  ]),
);

interface Sent {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: Record<string, unknown>;
}

/**
 * Rate limits per credential on surfaces A (authenticated actions and MCP tool calls), C, D and E: a token bucket per
 * key, shared by the processes of the service; a request past it is 429 in the surface's format with `Retry-After`,
 * and every limited answer says where its key stands (`RateLimit-Limit`, `-Remaining`, `-Reset`).
 */
describe('rate limits per credential', () => {
  const clock = new TestClock();
  let databaseUrl: string;
  let subject: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    subject = await createTestApp({ databaseUrl, clock, env: LIMITS });
    second = await createTestApp({ databaseUrl, clock, role: 'api', env: LIMITS });
    // buckets fill by the clock: only what a test adds may refill them, however slowly a busy machine runs it
    clock.freeze();
  });
  afterAll(async () => {
    await second?.close();
    await subject?.close();
  });

  const send = async (
    app: TestApp,
    method: 'GET' | 'POST',
    url: string,
    key: string,
    body?: unknown,
  ): Promise<Sent> => {
    const response = await app.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined
          ? {}
          : { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  };
  const resolutionKey = () => resolutionKeyOf(subject.app);

  type Surface = [string, () => Promise<string>, 'GET' | 'POST', string, unknown, (body: Sent['body']) => unknown];
  const SURFACES: Surface[] = [
    [
      'A',
      async () => (await newAgent(subject)).key,
      'POST',
      '/mcp/v1/actions/svc_contacts_list',
      {},
      (body) => body.error,
    ],
    [
      'C',
      async () => (await newWeb3Partner(subject)).key,
      'GET',
      '/partner/v3/account',
      undefined,
      (body) => body.code,
    ],
    ['D', async () => (await newReseller(subject)).key, 'GET', '/partner/v3/account', undefined, (body) => body.code],
    [
      'E',
      resolutionKey,
      'GET',
      '/resolve/reverse/0x8aad44321a86b170879d7a244c1e8d360c99dda8',
      undefined,
      (body) => body.code,
    ],
    // the lookup by name is answered ahead of Nest's pipeline (ResolutionFastPath): limited the same
    ['E by name', resolutionKey, 'GET', '/resolve/domains/brad.crypto', undefined, (body) => body.code],
  ];

  it.each(SURFACES)(
    'surface %s: lets a key’s burst through, then answers 429 until a token is back',
    async (surface, keyOf, method, url, body, codeOf) => {
      const key = await keyOf();
      const answers = [];
      for (let n = 0; n <= BURST; n++) answers.push(await send(subject, method, url, key, body));
      expect(answers.slice(0, BURST).map((answer) => answer.status)).toEqual(Array(BURST).fill(200));
      expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0', '0']);
      expect(answers.every((answer) => answer.headers['ratelimit-limit'] === String(BURST))).toBe(true);
      const refused = answers[BURST];
      expect({
        status: refused.status,
        code: codeOf(refused.body),
        retryAfter: refused.headers['retry-after'],
      }).toEqual({
        status: 429,
        code: surface === 'A' ? 'rate_limited' : 'RATE_LIMITED',
        retryAfter: '1',
      });
      expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(BURST - 1);
      expect((await send(subject, method, url, await keyOf(), body)).status).toBe(200); // another key: its own bucket
      clock.advance(1_000);
      expect((await send(subject, method, url, key, body)).status).toBe(200);
      expect((await send(subject, method, url, key, body)).status).toBe(429);
    },
  );

  it('counts MCP tool calls against the same key as its actions', async () => {
    const agent = await newAgent(subject);
    for (let n = 0; n < BURST - 1; n++)
      expect((await send(subject, 'POST', '/mcp/v1/actions/svc_contacts_list', agent.key, {})).status).toBe(200);
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc_contacts_list', arguments: {} } };
    expect((await send(subject, 'POST', '/mcp/v1', agent.key, call)).status).toBe(200);
    const refused = await send(subject, 'POST', '/mcp/v1', agent.key, call);
    expect([refused.status, refused.body.error, refused.headers['retry-after']]).toEqual([429, 'rate_limited', '1']);
  });

  it('shares one budget per key between the processes of the service', async () => {
    const partner = await newReseller(subject);
    const answers = [];
    for (let n = 0; n <= BURST; n++)
      answers.push((await send(n % 2 === 0 ? subject : second, 'GET', '/partner/v3/account', partner.key)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
