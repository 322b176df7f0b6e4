import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Pool } from 'pg';
import { newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { eventually } from '../support/eventually';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

/** Resolves with the first line the process prints that starts with `text`; rejects if it exits first. */
const printedBy = (child: ChildProcess) => {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return (text: string) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const line = output.split('\n').find((candidate) => candidate.startsWith(text));
        if (line) resolve(line);
      };
      child.stdout?.on('data', look);
      child.once('exit', (code) => reject(new Error(`the api process exited (${code})`)));
      look();
    });
};

/**
 * Issue 26's proof: a checkout whose process is killed (SIGKILL, no shutdown hooks) after its order is paid and its
 * first line's operation started, but before the second's, completes once the service runs again: one charge, one
 * registration per line, every name in the portfolio.
 */
describe('a checkout killed mid-fulfilment', () => {
  let databaseUrl: string;
  let pool: Pool;
  let restarted: TestApp | undefined;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    pool = new Pool({ connectionString: databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await restarted?.close();
    await pool.end();
  });

  it('completes after a restart, charging once and registering each line once', async () => {
    const setup = await createTestApp({ databaseUrl });
    const buyer = await newAgent(setup);
    await buyer.action('svc_contact_create', ADA_CONTACT);
    await setup.settled();
    const names = [0, 1, 2].map((n) => `crash-${n}-${randomUUID().slice(0, 8)}.com`);
    await buyer.action('svc_cart_add_domain_registration', { domains: names.map((name) => ({ name })) });
    await setup.close();

    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', join(__dirname, '../support/checkout-process.ts')],
      {
        cwd: join(__dirname, '../..'),
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const printed = printedBy(child);
    try {
      const port = Number((await printed('ready')).split(' ')[1]);
      // the answer is cut off with the process
      void fetch(`http://127.0.0.1:${port}/mcp/v1/actions/svc_cart_checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ paymentMethodId: 'pm_card_visa' }),
      }).catch(() => undefined);
      await printed('delivering');
    } finally {
      await new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGKILL')));
    }
    const startedBefore = await pool.query(
      "select count(*)::int as count from events where type = 'OperationRequested'",
    );
    expect(startedBefore.rows[0].count).toBe(2); // the contact's, and the first line's

    restarted = await createTestApp({ databaseUrl });
    const restartedBuyer = { ...buyer, action: (await newAgentOn(restarted, buyer.key)).action };
    // a process just started: what it finishes is awaited as it shows (its settled() may come before it took over)
    await eventually(async () => {
      const listed = await restartedBuyer.action('svc_portfolio_list', { orderBy: 'name' });
      expect(listed.body.domains.map((domain: { name: string }) => domain.name)).toEqual([...names].sort());
    });
    await restarted.settled();
    const payments = await pool.query('select amount_cents::int from sandbox_payments');
    // 3 x 12.99 = 38.97 and 20% VAT on the whole, 7.79
    expect(payments.rows).toEqual([{ amount_cents: 3897 + 779 }]);
    const registrations = await pool.query(
      "select data->>'domain' as domain from events where type = 'OperationRequested' and data->>'type' = 'DOMAIN_ADMIN_UPDATE'",
    );
    expect(registrations.rows.map((row) => row.domain).sort()).toEqual([...names].sort());
    expect((await restartedBuyer.action('svc_cart_get')).body.items).toEqual([]);
  });
});

/** The same agent key, sending to another app on the same database. */
const newAgentOn = async (subject: TestApp, key: string) => ({
  action: async (name: string, body: unknown = {}) => {
    const response = await subject.app.inject({
      method: 'POST',
      url: `/mcp/v1/actions/${name}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() };
  },
});
