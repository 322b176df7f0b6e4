import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A listing's number (`svc_listing_update` and `svc_listing_cancel` name listings by it alone): taken once, for one
 * name, and never given to another listing; the name leads to the listing's own stream.
 */
export const listingNumberStream = (listingId: number): string => `market-listing-number-${listingId}`;

export type ListingNumberTaken = DomainEvent<
  'ListingNumberTaken',
  MessageData<{ listingId: number }, { name: string }>
>;
export type TakeListingNumber = DomainCommand<'TakeListingNumber', ListingNumberTaken['data']>;

export interface ListingNumber {
  /** The name listed under the number; null while it is free. */
  readonly name: string | null;
}

export const listingNumberDecider: Decider<TakeListingNumber, ListingNumberTaken, ListingNumber> = {
  initialState: () => ({ name: null }),
  evolve: (_number, event) => ({ name: event.data.name }),
  decide: (command, number) => {
    if (number.name !== null) throw new Refused('CONFLICT', `listing number ${command.data.listingId} is taken`);
    return [{ type: 'ListingNumberTaken', data: command.data }];
  },
};
