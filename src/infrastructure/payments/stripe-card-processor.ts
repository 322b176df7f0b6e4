import { Pool } from 'pg';
import Stripe from 'stripe';
import {
  CardProcessor,
  CardSetup,
  IdempotencyKeyMismatch,
  Payment,
  PaymentRequest,
  ProcessorEvent,
  Refund,
  RefundRequest,
  SavedCard,
} from '../../application/commerce/card-processor.port';
import { CardBrand, DeclineReason } from '../../domain/commerce/sandbox-cards';

const BRANDS: ReadonlySet<string> = new Set(['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners']);

const cardOf = (method: Stripe.PaymentMethod): SavedCard => ({
  id: method.id,
  brand: (method.card && BRANDS.has(method.card.brand) ? method.card.brand : 'unknown') as CardBrand,
  last4: method.card?.last4 ?? '0000',
  expMonth: method.card?.exp_month ?? 1,
  expYear: method.card?.exp_year ?? 1970,
});

/** Stripe's answer to a key sent again with other parameters. */
const isIdempotencyError = (error: unknown): boolean => error instanceof Stripe.errors.StripeIdempotencyError;

/**
 * The card processor on Stripe (`STRIPE_SECRET_KEY`): cards saved by SetupIntents confirmed off-session for the
 * account's Stripe customer, payments as PaymentIntents confirmed off-session and refunds, each sent with the
 * caller's idempotency key (an order's id, a refund's id), so that Stripe makes each once. A key in test mode
 * (`sk_test_…`) makes it a sandbox. Card numbers never pass through it: a card is entered on Stripe's side.
 */
export class StripeCardProcessor extends CardProcessor {
  readonly sandbox: boolean;
  // card numbers go to Stripe, never through this service (PCI DSS)
  readonly takesTypedCards = false;

  constructor(
    private readonly stripe: Stripe,
    secretKey: string,
    private readonly pool: Pool,
    /** `STRIPE_WEBHOOK_SECRET`: events are taken only when it is set and they carry its signature. */
    private readonly webhookSecret: string | undefined = undefined,
  ) {
    super();
    this.sandbox = secretKey.startsWith('sk_test_');
  }

