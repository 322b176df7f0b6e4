import { CommandBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { EventStore } from '../../src/application/shared/event-store.port';
import { CONSUMERS_CHANNEL } from '../../src/infrastructure/postgres/consumer-runner';
import { startNewGeneration } from '../../src/infrastructure/postgres/consumer-checkpoints';
import { analyticsFacts } from '../../src/projections/analytics/analytics.projection';
import { registeredElsewhere } from '../support/registries';
import { Agent, newAgent } from '../support/agent';
import { runCli } from '../support/cli';
import { eventually } from '../support/eventually';
import { ADA_CONTACT } from '../support/contacts';
import { freshName, newHolder } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import { newReseller, newWeb3Partner } from '../support/web3-partner';

const owner = { type: 'SELF', contact: { ...ADA_CONTACT, phone: { dialingPrefix: '44', number: '2071234567' } } };

interface Row {
  type: string;
  data: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The totals of a day, computed here from the stored events alone (not from the analytics' facts): what the
 * operator's report must say. Written from `docs/analytics.md`, independently of the projection's code.
 */
const totalsFromEvents = (events: readonly Row[]) => {
  const requested = new Map(events.filter((e) => e.type === 'OperationRequested').map((e) => [e.data.operationId, e]));
  const completed = events
    .filter((e) => e.type === 'OperationFinished' && e.data.status === 'COMPLETED')
    .map((e) => requested.get(e.data.operationId)!.data)
    .filter((op) => !op.preview);
  const hasDependency = (op: Row['data'], type: string) =>
    op.dependencies.some((d: { type: string }) => d.type === type);
  const placed = new Map<string, Row['data']>(
    events.filter((e) => e.type === 'OrderPlaced').map((e) => [e.data.orderId, e.data]),
  );
  const paidOf = (pots: Row['data']) => pots.cardCents + pots.balanceCents + pots.promoCreditsCents;
  const lineOf = (orderId: string, productId: number) =>
    placed.get(orderId)!.lines.find((line: { productId: number }) => line.productId === productId);
  const saleCredits = events
    .filter((e) => e.type === 'FundsAdded' && String(e.data.entryId).startsWith('market-sale:'))
    .map((e) => {
      const [, orderId, productId] = /^market-sale:(.+):(\d+)$/.exec(e.data.entryId)!;
      // the scripted sale is bought at once: its seller is credited from the agreed price
      const line = lineOf(orderId, Number(productId));
      return { price: line.sale.priceCents as number, credited: e.data.amountCents as number };
    });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    registrations: completed.filter((op) => op.type !== 'DOMAIN_RENEW' && hasDependency(op, 'DOMAIN_REGISTER')).length,
    claims: completed.filter((op) => op.type === 'DOMAIN_CLAIM').length,
    returns: completed.filter((op) => op.type === 'DOMAIN_RETURN').length,
    sales: saleCredits.length,
    salesCents: sum(saleCredits.map((sale) => sale.price)),
    commissionsCents: sum(saleCredits.map((sale) => sale.price - sale.credited)),
    refundsCents: sum(
      events.filter((e) => e.type === 'OrderLineFailed').map((e) => paidOf(lineOf(e.data.orderId, e.data.productId))),
    ),
    revenueCents:
      sum(events.filter((e) => e.type === 'OrderPaid').map((e) => paidOf(placed.get(e.data.orderId)!.totals))) +
      sum(
        completed
          .filter((op) => !op.paidBy)
          .map((op) =>
            sum(
              (op.quote ?? []).map((q: { type: string; amountCents: number }) =>
                q.type === 'CHARGE' ? q.amountCents : -q.amountCents,
              ),
            ),
          )
          .filter((net) => net > 0),
      ),
    signups: events.filter((e) => e.type === 'AccountOpened' && e.data.kind === 'user').length,
    searches: events.filter((e) => e.type === 'DomainsSearched').length,
  };
};

/**
 * Issue 29's analytics: after a day of activity on every surface (reseller registrations, web3 claims and a return,
 * users searching, buying, selling on the marketplace, and a paid registration the registry refuses, refunded), the
 * operator's report equals the totals computed from the stored events, and equals them again once the projection is
 * dropped and rebuilt from the history. An API process and a worker, as in production.
 */
describe('the analytics of a scripted day', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let api: TestApp;
  let worker: TestApp;
  let pool: Pool;
  let operatorKey: string;
  /** The API process, settled by the worker: what every helper waits on. */
  let subject: TestApp;

  beforeAll(async () => {
    chains = await startTestChains('MATIC');
    api = await createTestApp({ role: 'api', chains, env: { ...chains.env, READ_YOUR_WRITES_WAIT_MS: '0' } });
    worker = await createTestApp({ role: 'worker', databaseUrl: api.databaseUrl, chains, env: chains.env });
    subject = { ...api, settled: () => worker.settled() };
    pool = new Pool({ connectionString: api.databaseUrl, max: 2 });
    const commands = api.app.get(CommandBus);
    const { accountId } = await commands.execute(new OpenAccount({ kind: 'operator', name: 'Ops' }));
    operatorKey = (await commands.execute(new IssueCredential(accountId, 'operator_key'))).secret;
  });
  afterAll(async () => {
    await pool?.end();
    await worker?.close();
    await api?.close();
    await chains?.stop();
  });

  const report = async (key = operatorKey, query = '') =>
    api.app.inject({
      method: 'GET',
      url: `/operator/v1/analytics${query}`,
      headers: { authorization: `Bearer ${key}` },
    });
  const buyerWithContact = async (): Promise<Agent & { contactId: string }> => {
    const agent = await newAgent(subject);
    const created = await agent.action('svc_contact_create', ADA_CONTACT);
    await subject.settled();
    return { ...agent, contactId: created.body.contact.id };
  };

  it('reports the totals the events hold, and the same after the projection is dropped and rebuilt', async () => {
    // surface D: two registrations charged to the reseller's balance
    const reseller = await newReseller(subject);
    for (const name of [freshName('analytics'), freshName('analytics')])
      expect((await reseller.call('POST', '/domains', { name, owner })).status).toBe(201);
    // surface C: a custodial wallet, two claims and a return
    const web3 = await newWeb3Partner(subject);
    await web3.operation((await web3.call('POST', '/account/wallets', {})).body.operation.id);
    const claimed = [`an${Date.now()}a.crypto`, `an${Date.now()}b.crypto`];
    for (const name of claimed) {
      const claim = await web3.operation((await web3.call('POST', '/domains', { name })).body.operation.id);
      expect(claim.status).toBe('COMPLETED');
    }
    const returned = await web3.operation((await web3.call('DELETE', `/domains/${claimed[0]}`)).body.operation.id);
    expect(returned.status).toBe('COMPLETED');
    // surface A: searches, a registration bought by card, and a sale on the marketplace
    const buyer = await buyerWithContact();
    const wanted = freshName('bought');
    for (const query of ['coffee shop', wanted, 'tea'])
      expect((await buyer.action('svc_domains_search', { query })).status).toBe(200);
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: wanted }] });
    const bought = await buyer.action('svc_cart_checkout', {
      paymentMethodId: 'pm_card_visa',
      contactId: buyer.contactId,
    });
    expect(bought.body).toMatchObject({ success: true });
    const seller = await newHolder(subject, [freshName('sold')]);
    const listing = await seller.action('svc_listing_create', {
      domains: [{ domainName: seller.names[0], priceInCents: 120_000 }],
    });
    expect(listing.body.results[0].success).toBe(true);
    await subject.settled();
    await buyer.action('svc_cart_add_domain_listed', { domains: [{ name: seller.names[0] }] });
    expect((await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' })).body.success).toBe(true);
    await subject.settled();

    // a paid registration the registry refuses: taken by another registrar before the worker gets to it
    await worker.close();
    const refused = freshName('refused');
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: refused }] });
    const paid = await buyer.action('svc_cart_checkout', {
      paymentMethodId: 'pm_card_visa',
      contactId: buyer.contactId,
    });
    expect(paid.body).toMatchObject({ success: true });
    await registeredElsewhere(api.app.get(EventStore), refused, Date.now());
    worker = await createTestApp({ role: 'worker', databaseUrl: api.databaseUrl, chains, env: chains.env });
    await worker.settled();

    const { rows } = await pool.query<Row>('select type, data from events order by transaction_id, global_position');
    const expected = totalsFromEvents(rows);
    // the day's activity happened: each kind at least once, so that a report of zeros could not pass
    expect(expected).toMatchObject({ registrations: 4, claims: 2, returns: 1, sales: 1, searches: 3 });
    expect(expected.refundsCents).toBeGreaterThan(0);
    expect(expected.commissionsCents).toBe(12_000);

    const day = new Date().toISOString().slice(0, 10);
    const query = `?from=${day}&to=${new Date(Date.parse(day) + 86_400_000).toISOString()}&groupBy=hour`;
    const read = async () => {
      const answer = await report(operatorKey, query);
      expect(answer.statusCode).toBe(200);
      return answer.json();
    };
    const first = await read();
    expect(first.totals.metrics).toMatchObject(expected);
    // the hours add up to the day
    const hoursSum = (metric: string) =>
      first.buckets.reduce(
        (sum: number, bucket: { metrics: Record<string, number> }) => sum + bucket.metrics[metric],
        0,
      );
    expect(first.buckets).toHaveLength(24);
    expect(hoursSum('revenueCents')).toBe(expected.revenueCents);
    // every operation that ended is counted by type and status, with its durations' percentiles
    const ended = rows.filter((row) => row.type === 'OperationFinished').length;
    const counted = first.totals.operations.reduce((sum: number, op: { count: number }) => sum + op.count, 0);
    expect(counted).toBe(ended);
    expect(first.totals.operations).toContainEqual(
      expect.objectContaining({ surface: 'web3', type: 'DOMAIN_CLAIM', status: 'COMPLETED', count: 2 }),
    );
    for (const op of first.totals.operations) expect(op.p50Ms).toBeLessThanOrEqual(op.p99Ms);
    // the buyer's searches led to an order within the day
    expect(first.totals.metrics.searchesConverted).toBe(3);
    expect(first.totals.conversionRate).toBe(1);
    // the CSV holds the same figures
    const csv = await api.app.inject({
      method: 'GET',
      url: `/operator/v1/analytics/csv${query}`,
      headers: { authorization: `Bearer ${operatorKey}` },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('bucket_start,metric,dimension,count,sum,p50,p90,p99');
    const csvSum = (metric: string) =>
      lines
        .slice(1)
        .map((line) => line.split(','))
        .filter((fields) => fields[1] === metric)
        .reduce((sum, fields) => sum + Number(fields[4]), 0);
    expect(csvSum('commissionsCents')).toBe(expected.commissionsCents);
    expect(csvSum('refundsCents')).toBe(expected.refundsCents);
    // the CLI's export is the same file, its progress on stderr in plain lines (not a terminal)
    const [from, to] = [day, new Date(Date.parse(day) + 86_400_000).toISOString()];
    const exported = await runCli(['analytics', 'export', '--from', from, '--to', to, '--group-by', 'hour'], {
      DATABASE_URL: api.databaseUrl,
      LOG_LEVEL: 'warn',
    });
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(csv.body);
    expect(exported.stderr).toContain('exporting analytics: 1/1 (100%)');

    // dropped and rebuilt from the first event: the same report
    await pool.query(`delete from projection_documents where projection = 'analytics'`);
    expect((await read()).totals.metrics.registrations).toBe(0);
    const generation = await startNewGeneration(pool, analyticsFacts.name, analyticsFacts.version);
    await pool.query(`select pg_notify('${CONSUMERS_CHANNEL}', '')`);
    // the worker rebuilds it from the first event, then reports read the new generation
    await eventually(async () =>
      expect(
        (await pool.query(`select generation from projection_generations where name = 'analytics' and live`)).rows,
      ).toEqual([{ generation }]),
    );
    const rebuilt = await read();
    expect(rebuilt.totals).toEqual(first.totals);
    expect(rebuilt.buckets).toEqual(first.buckets);
  });

  it('is the operators’ alone, and refuses a range it cannot report', async () => {
    const partner = await newReseller(subject);
    expect((await report(partner.key)).statusCode).toBe(403);
    expect((await report('svc_ops_' + '0'.repeat(64))).statusCode).toBe(401);
    expect((await report(operatorKey, '?from=2026-01-02&to=2026-01-01')).json()).toEqual({
      code: 'VALIDATION',
      message: 'from: must be before to',
    });
    expect((await report(operatorKey, '?from=2020-01-01&groupBy=hour')).statusCode).toBe(400);
    const week = await report(operatorKey);
    expect(week.json().buckets).toHaveLength(7);
  });
});
