import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { StripeServer } from '../support/stripe-server';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The service with `STRIPE_SECRET_KEY` set keeps and charges cards at Stripe (here a Stripe-shaped server on
 * loopback, `STRIPE_API_URL`): the same actions, Stripe's ids, once per order.
 */
const WEBHOOK_SECRET = 'whsec_e2eWebhookSecret';

describe('checkout through Stripe', () => {
  const stripe = new StripeServer();
  let subject: TestApp;

  beforeAll(async () => {
    await stripe.start();
    subject = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_e2eStripeKey1',
        STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
  });
  afterAll(async () => {
    await subject.close();
    await stripe.stop();
  });

  it('pays an order with a Stripe test PaymentMethod, saved at Stripe for the account, and registers the name', async () => {
    const buyer = await newAgent(subject);
    await buyer.action('svc_contact_create', ADA_CONTACT);
    await subject.settled();
    const name = `stripe-${randomUUID().slice(0, 8)}.com`;
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name }] });
    const checkout = await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' });
    expect(checkout.body).toMatchObject({
      success: true,
      paymentReference: expect.stringMatching(/^pi_test/),
      summary: { totalCharged: 1559, paymentMethod: 'visa ending 4242' },
      sandbox: true,
    });
    const methods = (await buyer.action('svc_cart_get_payment_methods')).body;
    expect(methods.savedCards).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^pm_test/), last4: '4242' }),
    ]);
    await subject.settled();
    const listed = await buyer.action('svc_portfolio_list');
    expect(listed.body.domains.map((domain: { name: string }) => domain.name)).toEqual([name]);
  });

  it('answers a decline from Stripe with its decline code, charging nothing', async () => {
    const buyer = await newAgent(subject);
    await buyer.action('svc_contact_create', ADA_CONTACT);
    await subject.settled();
    await buyer.action('svc_cart_add_domain_registration', {
      domains: [{ name: `declined-${randomUUID().slice(0, 8)}.com` }],
    });
    const checkout = await buyer.action('svc_cart_checkout', {
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
    });
    expect(checkout.body).toMatchObject({ success: false, error: 'insufficient_funds' });
    expect((await buyer.action('svc_cart_get')).body.itemCount).toBe(1);
  });

  it("adds a card on Stripe's own page, coming back to the link's page once, never to another account", async () => {
    const buyer = await newAgent(subject);
    const { url } = (await buyer.action('svc_cart_add_payment_method_url')).body;
    const path = (target: string) => new URL(target).pathname + new URL(target).search;
    const page = await subject.app.inject({ method: 'GET', url: path(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('name="number"');
    const hosted = /href="(http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_\w+)"/.exec(page.body)?.[1];
    expect(hosted).toBeDefined();
    const sessionId = stripe.sessionOf(hosted!);
    const back = `${path(url).replace('/pay/card?', '/pay/card/done?')}&session_id=${sessionId}`;
    // not finished on Stripe's side: nothing added, the link still good
    expect((await subject.app.inject({ method: 'GET', url: back })).statusCode).toBe(409);
    stripe.completeSession(sessionId, 'pm_card_mastercard');
    const stranger = await newAgent(subject);
    const theirs = (await stranger.action('svc_cart_add_payment_method_url')).body.url;
    const stolen = `${path(theirs).replace('/pay/card?', '/pay/card/done?')}&session_id=${sessionId}`;
    expect((await subject.app.inject({ method: 'GET', url: stolen })).statusCode).toBe(409);
    const done = await subject.app.inject({ method: 'GET', url: back });
    expect(done.statusCode).toBe(201);
    expect(done.body).toContain('Added: <strong>MASTERCARD ending 4444');
    expect((await buyer.action('svc_cart_get_payment_methods')).body.savedCards).toEqual([
      expect.objectContaining({ brand: 'mastercard', last4: '4444' }),
    ]);
    expect((await stranger.action('svc_cart_get_payment_methods')).body.savedCards).toEqual([]);
    expect((await subject.app.inject({ method: 'GET', url: back })).statusCode).toBe(410);
  });

  /** Sends an event to the webhook endpoint, signed with the endpoint's secret (or another). */
  const sendEvent = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return subject.app.inject({
      method: 'POST',
      url: '/payments/stripe/events',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };
  const intentEvent = (type: string, intentId: string, orderId: string) => ({
    id: `evt_${randomUUID().slice(0, 8)}`,
    object: 'event',
    type,
    data: { object: { id: intentId, object: 'payment_intent', metadata: { orderId }, last_payment_error: null } },
  });

  it('takes only events Stripe signed, and refunds a payment that succeeded late for an order told it was not paid', async () => {
    const buyer = await newAgent(subject);
    await buyer.action('svc_contact_create', ADA_CONTACT);
    await subject.settled();
    await buyer.action('svc_cart_add_domain_registration', {
      domains: [{ name: `late-${randomUUID().slice(0, 8)}.com` }],
    });
    const checkout = await buyer.action('svc_cart_checkout', { paymentMethodId: 'pm_card_authenticationRequired' });
    expect(checkout.body).toMatchObject({ success: false, error: 'authentication_required' });
    const intentId = stripe.intentIds().at(-1)!;
    // the person authenticated on Stripe's side after all
    stripe.authenticate(intentId);
    const event = intentEvent('payment_intent.succeeded', intentId, checkout.body.orderReference);
    const forged = await sendEvent(event, 'whsec_notTheEndpointSecret');
    expect([forged.statusCode, forged.json().message]).toEqual([
      400,
      'this is not an event signed by the card processor',
    ]);
    const unsigned = await subject.app.inject({
      method: 'POST',
      url: '/payments/stripe/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(stripe.refundedOf(intentId)).toBe(0);
    const signed = await sendEvent(event);
    expect([signed.statusCode, signed.json()]).toEqual([200, { received: true }]);
    expect(stripe.refundedOf(intentId)).toBe(1559);
    // told again: refunded once
    await sendEvent(event);
    expect(stripe.refundedOf(intentId)).toBe(1559);
    // an event of no concern, or of an order that is not ours, is taken and changes nothing
    expect((await sendEvent({ ...event, type: 'customer.created' })).statusCode).toBe(200);
    expect((await sendEvent(intentEvent('payment_intent.payment_failed', intentId, 'ord-nothing'))).statusCode).toBe(
      200,
    );
  });
});
