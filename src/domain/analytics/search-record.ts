import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A search an account made (`svc_domains_search`), kept so that the analytics can count searches and how many of
 * them led to an order. Each search is a stream of its own: searches never wait on one another.
 */
export const searchStream = (searchId: string): string => `search-${searchId}`;

type Of<Data> = MessageData<{ searchId: string }, Data>;
export type DomainsSearched = DomainEvent<
  'DomainsSearched',
  Of<{ accountId: string; queries: number; candidates: number }>
>;
export type SearchEvent = DomainsSearched;

export type RecordSearch = DomainCommand<'RecordSearch', DomainsSearched['data']>;

export type SearchRecord = { readonly status: 'NONE' } | { readonly status: 'RECORDED' };

export const searchRecordDecider: Decider<RecordSearch, SearchEvent, SearchRecord> = {
  initialState: () => ({ status: 'NONE' }),
  evolve: (_record, event) => {
    switch (event.type) {
      case 'DomainsSearched':
        return { status: 'RECORDED' };
      default:
        return assertNever(event.type);
    }
  },
  // a search told twice (a retried append) is one search
  decide: (command, record) => (record.status === 'NONE' ? [{ type: 'DomainsSearched', data: command.data }] : []),
};