  async saveCard(accountId: string, paymentMethodId: string): Promise<CardSetup> {
    const customer = await this.customerOf(accountId);
    try {
      const setup = await this.stripe.setupIntents.create({
        customer,
        payment_method: paymentMethodId,
        usage: 'off_session',
        confirm: true,
      });
      if (setup.status !== 'succeeded') return { ok: false, reason: `the card needs ${setup.status}` };
      // a test token (pm_card_visa) is copied into a PaymentMethod of the customer's: that one is the saved card
      const saved = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
      return { ok: true, card: cardOf(await this.stripe.paymentMethods.retrieve(saved ?? paymentMethodId)) };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode < 500)
        return { ok: false, reason: error.message };
      throw error;
    }
  }

  async cardEntryPage(accountId: string, returnUrl: string, cancelUrl: string): Promise<{ url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'setup',
      customer: await this.customerOf(accountId),
      currency: 'usd',
      success_url: returnUrl.replace('{SESSION_ID}', '{CHECKOUT_SESSION_ID}'),
      cancel_url: cancelUrl,
    });
    if (!session.url) throw new Error('Stripe made a setup session without a page');
    return { url: session.url };
  }

  async cardEnteredIn(accountId: string, sessionId: string): Promise<SavedCard | undefined> {
    const customer = await this.existingCustomerOf(accountId);
    if (!customer || !/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return undefined;
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
      throw error;
    }
    // another customer's session is none of this account's
    if (session.customer !== customer || session.status !== 'complete') return undefined;
    const setup = session.setup_intent;
    const methodId =
      setup && typeof setup !== 'string'
        ? typeof setup.payment_method === 'string'
          ? setup.payment_method
          : setup.payment_method?.id
        : undefined;
    return methodId ? cardOf(await this.stripe.paymentMethods.retrieve(methodId)) : undefined;
  }

  eventOf(payload: string, signature: string | undefined): ProcessorEvent | undefined {
    if (!this.webhookSecret || !signature) return undefined;
    let event: Stripe.Event;
    try {
      // Stripe's scheme: an HMAC-SHA256 of the timestamp and the raw body, within five minutes of that timestamp
      event = this.stripe.webhooks.constructEvent(payload, signature, this.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return undefined;
      throw error;
    }
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
      return { kind: 'OTHER' };
    const intent = event.data.object;
    const orderId = intent.metadata?.orderId ?? null;
    if (event.type === 'payment_intent.succeeded') return { kind: 'PAYMENT_SUCCEEDED', paymentId: intent.id, orderId };
    const failure = intent.last_payment_error;
    const reason = failure?.decline_code ?? failure?.code ?? 'generic_decline';
    return { kind: 'PAYMENT_FAILED', paymentId: intent.id, orderId, reason };
  }

  saveEnteredCard(): Promise<CardSetup> {
    // card numbers go to Stripe, never through this service (PCI DSS): Stripe's own page takes them
    return Promise.resolve({ ok: false, reason: 'cards are entered on the card processor’s own page' });
  }

  async savedCards(accountId: string): Promise<SavedCard[]> {
    const customer = await this.existingCustomerOf(accountId);
    if (!customer) return [];
    const methods = await this.stripe.paymentMethods.list({ customer, type: 'card', limit: 100 });
    return [...methods.data].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id)).map(cardOf);
  }

  async pay({ idempotencyKey, customerId, paymentMethodId, amountCents }: PaymentRequest): Promise<Payment> {
    const customer = await this.customerOf(customerId);
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          customer,
          payment_method: paymentMethodId,
          confirm: true,
          off_session: true,
          metadata: { orderId: idempotencyKey },
        },
        { idempotencyKey },
      );
      if (intent.status === 'succeeded') return { status: 'SUCCEEDED', paymentId: intent.id, amountCents };
      if (intent.status === 'requires_action') return { status: 'REQUIRES_ACTION', paymentId: intent.id };
      return { status: 'DECLINED', paymentId: intent.id, reason: 'generic_decline' };
    } catch (error) {
      if (isIdempotencyError(error)) throw new IdempotencyKeyMismatch(idempotencyKey);
      if (error instanceof Stripe.errors.StripeCardError) {
        const paymentId = error.payment_intent?.id ?? '';
        if (error.code === 'authentication_required') return { status: 'REQUIRES_ACTION', paymentId };
        return { status: 'DECLINED', paymentId, reason: (error.decline_code ?? 'generic_decline') as DeclineReason };
      }
      // a card Stripe will not use for this customer (another customer's, detached) is declined, as the sandbox does
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method')
        return { status: 'DECLINED', paymentId: '', reason: 'generic_decline' };
      throw error;
    }
  }

  async refund({ idempotencyKey, paymentId, amountCents }: RefundRequest): Promise<Refund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentId, amount: amountCents },
        { idempotencyKey },
      );
      return { ok: true, refundId: refund.id, amountCents: refund.amount };
    } catch (error) {
      if (isIdempotencyError(error)) throw new IdempotencyKeyMismatch(idempotencyKey);
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        if (error.code === 'resource_missing' || error.code === 'charge_not_succeeded')
          return { ok: false, reason: 'UNKNOWN_PAYMENT' };
        if (error.code === 'amount_too_large' || error.code === 'charge_already_refunded')
          return { ok: false, reason: 'MORE_THAN_PAID' };
      }
      throw error;
    }
  }

  private async existingCustomerOf(accountId: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ customer_id: string }>(
      'select customer_id from stripe_customers where account_id = $1',
      [accountId],
    );
    return rows[0]?.customer_id;
  }

  /** The account's Stripe customer, made once (by every process alike: the account is its idempotency key). */
  private async customerOf(accountId: string): Promise<string> {
    const known = await this.existingCustomerOf(accountId);
    if (known) return known;
    const customer = await this.stripe.customers.create(
      { metadata: { accountId } },
      { idempotencyKey: `customer-${accountId}` },
    );
    // two first cards saved at once insert the same row: with every unique index an arbiter, the second one yields
    // (naming only account_id, the customer_id index raised a duplicate key while the first insert committed)
    await this.pool.query(
      'insert into stripe_customers (account_id, customer_id) values ($1, $2) on conflict do nothing',
      [accountId, customer.id],
    );
    return (await this.existingCustomerOf(accountId))!;
  }
}
