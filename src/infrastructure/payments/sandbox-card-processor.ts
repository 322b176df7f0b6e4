import { Pool } from 'pg';
import {
  CardProcessor,
  CardSetup,
  EnteredCard,
  IdempotencyKeyMismatch,
  Payment,
  PaymentRequest,
  ProcessorEvent,
  Refund,
  RefundRequest,
  SavedCard,
} from '../../application/commerce/card-processor.port';
import { Clock } from '../../application/shared/clock';
import {
  cardNumberFactsOf,
  ChargeOutcome,
  DeclineReason,
  isCardExpired,
  SANDBOX_PAYMENT_METHODS,
} from '../../domain/commerce/sandbox-cards';
import { newId } from '../../domain/shared/ids';
import { inTransaction } from '../postgres/database';

interface CardRow {
  id: string;
  source: string;
  brand: SavedCard['brand'];
  last4: string;
  exp_month: number;
  exp_year: number;
}

interface PaymentRow {
  id: string;
  customer_id: string;
  card_id: string;
  amount_cents: string;
  status: Payment['status'];
  reason: DeclineReason | null;
}

const savedCardOf = (row: CardRow): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
});

const paymentOf = (row: PaymentRow): Payment => {
  if (row.status === 'SUCCEEDED')
    return { status: 'SUCCEEDED', paymentId: row.id, amountCents: Number(row.amount_cents) };
  if (row.status === 'DECLINED') return { status: 'DECLINED', paymentId: row.id, reason: row.reason! };
  return { status: 'REQUIRES_ACTION', paymentId: row.id };
};

const ENTERED = 'entered:';

/** The `source` of a card typed on the page: what charging it does (`entered:{"kind":"SUCCEEDS"}`). */
const enteredSourceOf = (outcome: ChargeOutcome): string => `${ENTERED}${JSON.stringify(outcome)}`;

/** What charging a saved card does: read from its test PaymentMethod's number, or kept when it was typed. */
const outcomeOfSource = (source: string): ChargeOutcome | undefined => {
  if (source.startsWith(ENTERED)) return JSON.parse(source.slice(ENTERED.length)) as ChargeOutcome;
  const number = SANDBOX_PAYMENT_METHODS.get(source);
  return number === undefined ? undefined : cardNumberFactsOf(number)?.outcome;
};

/**
 * The embedded default card processor (migration 0012): Stripe's test mode for its test PaymentMethod ids, kept in
 * PostgreSQL so that every process and a restart see the same cards, payments and refunds. A test card saved here
 * expires at the end of the year four years on, as a card issued now would.
 */
