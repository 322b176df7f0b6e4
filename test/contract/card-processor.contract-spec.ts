import {
  CardProcessor,
  IdempotencyKeyMismatch,
  Payment,
  SavedCard,
} from '../../src/application/commerce/card-processor.port';
import { Clock } from '../../src/application/shared/clock';
import Stripe from 'stripe';
import { SandboxCardProcessor } from '../../src/infrastructure/payments/sandbox-card-processor';
import { StripeCardProcessor } from '../../src/infrastructure/payments/stripe-card-processor';
import { StripeServer } from '../support/stripe-server';
import { openTwoProcesses } from '../support/two-processes';

class FixedClock extends Clock {
  now(): number {
    return Date.UTC(2026, 10, 26);
  }
}

interface ProcessorUnderTest {
  readonly processor: CardProcessor;
  /** The same processor as another process of the service sees it. */
  readonly other: CardProcessor;
  /** The shapes of the processor's ids, and the expiry it gives a test card. */
  readonly ids: { readonly card: RegExp; readonly payment: RegExp; readonly refund: RegExp };
  readonly testCardExpYear: number;
  /** A payment id of the processor's shape that names no payment. */
  readonly unknownPayment: string;
  close(): Promise<void>;
}

/** Every adapter of the card processor port: the embedded sandbox, and Stripe's (against a Stripe-shaped server). */
const ADAPTERS: [string, () => Promise<ProcessorUnderTest>][] = [
  [
    'sandbox (postgres)',
    async () => {
      const { processes, close } = await openTwoProcesses();
      const [processor, other] = processes.map(({ pool }) => new SandboxCardProcessor(pool, new FixedClock()));
      const ids = { card: /^pm_sbx_/, payment: /^pi_sbx_/, refund: /^re_sbx_/ };
      return { processor, other, ids, testCardExpYear: 2030, unknownPayment: 'pi_sbx_none', close };
    },
  ],
  [
    'stripe (Stripe-shaped server on loopback)',
    async () => {
      const server = new StripeServer();
      await server.start();
      const { processes, close } = await openTwoProcesses();
      const key = 'sk_test_contract';
      const client = () =>
        new Stripe(key, { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 2 });
      const [processor, other] = processes.map(({ pool }) => new StripeCardProcessor(client(), key, pool));
      const ids = { card: /^pm_/, payment: /^pi_/, refund: /^re_/ };
      return {
        processor,
        other,
        ids,
        testCardExpYear: 2034,
        unknownPayment: 'pi_none',
        close: async () => {
          await close();
          await server.stop();
        },
      };
    },
  ],
];

