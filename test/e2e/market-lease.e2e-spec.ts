import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { AddAccountFunds } from '../../src/application/commerce/operator-commerce.commands';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { freshName, Holder, newHolder } from '../support/market';
import { ReceivedMail, SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;

/** A mail's text with its quoted-printable soft line breaks undone. */
const textOf = (mail: ReceivedMail): string => mail.raw.replace(/=\r?\n/g, '');

type Lessee = Agent & { contactId: string };

/**
 * Issue 27's lease to own, by the registry's clock: the lessee runs the name from the first payment, the monthly
 * payments are taken as the months pass, and the last one makes the lessee the registrant; a payment still missed
 * after its tries ends the lease and the name goes back to the seller.
 */
describe('the marketplace: lease to own', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;
  let pool: Pool;

  beforeEach(async () => {
    await inbox.start();
    // each test moves the registry clock: a service of its own
    subject = await createTestApp({ env: { SMTP_URL: inbox.url } });
    pool = new Pool({ connectionString: subject.databaseUrl, max: 1 });
  });
  afterEach(async () => {
    await pool.end();
    await subject.close();
    await inbox.stop();
  });

  const listedForLease = async (): Promise<Holder> => {
    const seller = await newHolder(subject, [freshName('lease')]);
    const reply = await seller.action('svc_listing_create', {
      domains: [
        {
          domainName: seller.names[0],
          priceInCents: 120_000,
          leaseToOwnOptions: { type: 'equal_installments', maxTermLength: 12 },
        },
      ],
    });
    expect(reply.body.results[0].success).toBe(true);
    return seller;
  };
  const newLessee = async (): Promise<Lessee> => {
    const agent = await newAgent(subject);
    const created = await agent.action('svc_contact_create', { ...ADA_CONTACT, firstName: 'Lena' });
    await subject.settled();
    return { ...agent, contactId: created.body.contact.id };
  };
  const advance = async (days: number) => {
    await subject.app.get(SandboxRegistry).advanceClock(days * DAY);
    await subject.settled();
  };
  const charged = async (agent: Agent) =>
    (
      await pool.query(
        "select amount_cents::int from sandbox_payments where customer_id = $1 and status = 'SUCCEEDED' order by created_at",
        [agent.accountId],
      )
    ).rows.map((row: { amount_cents: number }) => row.amount_cents);
  const balanceOf = async (agent: Agent) =>
    (await agent.action('svc_cart_get_payment_methods')).body.accountBalance.amount as number;
  const holds = async (agent: Agent, name: string) =>
    (await agent.action('svc_portfolio_list', { searchTerm: name })).body.domains.some(
      (domain: { name: string }) => domain.name === name,
    );
  const contactsOf = async (name: string) => (await subject.app.get(SandboxRegistry).info(name))?.contacts;

  it('runs a lease to its last payment: the lessee uses the name at once and owns it at the end', async () => {
    const seller = await listedForLease();
    const [name] = seller.names;
    const registrant = (await contactsOf(name))!.registrant;
    const lessee = await newLessee();

    const added = await lessee.action('svc_cart_add_domain_listed', {
      domains: [{ name, leaseToOwnOptions: { type: 'equal_installments', termLength: 3 } }],
    });
    expect(added.body.addedProducts[0]).toMatchObject({
      purchaseType: 'lease_to_own',
      listingPrice: '$1,200.00',
      dueNow: '$400.00',
      monthlyPayment: '$400.00',
      termLength: 3,
    });
    const checkout = await lessee.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' });
    expect(checkout.body.success).toBe(true);
    await subject.settled();

    // from the first payment: the lessee runs the name; the seller stays its registrant
    expect(await holds(lessee, name)).toBe(true);
    expect(await holds(seller, name)).toBe(false);
    expect(await contactsOf(name)).toMatchObject({ registrant, admin: lessee.contactId, tech: lessee.contactId });
    expect(await balanceOf(seller)).toBe(36_000);
    // locked while leased
    const relist = await lessee.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 1 }] });
    expect(relist.body.results[0].error).toBe(`${name} is leased to its buyer: it can be listed when the lease ends`);

    await advance(30);
    expect(await balanceOf(seller)).toBe(72_000);
    await advance(30);
    // VAT 20% on the first payment at checkout; the monthly payments are the plan's
    expect(await charged(lessee)).toEqual([48_000, 40_000, 40_000]);
    expect(await balanceOf(seller)).toBe(108_000);
    expect(await contactsOf(name)).toMatchObject({ registrant: lessee.contactId });
    expect(await holds(lessee, name)).toBe(true);
    const listed = await lessee.action('svc_listing_create', {
      domains: [{ domainName: name, priceInCents: 500_000 }],
    });
    expect(listed.body.results[0].success).toBe(true);
    // nothing more is taken
    await advance(40);
    expect(await charged(lessee)).toHaveLength(3);
  });

  it('ends a lease whose payment is still missed after its tries: the name goes back to the seller', async () => {
    const seller = await listedForLease();
    const [name] = seller.names;
    const registrant = (await contactsOf(name))!.registrant;
    const lessee = await newLessee();
    // the first payment from the balance: no card to take the next ones with
    await subject.app
      .get(CommandBus)
      .execute(new AddAccountFunds(lessee.accountId, randomUUID(), 'BALANCE', 100_000, 'test'));
    await lessee.action('svc_cart_add_domain_listed', {
      domains: [{ name, leaseToOwnOptions: { type: 'equal_installments', termLength: 12 } }],
    });
    expect((await lessee.action('svc_cart_checkout', {})).body.success).toBe(true);
    await subject.settled();
    expect(await holds(lessee, name)).toBe(true);

    await advance(30);
    const first = await inbox.mailTo(lessee.email, (mail) => mail.subject.includes('could not take a payment'));
    expect(textOf(first)).toContain('Payment 2 of 12 ($100.00)');
    expect(textOf(first)).toContain('no card on file');
    await advance(3);
    await advance(4);
    const last = await inbox.mailTo(lessee.email, (mail) => mail.subject === `Your lease of ${name} has ended`);
    expect(textOf(last)).toContain('goes back to its seller');

    expect(await holds(lessee, name)).toBe(false);
    expect(await holds(seller, name)).toBe(true);
    expect(await contactsOf(name)).toMatchObject({ registrant, admin: registrant, tech: registrant });
    // the seller keeps the first payment, and may list the name again
    expect(await balanceOf(seller)).toBe(9_000);
    const again = await seller.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 1_000 }] });
    expect(again.body.results[0].success).toBe(true);
  });
});
