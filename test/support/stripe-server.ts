import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { cardNumberFactsOf, ChargeOutcome, SANDBOX_PAYMENT_METHODS } from '../../src/domain/commerce/sandbox-cards';

/**
 * A Stripe-shaped HTTP server on loopback, written for the tests of the Stripe adapter: the few endpoints of
 * Stripe's API the adapter calls (customers, SetupIntents, PaymentMethods, PaymentIntents, refunds), form-encoded
 * requests and JSON answers and errors as Stripe gives them, test PaymentMethod tokens as Stripe's test mode takes
 * them, and Stripe's idempotency: a key sent again with the same parameters answers the first answer, with other
 * parameters `idempotency_error`; requests under one key are answered one at a time.
 *
 * One simplification: a card that needs authentication (pm_card_authenticationRequired) is saved without it (as
 * if the person had authenticated the setup) and asks for it on every payment.
 */
interface Method {
  id: string;
  customer: string;
  created: number;
  outcome: ChargeOutcome;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

interface Intent {
  id: string;
  amount: number;
  status: string;
  refunded: number;
}

type Answer = { status: number; body: unknown };

const error = (status: number, fields: Record<string, unknown>): Answer => ({ status, body: { error: fields } });

export class StripeServer {
  private server: Server | undefined;
  private sequence = 0;
  private readonly customers = new Set<string>();
  private readonly methods = new Map<string, Method>();
  private readonly intents = new Map<string, Intent>();
  private readonly sessions = new Map<string, { customer: string; status: string; method: string | null }>();
  private readonly keys = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Refunds of one PaymentIntent are decided one at a time, as Stripe does. */
  private refunds: Promise<unknown> = Promise.resolve();
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The PaymentIntents made so far, the latest last. */
  intentIds(): string[] {
    return [...this.intents.keys()];
  }

  /** The person authenticated a payment that asked for it, on Stripe's side: it succeeds. */
  authenticate(intentId: string): void {
    const intent = this.intents.get(intentId);
    if (intent?.status === 'requires_action') intent.status = 'succeeded';
  }

  /** The Checkout Session a hosted card-entry page stands for, from its URL. */
  sessionOf(url: string): string {
    return url.slice(url.lastIndexOf('/') + 1);
  }

  /** The person adds the card `token` stands for on the session's page, on Stripe's side. */
  completeSession(sessionId: string, token = 'pm_card_visa'): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const setup = this.setup({ customer: session.customer, payment_method: token }).body as { payment_method: string };
    session.status = 'complete';
    session.method = setup.payment_method;
  }

  /** The refunds made of a PaymentIntent, in cents. */
  refundedOf(intentId: string): number {
    return this.intents.get(intentId)?.refunded ?? 0;
  }