describe.each(ADAPTERS)('card processor contract: %s', (_name, open) => {
  let subject: ProcessorUnderTest;
  beforeEach(async () => (subject = await open()));
  afterEach(() => subject.close());

  const saved = async (customerId: string, paymentMethodId: string): Promise<SavedCard> => {
    const setup = await subject.processor.saveCard(customerId, paymentMethodId);
    if (!setup.ok) throw new Error(setup.reason);
    return setup.card;
  };
  const pay = (key: string, customerId: string, card: SavedCard, amountCents = 2598) =>
    subject.processor.pay({ idempotencyKey: key, customerId, paymentMethodId: card.id, amountCents });

  it('says it is a sandbox', () => expect(subject.processor.sandbox).toBe(true));

  it('saves a test card with its brand, last four digits and an expiry to come, and lists a customer’s cards only', async () => {
    const visa = await saved('cus-1', 'pm_card_visa');
    expect(visa).toEqual({
      id: expect.stringMatching(subject.ids.card),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: subject.testCardExpYear,
    });
    const amex = await saved('cus-1', 'pm_card_amex');
    expect(amex).toMatchObject({ brand: 'amex', last4: '0005' });
    expect(await subject.other.savedCards('cus-1')).toEqual([visa, amex]);
    expect(await subject.processor.savedCards('cus-2')).toEqual([]);
    expect(await subject.processor.saveCard('cus-1', 'pm_card_unknown')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^no such PaymentMethod: '?pm_card_unknown'?$/i),
    });
  });

  it('charges a card that pays once per key, whoever asks again and however many at once', async () => {
    const visa = await saved('cus-1', 'pm_card_visa');
    const first = await pay('ord-1', 'cus-1', visa);
    expect(first).toEqual({
      status: 'SUCCEEDED',
      paymentId: expect.stringMatching(subject.ids.payment),
      amountCents: 2598,
    });
    const again = await Promise.all([
      pay('ord-1', 'cus-1', visa),
      subject.other.pay({ idempotencyKey: 'ord-1', customerId: 'cus-1', paymentMethodId: visa.id, amountCents: 2598 }),
    ]);
    expect(again).toEqual([first, first]);
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 === 0 ? subject.processor : subject.other).pay({
          idempotencyKey: 'ord-2',
          customerId: 'cus-1',
          paymentMethodId: visa.id,
          amountCents: 100,
        }),
      ),
    );
    expect(new Set(racing.map((payment: Payment) => payment.paymentId)).size).toBe(1);
    expect(racing[0].paymentId).not.toBe(first.paymentId);
  });

  it('declines as the test cards say, and a card that is not the customer’s', async () => {
    const outcomes = await Promise.all(
      [
        'pm_card_chargeDeclined',
        'pm_card_chargeDeclinedInsufficientFunds',
        'pm_card_chargeCustomerFail',
        'pm_card_authenticationRequired',
      ].map(async (paymentMethod, index) => pay(`ord-${index}`, 'cus-1', await saved('cus-1', paymentMethod))),
    );
    expect(outcomes.map((payment) => ('reason' in payment ? payment.reason : payment.status))).toEqual([
      'generic_decline',
      'insufficient_funds',
      'generic_decline',
      'REQUIRES_ACTION',
    ]);
    const theirs = await saved('cus-2', 'pm_card_visa');
    expect(await pay('ord-9', 'cus-1', theirs)).toMatchObject({ status: 'DECLINED', reason: 'generic_decline' });
  });

  it('refuses a key sent again with another amount, card or customer', async () => {
    const visa = await saved('cus-1', 'pm_card_visa');
    await pay('ord-1', 'cus-1', visa, 1000);
    await expect(pay('ord-1', 'cus-1', visa, 1001)).rejects.toThrow(IdempotencyKeyMismatch);
    await expect(pay('ord-1', 'cus-1', await saved('cus-1', 'pm_card_mastercard'), 1000)).rejects.toThrow(
      'idempotency key ord-1 was used with other parameters',
    );
  });

  it('refunds a payment once per key, in parts, never more than was paid, only a payment that succeeded', async () => {
    const visa = await saved('cus-1', 'pm_card_visa');
    const payment = await pay('ord-1', 'cus-1', visa, 1000);
    const refund = (key: string, amountCents: number, paymentId = payment.paymentId) =>
      subject.processor.refund({ idempotencyKey: key, paymentId, amountCents });
    const part = await refund('ref-1', 600);
    expect(part).toEqual({ ok: true, refundId: expect.stringMatching(subject.ids.refund), amountCents: 600 });
    expect(await refund('ref-1', 600)).toEqual(part);
    await expect(refund('ref-1', 500)).rejects.toThrow(IdempotencyKeyMismatch);
    const racing = await Promise.all(
      ['ref-2', 'ref-3', 'ref-4'].map((key, index) =>
        (index === 1 ? subject.other : subject.processor).refund({
          idempotencyKey: key,
          paymentId: payment.paymentId,
          amountCents: 300,
        }),
      ),
    );
    expect(racing.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(racing.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, reason: 'MORE_THAN_PAID' },
      { ok: false, reason: 'MORE_THAN_PAID' },
    ]);
    expect(await refund('ref-5', 100)).toMatchObject({ ok: true, amountCents: 100 });
    expect(await refund('ref-6', 1)).toEqual({ ok: false, reason: 'MORE_THAN_PAID' });
    expect(await refund('ref-7', 1, subject.unknownPayment)).toEqual({ ok: false, reason: 'UNKNOWN_PAYMENT' });
    const declined = await pay('ord-2', 'cus-1', await saved('cus-1', 'pm_card_chargeDeclined'));
    expect(await refund('ref-8', 1, declined.paymentId)).toEqual({ ok: false, reason: 'UNKNOWN_PAYMENT' });
  });
});
