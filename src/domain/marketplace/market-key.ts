import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A key of the marketplace that leads to one thing, taken once: the conversation of a buyer and a seller about a name
 * (so that they always meet in the same one), a buyer's id as one seller knows it (so that the seller can answer it
 * without learning the account).
 */
export type MarketKeyKind = 'conversation' | 'buyer';

export const marketKeyStream = (kind: MarketKeyKind, key: string): string => `market-key-${kind}-${key}`;

export type MarketKeyTaken = DomainEvent<
  'MarketKeyTaken',
  MessageData<{ kind: MarketKeyKind; key: string }, { value: string }>
>;
export type TakeMarketKey = DomainCommand<'TakeMarketKey', MarketKeyTaken['data']>;

export interface MarketKey {
  /** What the key leads to; null while it is free. */
  readonly value: string | null;
}

export const marketKeyDecider: Decider<TakeMarketKey, MarketKeyTaken, MarketKey> = {
  initialState: () => ({ value: null }),
  evolve: (_key, event) => ({ value: event.data.value }),
  decide: ({ data }, key) => {
    if (key.value === data.value) return []; // taken again for the same thing: a retry
    if (key.value !== null) throw new Refused('CONFLICT', `the ${data.kind} key ${data.key} is taken`);
    return [{ type: 'MarketKeyTaken', data }];
  },
};
