import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { AddAccountFunds } from '../../src/application/commerce/operator-commerce.commands';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { ADA_CONTACT } from '../support/contacts';
import { eventually } from '../support/eventually';
import { codeOf, SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;

/**
 * Issue 26's proof, end to end as an agent would go: a person signs up (surface B), the agent searches, buys a
 * registration with the account balance, renews it with a card, buys a name an external marketplace sells with
 * both, sees the names in the portfolio, and turns auto-renewal on, which renews the name once as the registry's
 * clock passes.
 */
describe('an agent buying and keeping domains for a person', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;
  let pool: Pool;

  beforeAll(async () => {
    await inbox.start();
    subject = await createTestApp({ env: { SMTP_URL: inbox.url, RESELLER_TRANSFER_POLL_MS: '20' } });
    pool = new Pool({ connectionString: subject.databaseUrl, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await subject.close();
    await inbox.stop();
  });

  it('signs up, searches, checks out with balance, card and both, and auto-renews once', async () => {
    // surface B: signup with an emailed code, then an access token the agent acts with
    const email = `journey-${randomUUID().slice(0, 8)}@example.com`;
    const post = (url: string, payload: object) => subject.app.inject({ method: 'POST', url, payload });
    const started = (await post('/api/oauth/signup', { email, password: 'Journey-pass-1!' })).json();
    const mail = await inbox.mailTo(email);
    const tokens = (
      await post('/api/oauth/signup/verify', {
        signup_session_token: started.signup_session_token,
        verification_code: codeOf(mail),
      })
    ).json();
    const act = async (action: string, body: object = {}) => {
      const response = await subject.app.inject({
        method: 'POST',
        url: `/mcp/v1/actions/${action}`,
        headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect([action, response.statusCode]).toEqual([action, 200]);
      return response.json();
    };
    const balance = async () => (await act('svc_cart_get_payment_methods')).accountBalance.amount as number;
    const payments = async () =>
      (
        await pool.query(
          "select amount_cents::int from sandbox_payments where status = 'SUCCEEDED' order by created_at",
        )
      ).rows.map((row) => row.amount_cents as number);
    await act('svc_contact_create', ADA_CONTACT);
    await subject.settled();
    const accountId = (
      await pool.query('select stream_id from events where type = $1 and data->>$2 = $3', [
        'AccountOpened',
        'email',
        email,
      ])
    ).rows[0]?.stream_id?.replace(/^account-/, '');

    // search, and a registration paid from the balance the operator put in
    const label = `journey${randomUUID().slice(0, 6)}`;
    const search = await act('svc_domains_search', { query: label, tlds: ['com'] });
    const found = search.results.find((result: { name: string }) => result.name === `${label}.com`);
    expect(found).toMatchObject({ available: true, marketplace: { source: 'service' }, pricing: { amount: 1299 } });
    await subject.app.get(CommandBus).execute(new AddAccountFunds(accountId, randomUUID(), 'BALANCE', 2000, 'top-up'));
    await act('svc_cart_add_domain_registration', { domains: [{ name: found.name }] });
    // 12.99 and 20% VAT: 15.59, all of it from the balance
    expect(await act('svc_cart_checkout', {})).toMatchObject({
      success: true,
      summary: { totalCharged: 0, creditsUsed: 1559 },
    });
    await subject.settled();
    expect(await balance()).toBe(2000 - 1559);

    // a renewal of it, by card alone
    await act('svc_cart_add_domain_renewal', { domains: [{ name: found.name }] });
    expect(await act('svc_cart_checkout', { paymentMethodId: 'pm_card_visa', useAccountBalance: false })).toMatchObject(
      {
        success: true,
        summary: { creditsUsed: 0, totalCharged: 1799 },
      },
    );
    await subject.settled();

    // a name sold on extmarket_a: the balance left, then the card
    await act('svc_cart_add_domain_extmarket_a', { domains: [{ name: 'coffeeshop.net' }] });
    const [card] = (await act('svc_cart_get_payment_methods')).savedCards;
    // 890.00 and 20% VAT: 1,068.00, of which 4.41 from the balance
    expect(await act('svc_cart_checkout', { paymentMethodId: card.id })).toMatchObject({
      success: true,
      summary: { creditsUsed: 441, totalCharged: 106_800 - 441 },
    });
    expect(await balance()).toBe(0);

    // both names are the person's: the registration at once, the purchase once its transfer is approved
    const registry = subject.app.get(SandboxRegistry);
    await registry.advanceClock(5 * DAY);
    await eventually(async () => {
      const { domains } = await act('svc_portfolio_list', { orderBy: 'name' });
      expect(
        domains.map((domain: { name: string; transferStatus: string }) => [domain.name, domain.transferStatus]),
      ).toEqual([
        ['coffeeshop.net', 'none'],
        [found.name, 'none'],
      ]);
    });
    await subject.settled();

    // auto-renewal: renewed once, when the registry's clock passes into its last 30 days
    const [before] = (await act('svc_domain_get', { domains: [found.name] })).domains;
    expect(
      await act('svc_domain_auto_renewal_update', { action: 'enable', domains: [{ name: found.name }] }),
    ).toMatchObject({ successCount: 1 });
    await subject.settled();
    const daysLeft = Math.floor((Date.parse(before.expiresAt) - (await registry.now())) / DAY);
    await registry.advanceClock((daysLeft - 20) * DAY);
    await subject.settled();
    await registry.advanceClock(DAY);
    await subject.settled();
    const [after] = (await act('svc_domain_get', { domains: [found.name] })).domains;
    expect(new Date(after.expiresAt).getUTCFullYear() - new Date(before.expiresAt).getUTCFullYear()).toBe(1);
    expect(await payments()).toEqual([1799, 106_800 - 441, 1799]);
  });
});
