/**
 * The cards the embedded sandbox processor knows, as Stripe's test mode behaves for its documented test card numbers
 * and test PaymentMethod ids (docs.stripe.com/testing), so that an agent that checks out here in the sandbox meets
 * the outcomes it would meet against Stripe in test mode. A card number is read once, by the add-a-card page, and
 * only its brand, last four digits and expiry are kept.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unknown';

/** Why a charge is declined, in Stripe's words (its `decline_code`, or its error `code` where there is none). */
export type DeclineReason =
  | 'generic_decline'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error';

/** What charging a card does: it pays, it is declined, or the person must authenticate the payment first. */
export type ChargeOutcome =
  | { readonly kind: 'SUCCEEDS' }
  | { readonly kind: 'DECLINED'; readonly reason: DeclineReason }
  | { readonly kind: 'NEEDS_AUTHENTICATION' };

/** Test card numbers with an outcome of their own; any other number that passes the checksum succeeds. */
const OUTCOMES: ReadonlyMap<string, ChargeOutcome> = new Map<string, ChargeOutcome>([
  ['4000000000000002', { kind: 'DECLINED', reason: 'generic_decline' }],
  ['4000000000009995', { kind: 'DECLINED', reason: 'insufficient_funds' }],
  ['4000000000009987', { kind: 'DECLINED', reason: 'lost_card' }],
  ['4000000000009979', { kind: 'DECLINED', reason: 'stolen_card' }],
  ['4000000000000069', { kind: 'DECLINED', reason: 'expired_card' }],
  ['4000000000000127', { kind: 'DECLINED', reason: 'incorrect_cvc' }],
  ['4000000000000119', { kind: 'DECLINED', reason: 'processing_error' }],
  // saved without trouble, declined when charged
  ['4000000000000341', { kind: 'DECLINED', reason: 'generic_decline' }],
  ['4000002760003184', { kind: 'NEEDS_AUTHENTICATION' }],
]);

/** Stripe's test PaymentMethod ids, each standing for one of its test card numbers. */
export const SANDBOX_PAYMENT_METHODS: ReadonlyMap<string, string> = new Map([
  ['pm_card_visa', '4242424242424242'],
  ['pm_card_visa_debit', '4000056655665556'],
  ['pm_card_mastercard', '5555555555554444'],
  ['pm_card_amex', '378282246310005'],
  ['pm_card_discover', '6011111111111117'],
  ['pm_card_jcb', '3566002020360505'],
  ['pm_card_chargeDeclined', '4000000000000002'],
  ['pm_card_chargeDeclinedInsufficientFunds', '4000000000009995'],
  ['pm_card_chargeDeclinedLostCard', '4000000000009987'],
  ['pm_card_chargeDeclinedStolenCard', '4000000000009979'],
  ['pm_card_chargeDeclinedExpiredCard', '4000000000000069'],
  ['pm_card_chargeDeclinedIncorrectCvc', '4000000000000127'],
  ['pm_card_chargeDeclinedProcessingError', '4000000000000119'],
  ['pm_card_chargeCustomerFail', '4000000000000341'],
  ['pm_card_authenticationRequired', '4000002760003184'],
]);

/** Whether the digits pass the Luhn checksum every card number carries. */
const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    const doubled = index % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
};

const inRange = (digits: string, length: number, from: number, to: number): boolean => {
  const prefix = Number(digits.slice(0, length));
  return prefix >= from && prefix <= to;
};

const brandOf = (digits: string): CardBrand => {
  if (digits.startsWith('4')) return 'visa';
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || inRange(digits, 3, 644, 649)) return 'discover';
  if (inRange(digits, 4, 3528, 3589)) return 'jcb';
  if (digits.startsWith('36') || inRange(digits, 2, 38, 39) || inRange(digits, 3, 300, 305)) return 'diners';
  return 'unknown';
};

export interface CardNumberFacts {
  readonly brand: CardBrand;
  readonly last4: string;
  readonly outcome: ChargeOutcome;
}

/** What a typed card number is (spaces and dashes allowed between digits); undefined when it is no card number. */
export const cardNumberFactsOf = (typed: string): CardNumberFacts | undefined => {
  if (!/^[0-9][0-9 -]*[0-9]$/.test(typed)) return undefined;
  const digits = typed.replace(/[ -]/g, '');
  if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) return undefined;
  return { brand: brandOf(digits), last4: digits.slice(-4), outcome: OUTCOMES.get(digits) ?? { kind: 'SUCCEEDS' } };
};

/** A card is good through the last moment of its expiry month (UTC). */
export const isCardExpired = (expMonth: number, expYear: number, at: number): boolean =>
  at >= Date.UTC(expYear, expMonth, 1);
