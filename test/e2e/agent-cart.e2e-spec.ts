import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AddAccountFunds, CreatePromoCode } from '../../src/application/commerce/operator-commerce.commands';
import { RegisterDnsDomain } from '../../src/application/dns-domains/register-domain.command';
import { SetDnsPrices } from '../../src/application/dns-domains/set-prices.command';
import { storedNameOf } from '../../src/domain/shared/names';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { createTestApp, TestApp } from '../support/test-app';

const fresh = (tld = 'com') => `cart-${randomUUID().slice(0, 8)}.${tld}`;

describe('surface A: the cart (issue 26)', () => {
  let subject: TestApp;
  let commands: CommandBus;

  beforeAll(async () => {
    subject = await createTestApp();
    commands = subject.app.get(CommandBus);
  });
  afterAll(() => subject.close());

  /** A user whose latest contact is in Great Britain (VAT 20%). */
  const newBuyer = async (): Promise<Agent & { contactId: string }> => {
    const agent = await newAgent(subject);
    const created = await agent.action('svc_contact_create', ADA_CONTACT);
    await subject.settled();
    return { ...agent, contactId: created.body.contact.id };
  };

  /** Registers a name for the user as checkout will: the registration every surface uses. */
  const holdName = async (buyer: Agent & { contactId: string }, name: string) => {
    await commands.execute(
      new RegisterDnsDomain(
        buyer.accountId,
        storedNameOf(name),
        { contactId: buyer.contactId },
        { years: 1, contacts: {}, authorizationCode: undefined, flags: {}, zone: {} },
        false,
      ),
    );
    await subject.settled();
  };

  it('starts empty, priced at nothing', async () => {
    const buyer = await newAgent(subject);
    const cart = await buyer.action('svc_cart_get');
    expect(cart).toMatchObject({
      status: 200,
      body: {
        items: [],
        itemCount: 0,
        subtotal: 0,
        subtotalFormatted: '$0.00',
        discounts: [],
        discountCode: null,
        totalAmountDue: 0,
        pricing: { salesTax: 0, taxRate: 0, totalAmountDue: 0, totalAmountDueFormatted: '$0.00' },
        sandbox: true,
      },
    });
  });

  it('adds registrations for the periods a TLD takes, priced and taxed where the latest contact is', async () => {
    const buyer = await newBuyer();
    const [one, two] = [fresh(), fresh('ai')];
    const added = await buyer.action('svc_cart_add_domain_registration', {
      domains: [
        { name: one, quantity: 3 },
        { name: two.toUpperCase(), productType: 'Domain', quantity: 2 },
      ],
    });
    expect(added).toEqual({
      status: 200,
      body: {
        addedProducts: [
          { domain: one, success: true, productId: 1 },
          { domain: two, success: true, productId: 2 },
        ],
        successCount: 2,
        failureCount: 0,
        cart: {
          itemCount: 2,
          subtotal: 3 * 1299 + 2 * 8999,
          subtotalFormatted: '$218.95',
          // 20% VAT on 21,895 cents: 4,379
          totalAmountDue: 21_895 + 4379,
          totalAmountDueFormatted: '$262.74',
        },
      },
    });
    const cart = (await buyer.action('svc_cart_get')).body;
    expect(cart.items).toEqual([
      expect.objectContaining({
        productId: 1,
        productType: 'Domain',
        productCode: 'domain-registration-com',
        domain: one,
        quantity: 3,
        originalPrice: 3897,
        price: 3897,
        available: true,
        priceChanged: false,
      }),
      expect.objectContaining({ productId: 2, productCode: 'domain-registration-ai', quantity: 2, price: 17_998 }),
    ]);
    expect(cart.pricing).toMatchObject({ taxRate: 20, salesTax: 4379, salesTaxFormatted: '$43.79' });
    expect(cart.items[0].salesTax + cart.items[1].salesTax).toBe(4379);
  });

  it('refuses, name by name, what the registry would not register now, and adds the rest', async () => {
    const buyer = await newBuyer();
    const name = fresh();
    const added = await buyer.action('svc_cart_add_domain_registration', {
      domains: [
        { name: 'sunrise.com' },
        { name },
        { name: 'no-ending' },
        { name: fresh('xyz'), quantity: 10 },
        { name: `${'a'.repeat(64)}.com` },
      ],
    });
    expect(added.body).toMatchObject({
      addedProducts: [
        {
          domain: 'sunrise.com',
          success: false,
          error: expect.stringMatching(/cannot be registered: it is registered/),
        },
        { domain: name, success: true, productId: 1 },
        { domain: 'no-ending', success: false, error: expect.stringMatching(/is not a domain name: .*ending/) },
        { success: true, productId: 2 },
        { success: false, error: expect.stringMatching(/is not a domain name/) },
      ],
      successCount: 2,
      failureCount: 3,
      cart: { itemCount: 2 },
    });
  });

  it('adds names an external marketplace sells, at their price, only on that marketplace', async () => {
    const buyer = await newBuyer();
    const onA = await buyer.action('svc_cart_add_domain_extmarket_a', { domains: [{ name: 'sunrise.com' }] });
    expect(onA.body).toMatchObject({
      addedProducts: [{ domain: 'sunrise.com', success: true, productId: 1, price: '$4,500.00' }],
      cart: { itemCount: 1, subtotal: 450_000 },
    });
    const onB = await buyer.action('svc_cart_add_domain_extmarket_b', {
      domains: [{ name: 'sunrise.com' }, { name: 'brightpath.io' }, { name: fresh() }],
    });
    expect(onB.body).toMatchObject({
      addedProducts: [
        { domain: 'sunrise.com', success: false, error: 'sunrise.com is not listed for sale on extmarket_b' },
        { domain: 'brightpath.io', success: true, productId: 2, price: '$1,200.00' },
        { success: false, error: expect.stringMatching(/is not listed for sale on extmarket_b/) },
      ],
    });
    const [item] = (await buyer.action('svc_cart_get')).body.items;
    expect(item).toMatchObject({ productType: 'ExtmarketA', productCode: 'extmarket_a-listing-com', quantity: 1 });
  });

  it("adds renewals of the user's own names only, within the years the registry allows", async () => {
    const buyer = await newBuyer();
    const mine = fresh();
    await holdName(buyer, mine);
    const other = await newBuyer();
    const theirs = fresh();
    await holdName(other, theirs);
    const added = await buyer.action('svc_cart_add_domain_renewal', {
      domains: [{ name: mine, quantity: 2 }, { name: theirs }, { name: fresh() }, { name: mine, quantity: 10 }],
    });
    expect(added.body).toMatchObject({
      addedRenewals: [
        // the name asked twice is taken as its last asking, which the registry refuses: the first stands
        { domain: mine, success: true, productId: 1, renewalPeriodYears: 2 },
        { domain: theirs, success: false, error: `${theirs} is not one of your domains` },
        { success: false, error: expect.stringMatching(/is not one of your domains$/) },
        { domain: mine, success: false, error: `${mine} can be renewed for 1 to 9 years now, not 10` },
      ],
      successCount: 1,
      failureCount: 3,
    });
    const [item] = (await buyer.action('svc_cart_get')).body.items;
    expect(item).toMatchObject({ productType: 'DomainRenewal', quantity: 2, price: 2 * 1499 });
    // a name in the cart as a renewal is not bought again as a registration
    const again = await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: mine }] });
    expect(again.body.addedProducts[0]).toMatchObject({ success: false });
  });

  it('changes the years of a line asked again, keeping its product id', async () => {
    const buyer = await newBuyer();
    const name = fresh();
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name }] });
    const again = await buyer.action('svc_cart_add_domain_registration', { domains: [{ name, quantity: 4 }] });
    expect(again.body).toMatchObject({ addedProducts: [{ success: true, productId: 1 }], cart: { itemCount: 1 } });
    expect((await buyer.action('svc_cart_get')).body.items[0]).toMatchObject({ productId: 1, quantity: 4 });
  });

  it('removes lines by product id, ignores ids it does not hold, and never gives an id again', async () => {
    const buyer = await newBuyer();
    const [a, b] = [fresh(), fresh()];
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: a }, { name: b }] });
    const removed = await buyer.action('svc_cart_remove', { productIds: [2, 99] });
    expect(removed.body).toMatchObject({
      removedProductIds: [2],
      removedCount: 1,
      cart: { itemCount: 1, subtotal: 1299, items: [expect.objectContaining({ productId: 1, domain: a })] },
    });
    expect((await buyer.action('svc_cart_remove', { productIds: [2] })).body).toMatchObject({ removedCount: 0 });
    const back = await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: b }] });
    expect(back.body.addedProducts[0]).toMatchObject({ success: true, productId: 3 });
  });

  it("keeps each account's cart its own", async () => {
    const buyer = await newBuyer();
    const stranger = await newBuyer();
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: fresh() }] });
    expect((await stranger.action('svc_cart_get')).body.items).toEqual([]);
    expect((await stranger.action('svc_cart_remove', { productIds: [1] })).body.removedCount).toBe(0);
    expect((await buyer.action('svc_cart_get')).body.itemCount).toBe(1);
  });

  it('prices every read again: a moved price says so, a name gone is flagged and left out of the totals', async () => {
    const buyer = await newBuyer();
    const [moving, going] = [fresh('org'), fresh('org')];
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: moving }, { name: going }] });
    await commands.execute(new SetDnsPrices('org', { registrationCents: 1500 }));
    const rival = await newBuyer();
    await holdName(rival, going);
    const cart = (await buyer.action('svc_cart_get')).body;
    expect(cart.items).toEqual([
      expect.objectContaining({ domain: moving, available: true, priceChanged: true, addedPrice: 1099, price: 1500 }),
      expect.objectContaining({
        domain: going,
        available: false,
        unavailableReason: `${going} cannot be registered: it is registered to someone else`,
        price: 0,
      }),
    ]);
    expect(cart).toMatchObject({ itemCount: 2, subtotal: 1500, pricing: { salesTax: 300 }, totalAmountDue: 1800 });
    await commands.execute(new SetDnsPrices('org', { registrationCents: 1099 }));
  });

  it("takes a promo code's discount on the kinds it covers, and refuses a code that does not apply, saying why", async () => {
    const buyer = await newBuyer();
    const code = `CART${randomUUID().slice(0, 6).toUpperCase()}`;
    await commands.execute(
      new CreatePromoCode({
        code,
        title: '10% off registrations',
        off: { percentBasisPoints: 1000 },
        kinds: ['REGISTRATION'],
        minimumSpendCents: 0,
        expiresAt: null,
        usesPerAccount: 1,
        usesInAll: null,
      }),
    );
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: fresh(), quantity: 2 }] });
    await buyer.action('svc_cart_add_domain_extmarket_b', { domains: [{ name: 'brightpath.io' }] });
    const cart = (await buyer.action('svc_cart_get', { discountCode: code.toLowerCase() })).body;
    expect(cart).toMatchObject({
      discountCode: code,
      discounts: [{ type: 'promo_code', code, amount: 259, amountFormatted: '$2.59', productIds: [1] }],
      totalDiscounts: 259,
      items: [
        expect.objectContaining({ discountAmount: 259, price: 2339 }),
        expect.objectContaining({ price: 120_000 }),
      ],
      subtotal: 122_598,
      pricing: { preTaxAmountDue: 122_339, salesTax: 24_468, totalAmountDue: 146_807 },
    });
    expect(await buyer.action('svc_cart_get', { discountCode: 'NOSUCHCODE' })).toEqual({
      status: 400,
      body: expect.objectContaining({
        error: 'invalid_request',
        message: expect.stringMatching(/discount code NOSUCHCODE is not a code of ours/),
      }),
    });
  });

  it('pays from the balance first, then from promo credits', async () => {
    const buyer = await newBuyer();
    await commands.execute(new AddAccountFunds(buyer.accountId, randomUUID(), 'BALANCE', 1000, 'top-up'));
    await commands.execute(new AddAccountFunds(buyer.accountId, randomUUID(), 'PROMO_CREDITS', 500, 'welcome'));
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name: fresh() }] });
    const { pricing } = (await buyer.action('svc_cart_get')).body;
    // 1,299 + 260 VAT = 1,559: 1,000 from the balance, 500 of credits, 59 left to pay
    expect(pricing).toMatchObject({ accountBalanceUsed: 1000, promoCreditsUsed: 500, totalAmountDue: 59 });
  });

  it('needs the cart scopes: reading with cart:read, changing with cart:write', async () => {
    const reader = await newAgent(subject, ['cart:read']);
    expect((await reader.action('svc_cart_get')).status).toBe(200);
    const refused = await reader.action('svc_cart_add_domain_registration', { domains: [{ name: fresh() }] });
    expect(refused).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await reader.action('svc_cart_remove', { productIds: [1] })).status).toBe(403);
    const anonymous = await reader.action('svc_cart_get', {}, null);
    expect(anonymous).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
  });
});