export class SandboxCardProcessor extends CardProcessor {
  readonly sandbox = true;
  readonly takesTypedCards = true;

  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
  ) {
    super();
  }

  async saveCard(customerId: string, paymentMethodId: string): Promise<CardSetup> {
    const number = SANDBOX_PAYMENT_METHODS.get(paymentMethodId);
    const facts = number === undefined ? undefined : cardNumberFactsOf(number);
    if (!facts) return { ok: false, reason: `no such PaymentMethod: ${paymentMethodId}` };
    const card: SavedCard = {
      id: newId('sandboxCard'),
      brand: facts.brand,
      last4: facts.last4,
      expMonth: 12,
      expYear: new Date(this.clock.now()).getUTCFullYear() + 4,
    };
    await this.pool.query(
      `insert into sandbox_cards (id, customer_id, source, brand, last4, exp_month, exp_year)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [card.id, customerId, paymentMethodId, card.brand, card.last4, card.expMonth, card.expYear],
    );
    return { ok: true, card };
  }

  cardEntryPage(): Promise<undefined> {
    // cards are typed on the service's own page
    return Promise.resolve(undefined);
  }

  cardEnteredIn(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  eventOf(): ProcessorEvent | undefined {
    // the sandbox answers every payment at once: it sends no events
    return undefined;
  }

  async saveEnteredCard(customerId: string, entered: EnteredCard): Promise<CardSetup> {
    const facts = cardNumberFactsOf(entered.number);
    if (!facts) return { ok: false, reason: 'the card number is not valid' };
    if (isCardExpired(entered.expMonth, entered.expYear, this.clock.now()))
      return { ok: false, reason: 'the card has expired' };
    const card: SavedCard = {
      id: newId('sandboxCard'),
      brand: facts.brand,
      last4: facts.last4,
      expMonth: entered.expMonth,
      expYear: entered.expYear,
    };
    // what charging it will do, in place of the number, which is never kept
    await this.pool.query(
      `insert into sandbox_cards (id, customer_id, source, brand, last4, exp_month, exp_year)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [card.id, customerId, enteredSourceOf(facts.outcome), card.brand, card.last4, card.expMonth, card.expYear],
    );
    return { ok: true, card };
  }

  async savedCards(customerId: string): Promise<SavedCard[]> {
    const { rows } = await this.pool.query<CardRow>(
      'select * from sandbox_cards where customer_id = $1 order by created_at, id',
      [customerId],
    );
    return rows.map(savedCardOf);
  }

  pay({ idempotencyKey, customerId, paymentMethodId, amountCents }: PaymentRequest): Promise<Payment> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<CardRow>('select * from sandbox_cards where id = $1 and customer_id = $2', [
        paymentMethodId,
        customerId,
      ]);
      // a card that is not the customer's is declined as Stripe declines a PaymentMethod it cannot use
      const outcome = (rows[0] && outcomeOfSource(rows[0].source)) || { kind: 'DECLINED', reason: 'generic_decline' };
      const status = { SUCCEEDS: 'SUCCEEDED', DECLINED: 'DECLINED', NEEDS_AUTHENTICATION: 'REQUIRES_ACTION' }[
        outcome.kind
      ];
      // of two payments with one key, the second waits for the first's row, then answers it
      await client.query(
        `insert into sandbox_payments (idempotency_key, id, customer_id, card_id, amount_cents, status, reason)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (idempotency_key) do nothing`,
        [
          idempotencyKey,
          newId('sandboxPayment'),
          customerId,
          paymentMethodId,
          amountCents,
          status,
          outcome.kind === 'DECLINED' ? outcome.reason : null,
        ],
      );
      const { rows: stored } = await client.query<PaymentRow>(
        'select * from sandbox_payments where idempotency_key = $1',
        [idempotencyKey],
      );
      const [kept] = stored;
      const same =
        kept.customer_id === customerId &&
        kept.card_id === paymentMethodId &&
        Number(kept.amount_cents) === amountCents;
      if (!same) throw new IdempotencyKeyMismatch(idempotencyKey);
      return paymentOf(kept);
    });
  }

  refund({ idempotencyKey, paymentId, amountCents }: RefundRequest): Promise<Refund> {
    return inTransaction(this.pool, async (client) => {
      const { rows: kept } = await client.query<{ id: string; payment_id: string; amount_cents: string }>(
        'select id, payment_id, amount_cents from sandbox_refunds where idempotency_key = $1',
        [idempotencyKey],
      );
      if (kept[0]) {
        if (kept[0].payment_id !== paymentId || Number(kept[0].amount_cents) !== amountCents)
          throw new IdempotencyKeyMismatch(idempotencyKey);
        return { ok: true, refundId: kept[0].id, amountCents };
      }
      // the payment's row locked first: two refunds of one payment are weighed one after the other, the second (a
      // statement of its own, so with a snapshot taken after the lock) counting the first
      const { rows: paid } = await client.query<{ amount_cents: string }>(
        "select amount_cents from sandbox_payments where id = $1 and status = 'SUCCEEDED' for update",
        [paymentId],
      );
      if (!paid[0]) return { ok: false, reason: 'UNKNOWN_PAYMENT' };
      const { rows: refunded } = await client.query<{ cents: string }>(
        'select coalesce(sum(amount_cents), 0) as cents from sandbox_refunds where payment_id = $1',
        [paymentId],
      );
      if (Number(refunded[0].cents) + amountCents > Number(paid[0].amount_cents))
        return { ok: false, reason: 'MORE_THAN_PAID' };
      const refundId = newId('sandboxRefund');
      await client.query(
        'insert into sandbox_refunds (idempotency_key, id, payment_id, amount_cents) values ($1, $2, $3, $4)',
        [idempotencyKey, refundId, paymentId, amountCents],
      );
      return { ok: true, refundId, amountCents };
    });
  }
}
