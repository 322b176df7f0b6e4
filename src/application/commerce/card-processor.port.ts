import { CardBrand, DeclineReason } from '../../domain/commerce/sandbox-cards';

/**
 * The card processor port (`docs/commerce.md`): cards saved for a customer from the processor's own tokens, payments
 * and refunds each made at most once per idempotency key (an order's id, a refund's id), so that a retry, a second
 * process or a restart after a crash never charges or refunds twice. Card numbers never pass through it: only the
 * processor's PaymentMethod ids, and of a card its brand, last four digits and expiry.
 */
export interface SavedCard {
  /** The processor's id of the card saved for the customer. */
  readonly id: string;
  readonly brand: CardBrand;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

/** A card as typed on the add-a-card page. */
export interface EnteredCard {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
}

export type CardSetup =
  { readonly ok: true; readonly card: SavedCard } | { readonly ok: false; readonly reason: string };

export type Payment =
  | { readonly status: 'SUCCEEDED'; readonly paymentId: string; readonly amountCents: number }
  | { readonly status: 'DECLINED'; readonly paymentId: string; readonly reason: DeclineReason }
  /** The person must authenticate the payment (3-D Secure) on a page of the processor's before it is charged. */
  | { readonly status: 'REQUIRES_ACTION'; readonly paymentId: string };

export interface PaymentRequest {
  readonly idempotencyKey: string;
  readonly customerId: string;
  readonly paymentMethodId: string;
  readonly amountCents: number;
}

export interface RefundRequest {
  readonly idempotencyKey: string;
  readonly paymentId: string;
  readonly amountCents: number;
}

export type Refund =
  | { readonly ok: true; readonly refundId: string; readonly amountCents: number }
  | { readonly ok: false; readonly reason: 'UNKNOWN_PAYMENT' | 'MORE_THAN_PAID' };

/** What a processor's webhook event says of a payment (its idempotency key is the order's id). */
export type ProcessorEvent =
  | { readonly kind: 'PAYMENT_SUCCEEDED'; readonly paymentId: string; readonly orderId: string | null }
  | {
      readonly kind: 'PAYMENT_FAILED';
      readonly paymentId: string;
      readonly orderId: string | null;
      readonly reason: string;
    }
  | { readonly kind: 'OTHER' };

/** The same idempotency key sent with other parameters: the processor refuses it rather than guess. */
export class IdempotencyKeyMismatch extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used with other parameters`);
    this.name = 'IdempotencyKeyMismatch';
  }
}

export abstract class CardProcessor {
  /** Whether payments are make-believe (the embedded sandbox, Stripe's test mode): every page and answer says so. */
  abstract readonly sandbox: boolean;
  /** Whether cards typed on the service's own page can be saved (`saveEnteredCard`): the sandbox's, not Stripe's. */
  abstract readonly takesTypedCards: boolean;
  /** Saves the card a PaymentMethod id names for the customer. */
  abstract saveCard(customerId: string, paymentMethodId: string): Promise<CardSetup>;
  /**
   * Saves a card the person typed on the service's own add-a-card page. Only the embedded sandbox takes typed numbers
   * (it keeps their brand, last four digits and expiry, never the number); a processor with a page of its own for
   * card entry answers `ok: false`.
   */
  abstract saveEnteredCard(customerId: string, card: EnteredCard): Promise<CardSetup>;
  /**
   * A page of the processor's own where the person adds a card (Stripe Checkout in setup mode), coming back to
   * `returnUrl` (with the session's id in place of `{SESSION_ID}`) or `cancelUrl`; undefined for a processor whose
   * cards are typed on the service's page (`takesTypedCards`).
   */
  abstract cardEntryPage(
    customerId: string,
    returnUrl: string,
    cancelUrl: string,
  ): Promise<{ readonly url: string } | undefined>;
  /** The card a finished session of `cardEntryPage` saved for the customer; undefined while it is not finished. */
  abstract cardEnteredIn(customerId: string, sessionId: string): Promise<SavedCard | undefined>;
  /** The cards saved for the customer, oldest first. */
  abstract savedCards(customerId: string): Promise<SavedCard[]>;
  /** Charges a saved card of the customer's, once per idempotency key: the same key again answers the first time's. */
  abstract pay(request: PaymentRequest): Promise<Payment>;
  /**
   * A webhook event the processor sent, checked with its signature scheme (its raw body and signature header);
   * undefined when it is not one the processor signed (or the processor sends none).
   */
  abstract eventOf(payload: string, signature: string | undefined): ProcessorEvent | undefined;
  /** Refunds a successful payment, in part or whole, once per idempotency key, never more than was paid. */
  abstract refund(request: RefundRequest): Promise<Refund>;
}