  private id(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_test${String(this.sequence).padStart(8, '0')}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of request) text += (chunk as Buffer).toString();
    const params = Object.fromEntries(new URLSearchParams(text));
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const route = `${request.method} ${url.pathname}`;
    const key = request.headers['idempotency-key'];
    const answer = await (!/^Bearer sk_test_/.test(request.headers.authorization ?? '')
      ? error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' })
      : typeof key === 'string' && request.method === 'POST'
        ? this.once(key, `${route} ${text}`, () => this.answer(route, params, url))
        : this.answer(route, params, url));
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': this.id('req') });
    response.end(JSON.stringify(answer.body));
  }

  /** Stripe's idempotency: one answer per key, the same parameters to ask it again. */
  private once(key: string, fingerprint: string, work: () => Answer | Promise<Answer>): Promise<Answer> {
    const run = async (): Promise<Answer> => {
      const kept = this.keys.get(key);
      if (kept)
        return kept.fingerprint === fingerprint
          ? kept.answer
          : error(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            });
      const answer = await work();
      this.keys.set(key, { fingerprint, answer });
      return answer;
    };
    const queued = (this.queues.get(key) ?? Promise.resolve()).then(run, run);
    this.queues.set(key, queued);
    return queued;
  }

  private answer(route: string, params: Record<string, string>, url: URL): Answer | Promise<Answer> {
    const method = /^GET \/v1\/payment_methods\/([\w]+)$/.exec(route);
    if (method) return this.method(method[1]);
    const session = /^GET \/v1\/checkout\/sessions\/([\w]+)$/.exec(route);
    if (session) return this.session(session[1]);
    switch (route) {
      case 'POST /v1/customers': {
        const id = this.id('cus');
        this.customers.add(id);
        return { status: 200, body: { id, object: 'customer', metadata: {} } };
      }
      case 'POST /v1/setup_intents':
        return this.setup(params);
      case 'GET /v1/payment_methods':
        return this.list(url.searchParams.get('customer') ?? '');
      case 'POST /v1/payment_intents':
        return this.pay(params);
      case 'POST /v1/refunds':
        return this.refund(params);
      case 'POST /v1/checkout/sessions':
        return this.newSession(params);
      default:
        return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` });
    }
  }

  private methodView(method: Method) {
    const { outcome: _outcome, ...shown } = method;
    return { ...shown, object: 'payment_method', type: 'card' };
  }

  private method(id: string): Answer {
    const found = this.methods.get(id);
    if (!found) return error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id' });
    return { status: 200, body: this.methodView(found) };
  }

  private setup({ customer, payment_method: token }: Record<string, string>): Answer {
    if (!this.customers.has(customer))
      return error(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer' });
    const number = SANDBOX_PAYMENT_METHODS.get(token);
    const facts = number === undefined ? undefined : cardNumberFactsOf(number);
    if (!facts)
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${token}'`,
      });
    const method: Method = {
      id: this.id('pm'),
      customer,
      created: this.sequence,
      outcome: facts.outcome,
      card: { brand: facts.brand, last4: facts.last4, exp_month: 12, exp_year: 2034 },
    };
    this.methods.set(method.id, method);
    return {
      status: 200,
      body: { id: this.id('seti'), object: 'setup_intent', status: 'succeeded', payment_method: method.id },
    };
  }

  private newSession({ customer, mode }: Record<string, string>): Answer {
    if (mode !== 'setup' || !this.customers.has(customer))
      return error(400, { type: 'invalid_request_error', param: 'customer', message: 'a setup session of a customer' });
    const id = this.id('cs');
    this.sessions.set(id, { customer, status: 'open', method: null });
    const url = `http://127.0.0.1:${this.port}/c/pay/${id}`;
    return { status: 200, body: { id, object: 'checkout.session', mode, status: 'open', customer, url } };
  }

  private session(id: string): Answer {
    const found = this.sessions.get(id);
    if (!found) return error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'session' });
    const setup = found.method && {
      id: this.id('seti'),
      object: 'setup_intent',
      status: 'succeeded',
      payment_method: found.method,
    };
    return {
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        mode: 'setup',
        status: found.status,
        customer: found.customer,
        setup_intent: setup,
      },
    };
  }

  private list(customer: string): Answer {
    const data = [...this.methods.values()]
      .filter((method) => method.customer === customer)
      .map((m) => this.methodView(m));
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/payment_methods' } };
  }

  private pay({ customer, payment_method: methodId, amount }: Record<string, string>): Answer {
    const method = this.methods.get(methodId);
    if (!method || method.customer !== customer)
      return error(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: `The provided PaymentMethod was previously used or does not belong to the Customer ${customer}`,
      });
    const intent: Intent = { id: this.id('pi'), amount: Number(amount), status: 'succeeded', refunded: 0 };
    this.intents.set(intent.id, intent);
    const { outcome } = method;
    if (outcome.kind === 'SUCCEEDS') return { status: 200, body: { ...intent, object: 'payment_intent' } };
    intent.status = outcome.kind === 'DECLINED' ? 'requires_payment_method' : 'requires_action';
    return error(402, {
      type: 'card_error',
      code: outcome.kind === 'DECLINED' ? 'card_declined' : 'authentication_required',
      ...(outcome.kind === 'DECLINED' ? { decline_code: outcome.reason } : {}),
      message: outcome.kind === 'DECLINED' ? 'Your card was declined.' : 'This payment requires authentication.',
      payment_intent: { ...intent, object: 'payment_intent' },
    });
  }

  private refund({ payment_intent: intentId, amount }: Record<string, string>): Promise<Answer> {
    const decided = this.refunds.then((): Answer => {
      const intent = this.intents.get(intentId);
      if (!intent)
        return error(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent' });
      if (intent.status !== 'succeeded')
        return error(400, { type: 'invalid_request_error', code: 'charge_not_succeeded', param: 'payment_intent' });
      const asked = Number(amount);
      if (intent.refunded + asked > intent.amount)
        return error(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount' });
      intent.refunded += asked;
      return { status: 200, body: { id: this.id('re'), object: 'refund', amount: asked, payment_intent: intent.id } };
    });
    this.refunds = decided;
    return decided;
  }
}
