import { randomUUID } from 'node:crypto';
import { newAgent } from '../support/agent';
import { runCli } from '../support/cli';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

/** The operator's commerce commands, run against the database a service serves: their effect shows in carts. */
describe('domain-engine promo-codes and funds', () => {
  let service: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    service = await createTestApp({ databaseUrl });
    env = { DATABASE_URL: databaseUrl };
  });
  afterAll(() => service.close());

  it('creates a promo code and fills a balance that the cart then spends', async () => {
    const agent = await newAgent(service);
    const code = `CLI${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await runCli(
      ['promo-codes', 'create', code.toLowerCase(), '--title', 'Two off', '--amount', '2', '--kinds', 'registration'],
      env,
    );
    expect({ code: created.code, stdout: created.stdout }).toEqual({
      code: 0,
      stdout: `promo code ${code}: $2.00 off, no expiry\n`,
    });
    const entry = randomUUID();
    const add = [
      'funds',
      'add',
      agent.accountId,
      '--balance',
      '5.00',
      '--reason',
      'a top-up by bank',
      '--entry',
      entry,
    ];
    expect((await runCli(add, env)).stdout).toBe(`${agent.accountId}: balance $5.00, promo credits $0.00\n`);
    // the same grant run again is one grant
    expect((await runCli(add, env)).stdout).toBe(`${agent.accountId}: balance $5.00, promo credits $0.00\n`);

    await agent.action('svc_cart_add_domain_registration', {
      domains: [{ name: `cli-${randomUUID().slice(0, 8)}.com` }],
    });
    const cart = (await agent.action('svc_cart_get', { discountCode: code })).body;
    expect(cart).toMatchObject({
      totalDiscounts: 200,
      pricing: { accountBalanceUsed: 500, totalAmountDue: 1299 - 200 - 500 },
    });

    const again = await runCli(['promo-codes', 'create', code, '--title', 'Again', '--percent', '5'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`promo code ${code} exists already`);
  });

  it('refuses funds for an account that is not a user, and options that do not make sense', async () => {
    const unknown = await runCli(['funds', 'add', 'acc-nobody', '--balance', '5', '--reason', 'r'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/user account acc-nobody/);
    const both = await runCli(
      ['funds', 'add', 'acc-x', '--balance', '5', '--promo-credits', '5', '--reason', 'r'],
      env,
    );
    expect(both.stderr).toContain('give either --balance or --promo-credits');
    const badTerms = await runCli(['promo-codes', 'create', 'X1', '--title', 't', '--percent', '150'], env);
    expect(badTerms.stderr).toContain('--percent: from 0.01 to 100, not "150"');
  });
});
