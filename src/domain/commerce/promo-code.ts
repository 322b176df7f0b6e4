import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { Discount } from './cart-pricing';

/**
 * A promo code the operator creates (with the CLI): its discount, when it expires, and how often it may be used, by
 * one account and in all. A use is counted when an order is paid with it; a cart only shows what it would take off.
 */
export const promoCodeStream = (code: string): string => `promo-code-${code}`;

/** Codes as people type them: letters, digits, `-` and `_`, 3 to 32, compared without regard to case. */
export const normalizedPromoCode = (typed: string): string | undefined => {
  const code = typed.trim().toUpperCase();
  return /^[A-Z0-9_-]{3,32}$/.test(code) ? code : undefined;
};

export interface PromoTerms extends Discount {
  /** The moment it stops applying; null: never. */
  readonly expiresAt: number | null;
  /** Uses per account; null: any. */
  readonly usesPerAccount: number | null;
  /** Uses in all; null: any. */
  readonly usesInAll: number | null;
}

type Of<Data> = MessageData<{ code: string }, Data>;
export type PromoCodeCreated = DomainEvent<'PromoCodeCreated', Of<{ terms: PromoTerms }>>;
export type PromoCodeUsed = DomainEvent<'PromoCodeUsed', Of<{ accountId: string; orderId: string }>>;
/** The order that used it was not paid: the use no longer counts. */
export type PromoCodeUseReleased = DomainEvent<'PromoCodeUseReleased', Of<{ orderId: string }>>;
export type PromoCodeEvent = PromoCodeCreated | PromoCodeUsed | PromoCodeUseReleased;

export type CreatePromoCode = DomainCommand<'CreatePromoCode', Of<{ terms: PromoTerms }>>;
export type UsePromoCode = DomainCommand<'UsePromoCode', Of<{ accountId: string; orderId: string }>>;
export type ReleasePromoCode = DomainCommand<'ReleasePromoCode', PromoCodeUseReleased['data']>;
export type PromoCodeCommand = CreatePromoCode | UsePromoCode | ReleasePromoCode;

export type PromoCode =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'CREATED';
      readonly terms: PromoTerms;
      /** The orders paid with it, and by which account. */
      readonly uses: readonly { readonly accountId: string; readonly orderId: string }[];
    };

/** Why a code does not apply to an account now; none when it does. */
export type PromoProblem = 'UNKNOWN_CODE' | 'EXPIRED' | 'USED_UP' | 'USED_UP_BY_ACCOUNT';

export const promoProblemOf = (promo: PromoCode, accountId: string, at: number): PromoProblem | undefined => {
  if (promo.status === 'NONE') return 'UNKNOWN_CODE';
  const { terms, uses } = promo;
  if (terms.expiresAt !== null && at >= terms.expiresAt) return 'EXPIRED';
  if (terms.usesInAll !== null && uses.length >= terms.usesInAll) return 'USED_UP';
  const byAccount = uses.filter((use) => use.accountId === accountId).length;
  if (terms.usesPerAccount !== null && byAccount >= terms.usesPerAccount) return 'USED_UP_BY_ACCOUNT';
  return undefined;
};

const termsProblemOf = (terms: PromoTerms): string | undefined => {
  const counts = [terms.usesPerAccount, terms.usesInAll].filter((count): count is number => count !== null);
  const off = 'fixedCents' in terms.off ? terms.off.fixedCents : terms.off.percentBasisPoints;
  if (normalizedPromoCode(terms.code) !== terms.code) return 'a code is 3 to 32 capital letters, digits, - or _';
  if (!counts.every((count) => Number.isSafeInteger(count) && count >= 1)) return 'a number of uses is at least 1';
  if (!Number.isSafeInteger(off) || off < 1) return 'a discount is a whole number of cents or basis points, at least 1';
  if ('percentBasisPoints' in terms.off && off > 10_000) return 'a percentage discount is at most 100%';
  if (!Number.isSafeInteger(terms.minimumSpendCents) || terms.minimumSpendCents < 0)
    return 'a minimum spend is whole cents, never negative';
  return undefined;
};

const evolve = (promo: PromoCode, event: PromoCodeEvent): PromoCode => {
  switch (event.type) {
    case 'PromoCodeCreated':
      return { status: 'CREATED', terms: event.data.terms, uses: [] };
    case 'PromoCodeUsed':
      if (promo.status === 'NONE') return promo;
      return { ...promo, uses: [...promo.uses, { accountId: event.data.accountId, orderId: event.data.orderId }] };
    case 'PromoCodeUseReleased':
      if (promo.status === 'NONE') return promo;
      return { ...promo, uses: promo.uses.filter((use) => use.orderId !== event.data.orderId) };
    default:
      return assertNever(event);
  }
};

const decide = (command: PromoCodeCommand, promo: PromoCode): PromoCodeEvent[] => {
  switch (command.type) {
    case 'CreatePromoCode': {
      if (promo.status !== 'NONE') throw new IllegalTransition(`promo code ${command.data.code} exists already`);
      const problem = termsProblemOf(command.data.terms);
      if (problem) throw new Refused('VALIDATION', problem);
      return [{ type: 'PromoCodeCreated', data: command.data }];
    }
    case 'UsePromoCode': {
      const { code, accountId, orderId, at } = command.data;
      // an order paid again (a retry) uses the code once
      if (promo.status === 'CREATED' && promo.uses.some((use) => use.orderId === orderId)) return [];
      const problem = promoProblemOf(promo, accountId, at);
      if (problem) throw new Refused('PROMO_CODE_INVALID', `promo code ${code}: ${problem}`, { code, problem });
      return [{ type: 'PromoCodeUsed', data: command.data }];
    }
    case 'ReleasePromoCode':
      // released twice, or never used by the order: nothing counts for it
      if (promo.status !== 'CREATED' || !promo.uses.some((use) => use.orderId === command.data.orderId)) return [];
      return [{ type: 'PromoCodeUseReleased', data: command.data }];
    default:
      return assertNever(command);
  }
};

export const promoCodeDecider: Decider<PromoCodeCommand, PromoCodeEvent, PromoCode> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
