import { Projection } from '../../application/shared/projection';
import { StoredEvent } from '../../application/shared/event-store.port';
import { Blockchain, tokenIdOf, ZERO_ADDRESS } from '../../domain/chains/blockchain';
import { DomainNamed, DomainRewound, DomainTransferred } from '../../domain/chains/registry-log.events';
import { AutoRenewalDisabled, AutoRenewalEnabled } from '../../domain/commerce/auto-renewal';
import { DNS_DOMAIN_EVENT_TYPES, DnsDomainEvent } from '../../domain/dns-domains/dns-domain';
import { DomainTagsChanged, RegistryType } from '../../domain/portfolio/domain-tags';
import { ConversationStarted } from '../../domain/marketplace/conversation';
import { ListingEvent } from '../../domain/marketplace/listing';
import { OfferMade } from '../../domain/marketplace/offer';
import { WatchEvent } from '../../domain/marketplace/watchlist';
import { assertNever } from '../../domain/shared/assert-never';
import { unicodeFormOf } from '../../domain/shared/idna';
import { unicodeLabelOf } from '../../domain/shared/names';

/**
 * One domain of a portfolio (surface A's `svc_portfolio_list`), flat so that every filter and order of the action is
 * a filter or sort of the document store. DNS domains are held by an account; blockchain domains by an address,
 * whichever account's wallet it is (the query asks for the account's wallets).
 */
export interface PortfolioRow {
  /** The account (DNS) or the owner's address (web3, lowercase). */
  readonly holder: string;
  /** This holding of the domain: the registration's operation, or the log of the transfer to the owner. */
  readonly holding: string;
  readonly registryType: RegistryType;
  /** Null for a token whose name the registry has not logged yet: not listed until it has. */
  readonly name: string | null;
  readonly unicodeName: string | null;
  /** `name` and `unicodeName`, for the search term. */
  readonly searchText: string;
  readonly label: string | null;
  /** Characters of the label's Unicode form. */
  readonly labelLength: number | null;
  readonly extension: string | null;
  readonly blockchain: Blockchain | null;
  /** When it became the holder's: registered, or transferred to the owner's address. */
  readonly purchasedAt: number | null;
  readonly expiresAt: number | null;
  readonly transferStatus: 'none' | 'inbound';
  readonly tags: readonly string[];
  /** Listing and counts of the marketplace; none until the holder lists the name. */
  readonly forSale: boolean;
  readonly listingPriceCents: number | null;
  /** The holder's listing of the name (open until it expires by the clock); absent in documents before version 5. */
  readonly listing?: PortfolioListing | null;
  readonly offersCount: number;
  readonly leadsCount: number;
  readonly watchlistCount: number;
  readonly autoRenewal: boolean;
}

