import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import {
  normalizedPromoCode,
  PromoCodeEvent,
  promoCodeDecider,
  promoCodeStream,
  promoProblemOf,
  PromoTerms,
  UsePromoCode,
} from './promo-code';

const at = Date.UTC(2026, 10, 26);
const day = 86_400_000;
const given = deciderSpec(promoCodeDecider);
const terms: PromoTerms = {
  code: 'WELCOME10',
  title: '10% off your first registration',
  off: { percentBasisPoints: 1000 },
  kinds: ['REGISTRATION'],
  minimumSpendCents: 0,
  expiresAt: at + 30 * day,
  usesPerAccount: 1,
  usesInAll: 3,
};
const created = (change: Partial<PromoTerms> = {}): PromoCodeEvent => ({
  type: 'PromoCodeCreated',
  data: { code: 'WELCOME10', terms: { ...terms, ...change }, at },
});
const use = (accountId: string, orderId: string, when = at): UsePromoCode => ({
  type: 'UsePromoCode',
  data: { code: 'WELCOME10', accountId, orderId, at: when },
});
const used = (accountId: string, orderId: string, when = at): PromoCodeEvent => ({
  type: 'PromoCodeUsed',
  data: { code: 'WELCOME10', accountId, orderId, at: when },
});
const released = (orderId: string): PromoCodeEvent => ({
  type: 'PromoCodeUseReleased',
  data: { code: 'WELCOME10', orderId, at },
});
const invalid = (problem: string) => ({
  code: 'PROMO_CODE_INVALID' as const,
  message: exactly(`promo code WELCOME10: ${problem}`),
  context: { code: 'WELCOME10', problem },
});

