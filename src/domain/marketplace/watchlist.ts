import { Decider } from '../shared/decider';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * Who watches a name (the for-sale page's "Watch this name"): its holder sees how many (`watchlistCount`), never who.
 * Watching twice, or stopping twice, changes nothing.
 */
export const marketWatchStream = (name: string): string => `market-watch-${name}`;

type Of<Data = unknown> = MessageData<{ name: string; accountId: string }, Data>;
export type NameWatched = DomainEvent<'NameWatched', Of>;
export type NameUnwatched = DomainEvent<'NameUnwatched', Of>;
export type WatchEvent = NameWatched | NameUnwatched;
export type WatchCommand = DomainCommand<'WatchName' | 'UnwatchName', Of>;

export interface Watchers {
  readonly accounts: ReadonlySet<string>;
}

export const watchlistDecider: Decider<WatchCommand, WatchEvent, Watchers> = {
  initialState: () => ({ accounts: new Set() }),
  evolve: ({ accounts }, { type, data }) => {
    const next = new Set(accounts);
    if (type === 'NameWatched') next.add(data.accountId);
    else next.delete(data.accountId);
    return { accounts: next };
  },
  decide: ({ type, data }, { accounts }) => {
    const watching = accounts.has(data.accountId);
    if (type === 'WatchName') return watching ? [] : [{ type: 'NameWatched', data }];
    return watching ? [{ type: 'NameUnwatched', data }] : [];
  },
};
