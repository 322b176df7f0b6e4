import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * What a user account may pay with besides a card (`svc_cart_get_payment_methods`): its balance (money it holds
 * with us: top-ups, refunds of failed deliveries, sales) and its promo credits (given by the operator, spent only on
 * orders, never paid out). Neither goes below zero. An order spends from them once, and what a failed line gives
 * back goes to the pot it came from, never more than the order took from it.
 */
export const accountFundsStream = (accountId: string): string => `funds-${accountId}`;

export type FundsPot = 'BALANCE' | 'PROMO_CREDITS';

export interface PotAmounts {
  readonly balanceCents: number;
  readonly promoCreditsCents: number;
}

type Of<Data> = MessageData<{ accountId: string }, Data>;
/** Money put in by the operator (`entryId` names the grant, so that a retried grant is one). */
export type FundsAdded = DomainEvent<
  'FundsAdded',
  Of<{ entryId: string; pot: FundsPot; amountCents: number; reason: string }>
>;
export type FundsSpent = DomainEvent<'FundsSpent', Of<PotAmounts & { orderId: string }>>;
export type FundsReturned = DomainEvent<'FundsReturned', Of<PotAmounts & { orderId: string; refundId: string }>>;
export type AccountFundsEvent = FundsAdded | FundsSpent | FundsReturned;

export type AddFunds = DomainCommand<'AddFunds', FundsAdded['data']>;
export type SpendFunds = DomainCommand<'SpendFunds', FundsSpent['data']>;
export type ReturnFunds = DomainCommand<'ReturnFunds', FundsReturned['data']>;
export type AccountFundsCommand = AddFunds | SpendFunds | ReturnFunds;

export interface AccountFunds extends PotAmounts {
  readonly entries: ReadonlySet<string>;
  /** Per order: what it took from each pot, less what came back. */
  readonly orders: ReadonlyMap<string, PotAmounts>;
  readonly refunds: ReadonlySet<string>;
}

const emptyFunds = (): AccountFunds => ({
  balanceCents: 0,
  promoCreditsCents: 0,
  entries: new Set(),
  orders: new Map(),
  refunds: new Set(),
});

const plus = (a: PotAmounts, b: PotAmounts, sign: 1 | -1): PotAmounts => ({
  balanceCents: a.balanceCents + sign * b.balanceCents,
  promoCreditsCents: a.promoCreditsCents + sign * b.promoCreditsCents,
});

const NOTHING: PotAmounts = { balanceCents: 0, promoCreditsCents: 0 };

const evolve = (funds: AccountFunds, event: AccountFundsEvent): AccountFunds => {
  switch (event.type) {
    case 'FundsAdded': {
      const { pot, amountCents, entryId } = event.data;
      const added =
        pot === 'BALANCE' ? { ...NOTHING, balanceCents: amountCents } : { ...NOTHING, promoCreditsCents: amountCents };
      return { ...funds, ...plus(funds, added, 1), entries: new Set([...funds.entries, entryId]) };
    }
    case 'FundsSpent':
      return {
        ...funds,
        ...plus(funds, event.data, -1),
        orders: new Map([...funds.orders, [event.data.orderId, plus(NOTHING, event.data, 1)]]),
      };
    case 'FundsReturned': {
      const { orderId, refundId } = event.data;
      const taken = funds.orders.get(orderId) ?? NOTHING;
      return {
        ...funds,
        ...plus(funds, event.data, 1),
        orders: new Map([...funds.orders, [orderId, plus(taken, event.data, -1)]]),
        refunds: new Set([...funds.refunds, refundId]),
      };
    }
    default:
      return assertNever(event);
  }
};

const wholeCents = (...amounts: number[]): void => {
  if (!amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 0))
    throw new Refused('VALIDATION', 'amounts are whole cents, never negative');
};

const decide = (command: AccountFundsCommand, funds: AccountFunds): AccountFundsEvent[] => {
  switch (command.type) {
    case 'AddFunds': {
      wholeCents(command.data.amountCents);
      if (command.data.amountCents === 0) throw new Refused('VALIDATION', 'funds added are at least one cent');
      return funds.entries.has(command.data.entryId) ? [] : [{ type: 'FundsAdded', data: command.data }];
    }
    case 'SpendFunds': {
      const { balanceCents, promoCreditsCents, orderId } = command.data;
      wholeCents(balanceCents, promoCreditsCents);
      // an order paid again (a retry, a second process) spends once
      if (funds.orders.has(orderId) || balanceCents + promoCreditsCents === 0) return [];
      if (balanceCents > funds.balanceCents || promoCreditsCents > funds.promoCreditsCents)
        throw new Refused('INSUFFICIENT_BALANCE', 'the account balance or promo credits no longer cover the order', {
          orderId,
        });
      return [{ type: 'FundsSpent', data: command.data }];
    }
    case 'ReturnFunds': {
      const { orderId, refundId, balanceCents, promoCreditsCents } = command.data;
      wholeCents(balanceCents, promoCreditsCents);
      if (funds.refunds.has(refundId) || balanceCents + promoCreditsCents === 0) return [];
      const taken = funds.orders.get(orderId) ?? NOTHING;
      if (balanceCents > taken.balanceCents || promoCreditsCents > taken.promoCreditsCents)
        throw new Refused('VALIDATION', 'never more is returned to a pot than the order took from it', { orderId });
      return [{ type: 'FundsReturned', data: command.data }];
    }
    default:
      return assertNever(command);
  }
};

export const accountFundsDecider: Decider<AccountFundsCommand, AccountFundsEvent, AccountFunds> = {
  initialState: emptyFunds,
  evolve,
  decide,
};
