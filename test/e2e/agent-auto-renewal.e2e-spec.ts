import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { AddAccountFunds } from '../../src/application/commerce/operator-commerce.commands';
import { RegisterDnsDomain } from '../../src/application/dns-domains/register-domain.command';
import { EventStore } from '../../src/application/shared/event-store.port';
import { accountStream } from '../../src/domain/identity/account';
import { storedNameOf } from '../../src/domain/shared/names';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { ReceivedMail, SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;

/** A mail's text with its quoted-printable soft line breaks undone. */
const textOf = (mail: ReceivedMail): string => mail.raw.replace(/=\r?\n/g, '');

type Holder = Agent & { name: string; email: string };

/**
 * Issue 26's auto-renewal: a name renews itself AUTO_RENEWAL_LEAD_DAYS before it expires as the registry clock
 * passes, paid once; one that cannot be paid is tried again and the user mailed, up to the last try.
 */
describe('surface A: auto-renewal', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;
  let pool: Pool;

  beforeEach(async () => {
    await inbox.start();
    // each test moves the registry clock: a service of its own
    subject = await createTestApp({ env: { SMTP_URL: inbox.url, AUTO_RENEWAL_LEAD_DAYS: '30' } });
    pool = new Pool({ connectionString: subject.databaseUrl, max: 1 });
  });
  afterEach(async () => {
    await pool.end();
    await subject.close();
    await inbox.stop();
  });

  /** A user holding a name registered for a year, with a contact in Great Britain (VAT 20%). */
  const newHolder = async (): Promise<Holder> => {
    const agent = await newAgent(subject);
    const created = await agent.action('svc_contact_create', ADA_CONTACT);
    const name = `renew-${randomUUID().slice(0, 8)}.com`;
    await subject.app
      .get(CommandBus)
      .execute(
        new RegisterDnsDomain(
          agent.accountId,
          storedNameOf(name),
          { contactId: created.body.contact.id },
          { years: 1, contacts: {}, authorizationCode: undefined, flags: {}, zone: {} },
          false,
        ),
      );
    await subject.settled();
    const [opened] = await subject.app.get(EventStore).readStream(accountStream(agent.accountId));
    return { ...agent, name, email: (opened.data as { email: string }).email };
  };
  const expiryOf = async (holder: Holder) =>
    (await holder.action('svc_domain_get', { domains: [holder.name] })).body.domains[0].expiresAt as string;
  const advance = async (days: number) => {
    await subject.app.get(SandboxRegistry).advanceClock(days * DAY);
    await subject.settled();
  };
  const paymentsOf = async (holder: Agent) =>
    (
      await pool.query('select amount_cents::int, status from sandbox_payments where customer_id = $1', [
        holder.accountId,
      ])
    ).rows;

  it('renews a name before it expires, once, paid from the balance', async () => {
    const holder = await newHolder();
    await subject.app
      .get(CommandBus)
      .execute(new AddAccountFunds(holder.accountId, randomUUID(), 'BALANCE', 10_000, 'top-up'));
    const enabled = await holder.action('svc_domain_auto_renewal_update', {
      action: 'enable',
      domains: [{ name: holder.name }, { name: 'not-mine.com' }],
    });
    expect(enabled.body).toEqual({
      results: [
        { domain: holder.name, success: true },
        { domain: 'not-mine.com', success: false, error: 'not-mine.com is not one of your domains' },
      ],
      successCount: 1,
      failureCount: 1,
    });
    await subject.settled();
    const listed = await holder.action('svc_portfolio_list', { autoRenewal: 'true' });
    expect(listed.body.domains).toEqual([
      expect.objectContaining({ name: holder.name, autoRenewal: { status: 'enabled', expiresAt: expect.any(String) } }),
    ]);
    expect((await holder.action('svc_portfolio_list', { autoRenewal: 'false' })).body.domains).toEqual([]);
    const before = await expiryOf(holder);

    // 40 days before expiry: not yet due
    await advance(365 - 40);
    expect(await expiryOf(holder)).toBe(before);
    // 29 days before: renewed for a year, 14.99 and 20% VAT from the balance
    await advance(11);
    const after = await expiryOf(holder);
    expect(new Date(after).getUTCFullYear() - new Date(before).getUTCFullYear()).toBe(1);
    const methods = (await holder.action('svc_cart_get_payment_methods')).body;
    expect(methods.accountBalance.amount).toBe(10_000 - 1499 - 300);
    // the clock moving on within the same term renews nothing more
    await advance(2);
    expect(await expiryOf(holder)).toBe(after);
    expect((await holder.action('svc_cart_get_payment_methods')).body.accountBalance.amount).toBe(10_000 - 1799);
    expect(await paymentsOf(holder)).toEqual([]);
  });

  it('charges the chosen card when the balance does not cover it', async () => {
    const holder = await newHolder();
    await holder.action('svc_domain_auto_renewal_update', {
      action: 'enable',
      domains: [{ name: holder.name }],
      paymentMethodId: 'pm_card_visa',
    });
    await subject.settled();
    const before = await expiryOf(holder);
    await advance(365 - 10);
    expect(new Date(await expiryOf(holder)).getUTCFullYear() - new Date(before).getUTCFullYear()).toBe(1);
    expect(await paymentsOf(holder)).toEqual([{ amount_cents: 1799, status: 'SUCCEEDED' }]);
  });

  it('tries again when it cannot be paid, mailing the user each time, and gives up after the last try', async () => {
    const holder = await newHolder();
    await holder.action('svc_domain_auto_renewal_update', {
      action: 'enable',
      domains: [{ name: holder.name }],
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    await subject.settled();
    const before = await expiryOf(holder);
    await advance(365 - 10);
    const first = await inbox.mailTo(holder.email, (mail) => mail.subject === `We could not renew ${holder.name}`);
    expect(textOf(first)).toMatch(/the card was declined \(generic_decline\)/);
    expect(textOf(first)).toMatch(/We will try again on/);
    await advance(1);
    await advance(1);
    expect((await paymentsOf(holder)).map((payment) => payment.status)).toEqual(['DECLINED', 'DECLINED', 'DECLINED']);
    const mails = inbox.mails.filter((mail) => mail.to.includes(holder.email) && mail.subject.startsWith('We could'));
    expect(mails).toHaveLength(3);
    expect(textOf(mails[2])).toMatch(/This was the last try/);
    // given up for this term: no fourth try
    await advance(1);
    expect(await paymentsOf(holder)).toHaveLength(3);
    expect(await expiryOf(holder)).toBe(before);
  });

  it('renews nothing once it is turned off', async () => {
    const holder = await newHolder();
    await subject.app
      .get(CommandBus)
      .execute(new AddAccountFunds(holder.accountId, randomUUID(), 'BALANCE', 10_000, 'top-up'));
    for (const action of ['enable', 'disable'])
      await holder.action('svc_domain_auto_renewal_update', { action, domains: [{ name: holder.name }] });
    await subject.settled();
    expect((await holder.action('svc_portfolio_list', { autoRenewal: 'false' })).body.domains).toHaveLength(1);
    const before = await expiryOf(holder);
    await advance(365 - 10);
    expect(await expiryOf(holder)).toBe(before);
    expect((await holder.action('svc_cart_get_payment_methods')).body.accountBalance.amount).toBe(10_000);
  });
});
