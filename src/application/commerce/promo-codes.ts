import { Discount } from '../../domain/commerce/cart-pricing';
import {
  normalizedPromoCode,
  promoCodeDecider,
  promoCodeStream,
  promoProblemOf,
} from '../../domain/commerce/promo-code';
import { Refused } from '../../domain/shared/errors';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';

const PROBLEM_TOLD = {
  UNKNOWN_CODE: 'is not a code of ours',
  EXPIRED: 'has expired',
  USED_UP: 'has been used as often as it may be',
  USED_UP_BY_ACCOUNT: 'has been used by this account as often as it may be',
} as const;

/**
 * The discount a typed code gives this account now; a code that does not apply is refused with the reason, so that
 * an agent tells its user rather than checking out without the discount it expected.
 */
export const discountOf = async (
  store: EventStore,
  typed: string,
  accountId: string,
  at: number,
): Promise<Discount> => {
  const code = normalizedPromoCode(typed);
  const promo =
    code === undefined ? undefined : (await loadStream(store, promoCodeStream(code), promoCodeDecider)).state;
  const problem = promo ? promoProblemOf(promo, accountId, at) : 'UNKNOWN_CODE';
  if (problem || !promo || promo.status === 'NONE')
    throw new Refused(
      'PROMO_CODE_INVALID',
      `the discount code ${typed.slice(0, 40)} ${PROBLEM_TOLD[problem ?? 'UNKNOWN_CODE']}`,
      {
        problem,
      },
    );
  return promo.terms;
};