/** A listing as the portfolio shows it: `forSale` and `listingPriceCents` hold it for the index's filters. */
export interface PortfolioListing {
  readonly id: number;
  readonly priceCents: number;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** The listing events that change what the portfolio shows of a name's listing. */
const PORTFOLIO_LISTING_EVENTS = ['ListingCreated', 'ListingUpdated', 'ListingCancelled', 'ListingPurchased'] as const;
type PortfolioListingEvent = Extract<ListingEvent, { type: (typeof PORTFOLIO_LISTING_EVENTS)[number] }>;

type PortfolioEvent =
  | PortfolioListingEvent
  | OfferMade
  | ConversationStarted
  | WatchEvent
  | DnsDomainEvent
  | DomainTransferred
  | DomainNamed
  | DomainRewound
  | DomainTagsChanged
  | AutoRenewalEnabled
  | AutoRenewalDisabled;

export const portfolioId = (registryType: RegistryType, name: string): string =>
  registryType === 'dns' ? `dns:${name}` : `web3:${tokenIdOf(name)}`;

const named = (name: string) => {
  const unicodeName = unicodeFormOf(name);
  const dot = name.lastIndexOf('.');
  return {
    name,
    unicodeName,
    searchText: name === unicodeName ? name : `${name} ${unicodeName}`,
    label: name.slice(0, dot),
    labelLength: [...unicodeLabelOf({ unicode: unicodeName })].length,
    extension: name.slice(dot + 1),
  };
};

const fresh = (holder: string, holding: string, registryType: RegistryType, purchasedAt: number | null) => ({
  holder,
  holding,
  registryType,
  blockchain: null,
  purchasedAt,
  expiresAt: null,
  transferStatus: 'none' as const,
  tags: [],
  forSale: false,
  listingPriceCents: null,
  listing: null,
  offersCount: 0,
  leadsCount: 0,
  watchlistCount: 0,
  autoRenewal: false,
});

const evolveDns = (row: PortfolioRow | undefined, { type, data }: DnsDomainEvent): PortfolioRow | null => {
  switch (type) {
    case 'DnsRegistrationRequested':
      return {
        ...fresh(data.accountId, data.operationId, 'dns', null),
        ...named(data.name),
        transferStatus: data.sealedTransferCode === undefined ? 'none' : 'inbound',
      };
    case 'DnsDomainRegistered':
      // a name transferred in was created at the registry long before: it became the account's now
      return row
        ? {
            ...row,
            purchasedAt: row.transferStatus === 'inbound' ? data.at : data.createdAt,
            expiresAt: data.expiresAt,
            transferStatus: 'none',
          }
        : null;
    case 'DnsDomainRenewed':
      return row ? { ...row, expiresAt: data.expiresAt } : null;
    case 'DnsDomainHandedOver':
      // a new holding: the tags, the listing and the auto-renewal of the one before are not its
      return row
        ? {
            ...fresh(data.toAccountId, data.operationId, 'dns', data.at),
            ...named(data.name),
            expiresAt: row.expiresAt,
          }
        : null;
    case 'DnsRegistrationAbandoned':
    case 'DnsDomainReleased':
      return null;
    default:
      return row ?? null;
  }
};

const evolveChain = (row: PortfolioRow | undefined, event: DomainTransferred | DomainNamed): PortfolioRow | null => {
  if (event.type === 'DomainNamed') return row ? { ...row, ...named(event.data.name) } : null;
  const { to, blockchain, blockTimestamp, transactionHash, logIndex } = event.data;
  if (to === ZERO_ADDRESS) return null;
  // a new holding: the tags of the one before are not its
  return {
    ...fresh(to, `${transactionHash}:${logIndex}`, 'web3', blockTimestamp),
    name: row?.name ?? null,
    unicodeName: row?.unicodeName ?? null,
    searchText: row?.searchText ?? '',
    label: row?.label ?? null,
    labelLength: row?.labelLength ?? null,
    extension: row?.extension ?? null,
    blockchain,
  };
};

/**
 * A token told again after a reorganisation: its holding as the logs still on the chain make it, keeping the tags
 * when that is the same holding as before.
 */
const rewound = (row: PortfolioRow | undefined, { replay }: DomainRewound['data']): PortfolioRow | null => {
  const again = replay.reduce<PortfolioRow | null>(
    (folded, log) =>
      log.type === 'DomainTransferred' || log.type === 'DomainNamed' ? evolveChain(folded ?? undefined, log) : folded,
    null,
  );
  return again && row?.holding === again.holding ? { ...again, tags: row.tags } : again;
};

/** The listing events of the row's holder, and only while the holding lasts (a listing is its seller's). */
const evolveListing = (row: PortfolioRow | undefined, event: PortfolioListingEvent): PortfolioRow | null => {
  if (!row) return null;
  const ours = row.listing?.id === event.data.listingId;
  switch (event.type) {
    case 'ListingCreated': {
      const { data } = event;
      if (row.holder !== data.sellerAccountId) return row;
      const listing = {
        id: data.listingId,
        priceCents: data.terms.priceCents,
        createdAt: data.at,
        expiresAt: data.terms.expiresAt,
      };
      return { ...row, forSale: true, listingPriceCents: listing.priceCents, listing };
    }
    case 'ListingUpdated': {
      const { terms } = event.data;
      return ours && row.listing
        ? {
            ...row,
            listingPriceCents: terms.priceCents,
            listing: { ...row.listing, priceCents: terms.priceCents, expiresAt: terms.expiresAt },
          }
        : row;
    }
    case 'ListingCancelled':
    case 'ListingPurchased':
      return ours ? { ...row, forSale: false, listingPriceCents: null, listing: null } : row;
    default:
      return assertNever(event);
  }
};

export const portfolio: Projection<PortfolioRow, PortfolioEvent> = {
  name: 'portfolio',
  // 3: reorganisations (DomainRewound); 4: auto-renewal; 5: listings; 6: names changing hands; 7: offers, leads;
  // 8: watchers
  version: 8,
  handles: [
    ...PORTFOLIO_LISTING_EVENTS,
    'OfferMade',
    'ConversationStarted',
    'NameWatched',
    'NameUnwatched',
    ...DNS_DOMAIN_EVENT_TYPES,
    'DomainTransferred',
    'DomainNamed',
    'DomainRewound',
    'DomainTagsChanged',
    'AutoRenewalEnabled',
    'AutoRenewalDisabled',
  ],
  idOf: (event: StoredEvent<PortfolioEvent>) => {
    switch (event.type) {
      case 'DomainTransferred':
      case 'DomainNamed':
      case 'DomainRewound':
        return `web3:${event.data.tokenId}`;
      case 'DomainTagsChanged':
        return portfolioId(event.data.registryType, event.data.name);
      default:
        return `dns:${event.data.name}`;
    }
  },
  evolve: (row, event) => {
    switch (event.type) {
      case 'DomainTransferred':
      case 'DomainNamed':
        return evolveChain(row, event);
      case 'DomainRewound':
        return rewound(row, event.data);
      case 'DomainTagsChanged':
        // tags of a holding that has ended (the domain changed hands since) change nothing
        return row && row.holding === event.data.holding ? { ...row, tags: event.data.tags } : (row ?? null);
      case 'ListingCreated':
      case 'ListingUpdated':
      case 'ListingCancelled':
      case 'ListingPurchased':
        return evolveListing(row, event);
      case 'OfferMade':
        // offers and conversations with buyers count for the holding they were made in
        return row && row.holder === event.data.sellerAccountId
          ? { ...row, offersCount: row.offersCount + 1 }
          : (row ?? null);
      case 'NameWatched':
      case 'NameUnwatched':
        // watchers of the name while it is the holder's
        return row
          ? { ...row, watchlistCount: Math.max(0, row.watchlistCount + (event.type === 'NameWatched' ? 1 : -1)) }
          : null;
      case 'ConversationStarted':
        return row && row.holder === event.data.sellerAccountId
          ? { ...row, leadsCount: row.leadsCount + 1 }
          : (row ?? null);
      case 'AutoRenewalEnabled':
      case 'AutoRenewalDisabled':
        // only its holder's setting counts
        return row && row.holder === event.data.accountId
          ? { ...row, autoRenewal: event.type === 'AutoRenewalEnabled' }
          : (row ?? null);
      default:
        return evolveDns(row, event);
    }
  },
};
