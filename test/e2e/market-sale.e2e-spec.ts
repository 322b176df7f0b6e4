import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { AddAccountFunds } from '../../src/application/commerce/operator-commerce.commands';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { freshName, Holder, newHolder } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

type Buyer = Agent & { contactId: string };

/**
 * Issue 27's sales: a name listed by one user is bought by another through the cart and checkout. The buyer is
 * charged once, the name changes registrant at the registry and moves between the portfolios, the seller is credited
 * the price less the commission, and the listing closes; a listing only one buyer can pay for.
 */
describe('the marketplace: buying a listed name', () => {
  let subject: TestApp;
  let pool: Pool;
  let reseller: Partner;

  beforeAll(async () => {
    subject = await createTestApp();
    pool = new Pool({ connectionString: subject.databaseUrl, max: 2 });
    reseller = await newReseller(subject);
  });
  afterAll(async () => {
    await pool.end();
    await subject.close();
  });

  const newBuyer = async (): Promise<Buyer> => {
    const agent = await newAgent(subject);
    const created = await agent.action('svc_contact_create', { ...ADA_CONTACT, firstName: 'Grace' });
    await subject.settled();
    return { ...agent, contactId: created.body.contact.id };
  };
  const listed = async (price: number, more: Record<string, unknown> = {}): Promise<Holder & { listingId: number }> => {
    const seller = await newHolder(subject, [freshName('forsale')]);
    const reply = await seller.action('svc_listing_create', {
      domains: [{ domainName: seller.names[0], priceInCents: price, ...more }],
    });
    expect(reply.body.results[0].success).toBe(true);
    return { ...seller, listingId: reply.body.results[0].listingId };
  };
  const charges = async (agent: Agent) =>
    (
      await pool.query('select amount_cents::int from sandbox_payments where customer_id = $1 and status = $2', [
        agent.accountId,
        'SUCCEEDED',
      ])
    ).rows.map((row: { amount_cents: number }) => row.amount_cents);
  const balanceOf = async (agent: Agent) =>
    (await agent.action('svc_cart_get_payment_methods')).body.accountBalance.amount as number;
  const portfolioNames = async (agent: Agent) =>
    (await agent.action('svc_portfolio_list', {})).body.domains.map((domain: { name: string }) => domain.name);

  it('sells a listed name to a buyer who pays by card: registrant, portfolios, proceeds and listing all follow', async () => {
    const seller = await listed(250_000);
    const [name] = seller.names;
    const buyer = await newBuyer();

    const added = await buyer.action('svc_cart_add_domain_listed', { domains: [{ name }] });
    expect(added.body).toMatchObject({
      successCount: 1,
      addedProducts: [
        {
          domain: name,
          success: true,
          purchaseType: 'buy_now',
          listingPrice: '$2,500.00',
          listingPriceCents: 250_000,
          dueNow: '$2,500.00',
        },
      ],
    });
    const cart = await buyer.action('svc_cart_get', {});
    expect(cart.body.items[0]).toMatchObject({ domain: name, productType: 'DomainListed', price: 250_000 });

    const checkout = await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' });
    expect(checkout.body).toMatchObject({
      success: true,
      operations: [{ domain: name, type: 'marketplace purchase' }],
    });
    await subject.settled();

    // VAT 20% on the buyer's side: the seller's price is the listing's
    expect(await charges(buyer)).toEqual([300_000]);
    expect(await portfolioNames(buyer)).toContain(name);
    expect(await portfolioNames(seller)).not.toContain(name);
    const info = await subject.app.get(SandboxRegistry).info(name);
    expect(info?.contacts).toMatchObject({
      registrant: buyer.contactId,
      admin: buyer.contactId,
      tech: buyer.contactId,
    });
    // the operator keeps 10% (MARKETPLACE_COMMISSION_BPS)
    expect(await balanceOf(seller)).toBe(225_000);
    expect((await buyer.action('svc_domains_search', { query: name })).body.results[0].marketplace.status).toBe(
      'registered-not-for-sale',
    );
    expect((await reseller.call('GET', `/marketplace/domains/listings?q=${name}`)).body.items).toEqual([]);
    const gone = await seller.action('svc_listing_cancel', { listingIds: [seller.listingId] });
    expect(gone.body.results[0]).toMatchObject({ success: false });
    // the buyer holds it now: the buyer may list it, the seller may not
    const relist = await seller.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 1 }] });
    expect(relist.body.results[0].error).toBe(`${name} is not one of your domains`);
    const own = await buyer.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 400_000 }] });
    expect(own.body.results[0].success).toBe(true);
    const detail = await buyer.action('svc_domain_get', { domains: [name] });
    expect(detail.body.domains[0]).toMatchObject({ found: true, dns: { nameservers: { status: 'default' } } });
  });

  it('lets one of two buyers paying at once have the name, charging only that one', async () => {
    const seller = await listed(90_000);
    const [name] = seller.names;
    const [first, second] = await Promise.all([newBuyer(), newBuyer()]);
    for (const buyer of [first, second])
      expect((await buyer.action('svc_cart_add_domain_listed', { domains: [{ name }] })).body.successCount).toBe(1);

    const answers = await Promise.all(
      [first, second].map((buyer) => buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' })),
    );
    await subject.settled();
    const won = answers.filter((answer) => answer.status === 200 && answer.body.success === true);
    expect(won).toHaveLength(1);
    const lost = answers.find((answer) => answer !== won[0])!;
    expect(JSON.stringify(lost.body)).toContain('being bought by another buyer');
    const winner = won[0] === answers[0] ? first : second;
    const loser = winner === first ? second : first;
    expect([...(await charges(winner)), ...(await charges(loser))]).toEqual([108_000]);
    expect(await portfolioNames(winner)).toContain(name);
    expect(await portfolioNames(loser)).not.toContain(name);
    // the loser's cart still holds the line, which cannot be bought now
    const cart = await loser.action('svc_cart_get', {});
    expect(cart.body.items[0]).toMatchObject({ domain: name, available: false });
  });

  it('opens the listing to others again when the card is declined', async () => {
    const seller = await listed(50_000);
    const [name] = seller.names;
    const [declined, other] = await Promise.all([newBuyer(), newBuyer()]);
    await declined.action('svc_cart_add_domain_listed', { domains: [{ name }] });
    const refused = await declined.action('svc_cart_checkout', { paymentMethodId: 'pm_card_chargeDeclined' });
    expect(refused.body).toMatchObject({ success: false });
    await other.action('svc_cart_add_domain_listed', { domains: [{ name }] });
    const paid = await other.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' });
    expect(paid.body.success).toBe(true);
    await subject.settled();
    expect(await portfolioNames(other)).toContain(name);
  });

  it('refuses what cannot be bought: an offers-only listing, a cancelled or expired one, and the seller buying its own', async () => {
    const offersOnly = await listed(0);
    const cancelled = await listed(1_000);
    await cancelled.action('svc_listing_cancel', { listingIds: [cancelled.listingId] });
    const expiring = await listed(1_000, { expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    const buyer = await newBuyer();
    await subject.app
      .get(CommandBus)
      .execute(new AddAccountFunds(buyer.accountId, randomUUID(), 'BALANCE', 1_000_000, 'test'));
    const reply = await buyer.action('svc_cart_add_domain_listed', {
      domains: [{ name: offersOnly.names[0] }, { name: cancelled.names[0] }, { name: 'not a name' }],
    });
    expect(reply.body.addedProducts.map((product: { error?: string }) => product.error)).toEqual([
      `${offersOnly.names[0]} is listed for offers only: make an offer with svc_offer_create`,
      `${cancelled.names[0]} is not listed for sale on the marketplace`,
      expect.stringContaining('is not a domain name'),
    ]);
    const own = await offersOnly.action('svc_cart_add_domain_listed', { domains: [{ name: offersOnly.names[0] }] });
    expect(own.body.addedProducts[0].error).toBe(`${offersOnly.names[0]} is your own listing`);

    // in the cart while listed, then ended by the clock before checkout: refused, nothing spent
    expect(
      (await buyer.action('svc_cart_add_domain_listed', { domains: [{ name: expiring.names[0] }] })).body.successCount,
    ).toBe(1);
    await subject.app.get(SandboxRegistry).advanceClock(3 * 86_400_000);
    const checkout = await buyer.action('svc_cart_checkout', {});
    expect(JSON.stringify(checkout.body)).toContain(`${expiring.names[0]} is not listed for sale on the marketplace`);
    expect(await balanceOf(buyer)).toBe(1_000_000);
    expect(await portfolioNames(expiring)).toContain(expiring.names[0]);
  });
});
