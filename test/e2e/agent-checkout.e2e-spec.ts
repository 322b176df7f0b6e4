import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { AddAccountFunds, CreatePromoCode } from '../../src/application/commerce/operator-commerce.commands';
import { newContactWrite } from '../../src/application/dns-domains/create-contact.command';
import { RegisterDnsDomain } from '../../src/application/dns-domains/register-domain.command';
import { SecretBox } from '../../src/application/identity/identity.ports';
import { EventStore } from '../../src/application/shared/event-store.port';
import { transact } from '../../src/application/shared/handle-command';
import { newId } from '../../src/domain/shared/ids';
import { storedNameOf } from '../../src/domain/shared/names';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { registeredElsewhere } from '../support/registries';
import { eventually } from '../support/eventually';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { createTestApp, TestApp } from '../support/test-app';

const fresh = (tld = 'com') => `buy-${randomUUID().slice(0, 8)}.${tld}`;

type Buyer = Agent & { contactId: string };

describe('surface A: checkout (issue 26)', () => {
  let subject: TestApp;
  let commands: CommandBus;
  let pool: Pool;

  beforeAll(async () => {
    subject = await createTestApp({ env: { RESELLER_TRANSFER_POLL_MS: '20' } });
    commands = subject.app.get(CommandBus);
    pool = new Pool({ connectionString: subject.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await subject.close();
  });

  /** A user whose latest contact is in Great Britain (VAT 20%). */
  const newBuyer = async (on: TestApp = subject): Promise<Buyer> => {
    const agent = await newAgent(on);
    const created = await agent.action('svc_contact_create', ADA_CONTACT);
    await on.settled();
    return { ...agent, contactId: created.body.contact.id };
  };
  const fund = (buyer: Agent, pot: 'BALANCE' | 'PROMO_CREDITS', cents: number) =>
    commands.execute(new AddAccountFunds(buyer.accountId, randomUUID(), pot, cents, 'test grant'));
  const payments = async (buyer: Agent) =>
    (await pool.query('select amount_cents::int from sandbox_payments where customer_id = $1', [buyer.accountId])).rows;
  const methods = async (buyer: Agent) => (await buyer.action('svc_cart_get_payment_methods')).body;
  const portfolioNames = async (buyer: Agent) =>
    (await buyer.action('svc_portfolio_list', { orderBy: 'name' })).body.domains.map(
      (domain: { name: string }) => domain.name,
    );

  it("buys a registration with the account balance: the name is the user's once its operation completes", async () => {
    const buyer = await newBuyer();
    await fund(buyer, 'BALANCE', 5000);
    const name = fresh();
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name, quantity: 2 }] });
    const checkout = await buyer.action('svc_cart_checkout', {});
    // 2 x 12.99 = 25.98, VAT 20% 5.20: 31.18 from the balance
    expect(checkout).toMatchObject({
      status: 200,
      body: {
        success: true,
        orderId: expect.any(Number),
        orderReference: expect.stringMatching(/^ord-/),
        status: 'PAID',
        summary: {
          itemCount: 1,
          domains: [name],
          subtotal: 2598,
          salesTax: 520,
          creditsUsed: 3118,
          totalCharged: 0,
          totalChargedFormatted: '$0.00',
          paymentMethod: 'account balance',
        },
        operations: [{ id: expect.stringMatching(/^op-/), domain: name, type: 'registration' }],
        lines: [{ productId: 1, domain: name, status: 'DELIVERING' }],
        nextAction: expect.stringContaining('svc_domain_get'),
        sandbox: true,
      },
    });
    await subject.settled();
    expect(await portfolioNames(buyer)).toEqual([name]);
    const [detail] = (await buyer.action('svc_domain_get', { domains: [name] })).body.domains;
    expect(detail).toMatchObject({ found: true, purchasedAt: expect.any(String), pendingOperations: [] });
    expect(new Date(detail.expiresAt).getUTCFullYear() - new Date(detail.purchasedAt).getUTCFullYear()).toBe(2);
    expect((await buyer.action('svc_cart_get')).body.items).toEqual([]);
    expect((await methods(buyer)).accountBalance).toMatchObject({ amount: 5000 - 3118 });
    expect(await payments(buyer)).toEqual([]);
    // the order's history: placed, paid, its line started and delivered (issue 29's agent extension)
    const history = await buyer.action('svc_history_get', { subject: 'order', id: checkout.body.orderReference });
    expect(history.body.events.map((event: { type: string }) => event.type)).toEqual(
      expect.arrayContaining(['OrderPlaced', 'OrderPaid', 'OrderLineStarted', 'OrderLineDelivered']),
    );
    const stranger = await newAgent(subject);
    const refused = await stranger.action('svc_history_get', { subject: 'order', id: checkout.body.orderReference });
    expect(refused.status).toBe(404);
    // told exactly as of an order that never was: the same answer with the other id
    const unknown = `ord-${randomUUID()}`;
    const none = await stranger.action('svc_history_get', { subject: 'order', id: unknown });
    expect({ status: none.status, body: JSON.parse(JSON.stringify(none.body).replaceAll(unknown, 'ID')) }).toEqual({
      status: refused.status,
      body: JSON.parse(JSON.stringify(refused.body).replaceAll(checkout.body.orderReference, 'ID')),
    });
  });

  it('delivers to a contact made a moment before, whose own creation at the registry has not run yet', async () => {
    const buyer = await newAgent(subject);
    // the contact as its command stores it, its CONTACT_CREATE still to run (a busy or stopped worker)
    const contactId = newId('contact');
    await transact(subject.app.get(EventStore), {}, async (streams) => ({
      writes: [
        await newContactWrite(streams, subject.app.get(SecretBox), {
          contactId,
          accountId: buyer.accountId,
          details: { ...ADA_CONTACT, organization: null },
          at: Date.now(),
        }),
      ],
      result: null,
    }));
    await fund(buyer, 'BALANCE', 5000);
    const name = fresh();
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name }] });
    expect((await buyer.action('svc_cart_checkout', { contactId })).body).toMatchObject({ success: true });
    await subject.settled();
    expect(await portfolioNames(buyer)).toEqual([name]);
    const registry = subject.app.get(SandboxRegistry);
    expect((await registry.info(name))?.contacts).toMatchObject({ registrant: contactId });
  });

  it('buys with a card given as a sandbox test PaymentMethod, saved for the next time, and renews a name held', async () => {
    const buyer = await newBuyer();
    const held = fresh('net');
    await commands.execute(
      new RegisterDnsDomain(
        buyer.accountId,
        storedNameOf(held),
        { contactId: buyer.contactId },
        { years: 1, contacts: {}, authorizationCode: undefined, flags: {}, zone: {} },
        false,
      ),
    );
    await subject.settled();
    const expiryBefore = (await buyer.action('svc_domain_get', { domains: [held] })).body.domains[0].expiresAt;
    const name = fresh('org');
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name }] });
    await buyer.action('svc_cart_add_domain_renewal', { domains: [{ name: held, quantity: 3 }] });
    const checkout = await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' });
    // 10.99 + 3 x 15.99 = 58.96, VAT 11.79: 70.75 by card
    expect(checkout.body).toMatchObject({
      success: true,
      paymentReference: expect.stringMatching(/^pi_sbx_/),
      summary: {
        subtotal: 5896,
        salesTax: 1179,
        creditsUsed: 0,
        totalCharged: 7075,
        paymentMethod: 'visa ending 4242',
      },
      operations: [
        { domain: name, type: 'registration' },
        { domain: held, type: 'renewal' },
      ],
    });
    expect(await payments(buyer)).toEqual([{ amount_cents: 7075 }]);
    await subject.settled();
    expect(await portfolioNames(buyer)).toEqual([held, name].sort());
    const expiryAfter = (await buyer.action('svc_domain_get', { domains: [held] })).body.domains[0].expiresAt;
    expect(new Date(expiryAfter).getUTCFullYear() - new Date(expiryBefore).getUTCFullYear()).toBe(3);
    const { savedCards } = await methods(buyer);
    expect(savedCards).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^pm_sbx_/), brand: 'visa', last4: '4242', isDefault: true }),
    ]);
  });

  it('buys a name an external marketplace sells: bought from its seller, then transferred in days later', async () => {
    const buyer = await newBuyer();
    await buyer.action('svc_cart_add_domain_extmarket_b', { domains: [{ name: 'brightpath.io' }] });
    const checkout = await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' });
    // 1,200.00 and 20% VAT
    expect(checkout.body).toMatchObject({
      success: true,
      summary: { totalCharged: 144_000 },
      operations: [{ domain: 'brightpath.io', type: 'extmarket_b purchase' }],
      lines: [{ status: 'DELIVERING' }],
    });
    // sold: no longer for sale, to anyone
    const search = await buyer.action('svc_domains_search', { query: 'brightpath.io' });
    expect(search.body.results[0]).toMatchObject({ available: false });
    // a read model: it shows the name once it caught up (the transfer keeps the workers busy, so nothing settles)
    await eventually(async () => {
      const [inbound] = (await buyer.action('svc_domain_get', { domains: ['brightpath.io'] })).body.domains;
      expect(inbound).toMatchObject({ found: true, transferStatus: 'inbound', pendingOperations: [expect.anything()] });
    });
    // the seller's registrar lets it go when the registry approves the transfer, five days on
    await subject.app.get(SandboxRegistry).advanceClock(5 * 86_400_000);
    await eventually(async () => {
      const [arrived] = (await buyer.action('svc_domain_get', { domains: ['brightpath.io'] })).body.domains;
      expect(arrived).toMatchObject({ transferStatus: 'none', purchasedAt: expect.any(String), pendingOperations: [] });
    });
    expect(await payments(buyer)).toEqual([{ amount_cents: 144_000 }]);
  });

  it('pays with the balance, then promo credits, then the card, each for its part', async () => {
    const buyer = await newBuyer();
    await fund(buyer, 'BALANCE', 500);
    await fund(buyer, 'PROMO_CREDITS', 300);
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: fresh() }] });
    const checkout = await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_mastercard' });
    // 12.99 + 2.60 VAT = 15.59: 5.00 balance, 3.00 credits, 7.59 card
    expect(checkout.body.summary).toMatchObject({
      creditsUsed: 800,
      totalCharged: 759,
      paymentMethod: 'mastercard ending 4444',
    });
    expect(await payments(buyer)).toEqual([{ amount_cents: 759 }]);
    expect(await methods(buyer)).toMatchObject({ accountBalance: { amount: 0 }, promoCredits: { amount: 0 } });
  });

  it('leaves cart, balance, credits and the promo code untouched when the card is declined', async () => {
    const buyer = await newBuyer();
    await fund(buyer, 'BALANCE', 400);
    const code = `ONCE${randomUUID().slice(0, 6).toUpperCase()}`;
    await commands.execute(
      new CreatePromoCode({
        code,
        title: 'One use',
        off: { fixedCents: 100 },
        kinds: [],
        minimumSpendCents: 0,
        expiresAt: null,
        usesPerAccount: 1,
        usesInAll: 1,
      }),
    );
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: fresh() }] });
    const cartBefore = (await buyer.action('svc_cart_get')).body;
    const declined = await buyer.action('svc_cart_checkout', {
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
      discountCode: code,
    });
    expect(declined).toMatchObject({
      status: 200,
      body: { success: false, status: 'PAYMENT_FAILED', error: 'insufficient_funds', operations: [], sandbox: true },
    });
    expect(declined.body.nextAction).toMatch(/Nothing was charged/);
    expect((await buyer.action('svc_cart_get')).body).toEqual(cartBefore);
    expect((await methods(buyer)).accountBalance.amount).toBe(400);
    // the code's one use came back with the order that was not paid
    const paid = await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa', discountCode: code });
    expect(paid.body).toMatchObject({ success: true, summary: { discounts: 100 } });
  });

  it('asks for the person when the card needs authentication, charging nothing', async () => {
    const buyer = await newBuyer();
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: fresh() }] });
    const answer = await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_authenticationRequired' });
    expect(answer.body).toMatchObject({ success: false, error: 'authentication_required' });
    expect(answer.body.nextAction).toMatch(/svc_cart_get_url/);
    expect((await buyer.action('svc_cart_get')).body.itemCount).toBe(1);
  });

  it('charges once when one cart is checked out twice at the same moment', async () => {
    const buyer = await newBuyer();
    const name = fresh();
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name }] });
    const answers = await Promise.all([
      buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' }),
      buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' }),
    ]);
    const paid = answers.filter((answer) => answer.status === 200 && answer.body.success);
    expect(paid).toHaveLength(1);
    const other = answers.find((answer) => answer !== paid[0])!;
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.status).toBeLessThan(500);
    expect(await payments(buyer)).toEqual([{ amount_cents: 1559 }]);
    await subject.settled();
    expect(await portfolioNames(buyer)).toEqual([name]);
  });

  it('answers the same order to a request repeated with its Idempotency-Key, charging once', async () => {
    const buyer = await newBuyer();
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: fresh() }] });
    const send = () =>
      subject.app.inject({
        method: 'POST',
        url: '/mcp/v1/actions/svc_cart_checkout',
        headers: { authorization: `Bearer ${buyer.key}`, 'content-type': 'application/json', 'idempotency-key': 'k-1' },
        payload: JSON.stringify({ paymentMethodId: 'pm_card_visa' }),
      });
    const first = await send();
    const again = await send();
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await payments(buyer)).toHaveLength(1);
  });

  it('refuses what cannot be bought, without charging: no card for what is due, an empty cart, a name gone', async () => {
    const buyer = await newBuyer();
    expect(await buyer.action('svc_cart_checkout', {})).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: expect.stringMatching(/the cart is empty/) },
    });
    const name = fresh();
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name }] });
    expect(await buyer.action('svc_cart_checkout', {})).toMatchObject({
      status: 400,
      body: { message: 'paymentMethodId: 1559 cents are left to pay by card after the balance and credits' },
    });
    expect(await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_not_a_card' })).toMatchObject({
      status: 400,
      body: { message: 'paymentMethodId: pm_not_a_card is not a card of this account' },
    });
    const stranger = await newBuyer();
    expect(
      await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa', contactId: stranger.contactId }),
    ).toMatchObject({
      status: 400,
      body: { message: `contactId: ${stranger.contactId} is not a contact of this account` },
    });
    const rival = await newBuyer();
    await commands.execute(
      new RegisterDnsDomain(
        rival.accountId,
        storedNameOf(name),
        { contactId: rival.contactId },
        { years: 1, contacts: {}, authorizationCode: undefined, flags: {}, zone: {} },
        false,
      ),
    );
    await subject.settled();
    expect(await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' })).toMatchObject({
      status: 409,
      body: {
        message: expect.stringMatching(/cannot be registered: it is registered to someone else: remove that line/),
      },
    });
    expect(await payments(buyer)).toEqual([]);
  });

  it('refunds a line the registry refuses after payment to where it was paid from, and delivers the rest', async () => {
    // an API process without workers: the order is paid and its operations wait, as after a crash
    // its read models are the worker's to keep: it answers writes without waiting for them
    const api = await createTestApp({ role: 'api', env: { READ_YOUR_WRITES_WAIT_MS: '0' } });
    let worker: TestApp | undefined;
    try {
      const buyer = await newBuyer(api);
      const apiCommands = api.app.get(CommandBus);
      await apiCommands.execute(new AddAccountFunds(buyer.accountId, randomUUID(), 'BALANCE', 1000, 'test grant'));
      const [lost, kept] = [fresh(), fresh()];
      await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: lost }, { name: kept }] });
      const checkout = await buyer.action('svc_cart_checkout', {
        paymentMethodId: 'pm_card_visa',
        contactId: buyer.contactId,
      });
      // 2 x 12.99 + 5.20 VAT = 31.18: 10.00 from the balance, 21.18 by card, each line its half
      expect(checkout.body).toMatchObject({ success: true, summary: { creditsUsed: 1000, totalCharged: 2118 } });
      // another registrar takes the name at the registry before our worker gets to it
      await registeredElsewhere(api.app.get(EventStore), lost, Date.now());
      worker = await createTestApp({ role: 'worker', databaseUrl: api.databaseUrl });
      // another process's work, just started: its effects are awaited as they show (its settled() may come first)
      await eventually(async () => expect(await portfolioNames(buyer)).toEqual([kept]));
      await worker.settled();
      const apiPool = new Pool({ connectionString: api.databaseUrl, max: 1 });
      // the lost line paid 5.00 from the balance and 10.59 by card: each goes back where it came from
      await eventually(async () =>
        expect((await apiPool.query('select amount_cents::int from sandbox_refunds')).rows).toEqual([
          { amount_cents: 1059 },
        ]),
      ).finally(() => apiPool.end());
      expect((await buyer.action('svc_cart_get_payment_methods')).body.accountBalance.amount).toBe(500);
    } finally {
      await worker?.close();
      await api.close();
    }
  });
});