describe('a promo code', () => {
  it('is a stream per code, typed in any case, 3 to 32 letters, digits, - or _', () => {
    expect(promoCodeStream('WELCOME10')).toBe('promo-code-WELCOME10');
    expect(['  welcome10 ', 'a_b-c', 'ABC', 'X'.repeat(32)].map(normalizedPromoCode)).toEqual([
      'WELCOME10',
      'A_B-C',
      'ABC',
      'X'.repeat(32),
    ]);
    expect(['AB', 'X'.repeat(33), 'TEN%', 'ÉTÉ', 'A B', ''].map(normalizedPromoCode)).toEqual(Array(6).fill(undefined));
  });

  it('is created once, with its terms', () => {
    given()
      .when({ type: 'CreatePromoCode', data: { code: 'WELCOME10', terms, at } })
      .then(created());
    given(created()).thenState({ status: 'CREATED', terms, uses: [] });
    given(created())
      .when({ type: 'CreatePromoCode', data: { code: 'WELCOME10', terms, at } })
      .thenThrows(IllegalTransition, /^promo code WELCOME10 exists already$/);
  });

  it.each<[string, Partial<PromoTerms>, string]>([
    ['a code typed in lower case', { code: 'welcome10' }, 'a code is 3 to 32 capital letters, digits, - or _'],
    ['no use per account', { usesPerAccount: 0 }, 'a number of uses is at least 1'],
    ['no use in all', { usesInAll: 0 }, 'a number of uses is at least 1'],
    ['half a use', { usesInAll: 1.5 }, 'a number of uses is at least 1'],
    ['nothing off', { off: { fixedCents: 0 } }, 'a discount is a whole number of cents or basis points, at least 1'],
    [
      'half a cent off',
      { off: { fixedCents: 0.5 } },
      'a discount is a whole number of cents or basis points, at least 1',
    ],
    ['more than all off', { off: { percentBasisPoints: 10_001 } }, 'a percentage discount is at most 100%'],
    ['a negative minimum spend', { minimumSpendCents: -1 }, 'a minimum spend is whole cents, never negative'],
    ['half a cent of minimum spend', { minimumSpendCents: 0.5 }, 'a minimum spend is whole cents, never negative'],
  ])('refuses terms with %s', (_what, change, message) =>
    given()
      .when({ type: 'CreatePromoCode', data: { code: 'WELCOME10', terms: { ...terms, ...change }, at } })
      .thenThrows(Refused, { code: 'VALIDATION', message: exactly(message), context: {} }),
  );

  it('takes the bounds themselves: one use, all off, any number of uses, no minimum', () =>
    given()
      .when({
        type: 'CreatePromoCode',
        data: {
          code: 'WELCOME10',
          terms: { ...terms, off: { percentBasisPoints: 10_000 }, usesPerAccount: null, usesInAll: 1 },
          at,
        },
      })
      .then(created({ off: { percentBasisPoints: 10_000 }, usesPerAccount: null, usesInAll: 1 })));

  it('takes a fixed amount off from one cent', () =>
    given()
      .when({ type: 'CreatePromoCode', data: { code: 'WELCOME10', terms: { ...terms, off: { fixedCents: 1 } }, at } })
      .then(created({ off: { fixedCents: 1 } })));

  it('is used by an order, once per order however often the order is paid again', () => {
    given(created()).when(use('acc-1', 'ord-1')).then(used('acc-1', 'ord-1'));
    given(created(), used('acc-1', 'ord-1'))
      .when(use('acc-1', 'ord-1', at + 31 * day))
      .thenNothing();
    given(created(), used('acc-1', 'ord-1')).thenState({ uses: [{ accountId: 'acc-1', orderId: 'ord-1' }] });
  });

  it('is refused past its expiry, past its uses per account, and past its uses in all', () => {
    given(created())
      .when(use('acc-1', 'ord-1', at + 30 * day))
      .thenThrows(Refused, invalid('EXPIRED'));
    given(created())
      .when(use('acc-1', 'ord-1', at + 30 * day - 1))
      .then(used('acc-1', 'ord-1', at + 30 * day - 1));
    given(created(), used('acc-1', 'ord-1'))
      .when(use('acc-1', 'ord-2'))
      .thenThrows(Refused, invalid('USED_UP_BY_ACCOUNT'));
    given(created(), used('acc-1', 'ord-1')).when(use('acc-2', 'ord-2')).then(used('acc-2', 'ord-2'));
    given(created(), used('acc-1', 'ord-1'), used('acc-2', 'ord-2'), used('acc-3', 'ord-3'))
      .when(use('acc-4', 'ord-4'))
      .thenThrows(Refused, invalid('USED_UP'));
    given().when(use('acc-1', 'ord-1')).thenThrows(Refused, invalid('UNKNOWN_CODE'));
  });

  it('applies for ever and without limit when its terms set none', () => {
    const open = fold(promoCodeDecider, [
      created({ expiresAt: null, usesPerAccount: null, usesInAll: null }),
      used('acc-1', 'ord-1'),
      used('acc-1', 'ord-2'),
    ]);
    expect(promoProblemOf(open, 'acc-1', at + 3650 * day)).toBeUndefined();
  });

  it('fails loudly on a command or an event of a newer version, and ignores a use of a code never created', () => {
    expect(() => promoCodeDecider.decide({ type: 'RetirePromoCode' } as never, { status: 'NONE' })).toThrow(
      /unexpected value/,
    );
    expect(() => fold(promoCodeDecider, [{ type: 'PromoCodeRetired' } as never])).toThrow(/unexpected value/);
    expect(fold(promoCodeDecider, [used('acc-1', 'ord-1')])).toEqual({ status: 'NONE' });
    expect(fold(promoCodeDecider, [released('ord-1')])).toEqual({ status: 'NONE' });
  });

  it('gives a use back when its order was not paid, so that the code applies again', () => {
    const release = { type: 'ReleasePromoCode' as const, data: { code: 'WELCOME10', orderId: 'ord-1', at } };
    given(created(), used('acc-1', 'ord-1')).when(release).then(released('ord-1'));
    given(created(), used('acc-1', 'ord-1'), used('acc-2', 'ord-2'), released('ord-1')).thenState({
      uses: [{ accountId: 'acc-2', orderId: 'ord-2' }],
    });
    given(created(), used('acc-1', 'ord-1'), released('ord-1'))
      .when(use('acc-1', 'ord-3'))
      .then(used('acc-1', 'ord-3'));
  });

  it('gives back nothing twice, nor for an order that did not use it, nor of a code never created', () => {
    const release = { type: 'ReleasePromoCode' as const, data: { code: 'WELCOME10', orderId: 'ord-1', at } };
    given(created(), used('acc-1', 'ord-1'), released('ord-1')).when(release).thenNothing();
    given(created(), used('acc-1', 'ord-2')).when(release).thenNothing();
    given().when(release).thenNothing();
  });
});
