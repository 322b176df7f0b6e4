// Equivalent mutant: `sum +=` made `sum -=` in the Luhn checksum: a sum and its negation are both multiples of 10
// or neither.
import { cardNumberFactsOf, isCardExpired, SANDBOX_PAYMENT_METHODS } from './sandbox-cards';

const outcomeOf = (number: string) => cardNumberFactsOf(number)?.outcome;

describe('the sandbox processor’s cards', () => {
  it('charges Stripe’s test PaymentMethods as Stripe’s test mode does', () => {
    const outcomes = Object.fromEntries(
      [...SANDBOX_PAYMENT_METHODS].map(([paymentMethod, number]) => [paymentMethod, outcomeOf(number)]),
    );
    expect(outcomes).toEqual({
      pm_card_visa: { kind: 'SUCCEEDS' },
      pm_card_visa_debit: { kind: 'SUCCEEDS' },
      pm_card_mastercard: { kind: 'SUCCEEDS' },
      pm_card_amex: { kind: 'SUCCEEDS' },
      pm_card_discover: { kind: 'SUCCEEDS' },
      pm_card_jcb: { kind: 'SUCCEEDS' },
      pm_card_chargeDeclined: { kind: 'DECLINED', reason: 'generic_decline' },
      pm_card_chargeDeclinedInsufficientFunds: { kind: 'DECLINED', reason: 'insufficient_funds' },
      pm_card_chargeDeclinedLostCard: { kind: 'DECLINED', reason: 'lost_card' },
      pm_card_chargeDeclinedStolenCard: { kind: 'DECLINED', reason: 'stolen_card' },
      pm_card_chargeDeclinedExpiredCard: { kind: 'DECLINED', reason: 'expired_card' },
      pm_card_chargeDeclinedIncorrectCvc: { kind: 'DECLINED', reason: 'incorrect_cvc' },
      pm_card_chargeDeclinedProcessingError: { kind: 'DECLINED', reason: 'processing_error' },
      pm_card_chargeCustomerFail: { kind: 'DECLINED', reason: 'generic_decline' },
      pm_card_authenticationRequired: { kind: 'NEEDS_AUTHENTICATION' },
    });
  });

  it('reads a typed number: its brand and last four digits, spaces and dashes between digits allowed', () => {
    expect(cardNumberFactsOf('4242 4242 4242 4242')).toEqual({
      brand: 'visa',
      last4: '4242',
      outcome: { kind: 'SUCCEEDS' },
    });
    const brands = [
      ['5555-5555-5555-4444', 'mastercard'],
      ['2223003122003222', 'mastercard'],
      ['378282246310005', 'amex'],
      ['371449635398431', 'amex'],
      ['340000000000009', 'amex'],
      ['6011111111111117', 'discover'],
      ['6500000000000002', 'discover'],
      ['6445644564456445', 'discover'],
      ['3566002020360505', 'jcb'],
      ['3530111333300000', 'jcb'],
      ['30569309025904', 'diners'],
      ['36227206271667', 'diners'],
      ['38520000023237', 'diners'],
      ['1234567812345670', 'unknown'],
    ];
    expect(brands.map(([number]) => [number, cardNumberFactsOf(number)?.brand])).toEqual(brands);
    expect(cardNumberFactsOf('30569309025904')?.last4).toBe('5904');
  });

  it('refuses what is no card number: a wrong checksum, too short or long, letters or separators at the ends', () => {
    for (const typed of [
      '4242424242424241',
      '42424242420',
      '4'.repeat(20),
      '4242 4242 4242 424a',
      ' 4242424242424242',
      '4242424242424242-',
      '',
      '4',
    ])
      expect([typed, cardNumberFactsOf(typed)]).toEqual([typed, undefined]);
    expect(cardNumberFactsOf('424242424242')?.brand).toBe('visa');
    expect(cardNumberFactsOf('4000000000000000006')?.last4).toBe('0006');
  });

  it('keeps a card good through the last moment of its expiry month', () => {
    expect(isCardExpired(12, 2026, Date.UTC(2027, 0, 1) - 1)).toBe(false);
    expect(isCardExpired(12, 2026, Date.UTC(2027, 0, 1))).toBe(true);
    expect(isCardExpired(2, 2027, Date.UTC(2027, 1, 28, 23, 59))).toBe(false);
  });
});
