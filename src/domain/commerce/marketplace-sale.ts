import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A name sold on an external marketplace, as the embedded marketplaces keep it (`SandboxMarketplaces`): sold once, to
 * one purchase; the same purchase asked again (a retried delivery) is the same sale, another is refused.
 */
export const marketplaceSaleStream = (name: string): string => `marketplace-sale-${name}`;

export type MarketplaceSource = 'EXTMARKET_A' | 'EXTMARKET_B';

type Of<Data> = MessageData<{ name: string }, Data>;
export type ListingSold = DomainEvent<
  'ListingSold',
  Of<{ source: MarketplaceSource; purchaseId: string; priceCents: number }>
>;
export type MarketplaceSaleEvent = ListingSold;
export type SellListing = DomainCommand<'SellListing', ListingSold['data']>;

export type MarketplaceSale =
  { readonly status: 'LISTED' } | { readonly status: 'SOLD'; readonly purchaseId: string; readonly priceCents: number };

const evolve = (_sale: MarketplaceSale, event: MarketplaceSaleEvent): MarketplaceSale => {
  switch (event.type) {
    case 'ListingSold':
      return { status: 'SOLD', purchaseId: event.data.purchaseId, priceCents: event.data.priceCents };
    default:
      return assertNever(event.type);
  }
};

const decide = (command: SellListing, sale: MarketplaceSale): MarketplaceSaleEvent[] => {
  if (sale.status === 'LISTED') return [{ type: 'ListingSold', data: command.data }];
  if (sale.purchaseId === command.data.purchaseId) return [];
  throw new Refused('NOT_AVAILABLE', `${command.data.name} was sold to another buyer`);
};

export const marketplaceSaleDecider: Decider<SellListing, MarketplaceSaleEvent, MarketplaceSale> = {
  initialState: () => ({ status: 'LISTED' }),
  evolve,
  decide,
};
