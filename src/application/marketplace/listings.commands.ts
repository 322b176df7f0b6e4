import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomInt } from 'node:crypto';
import {
  ListingCommand,
  marketListingDecider,
  marketListingStream,
  OpenListing,
  openListingAt,
} from '../../domain/marketplace/listing';
import { listingNumberDecider, listingNumberStream } from '../../domain/marketplace/listing-number';
import {
  AskedTerms,
  displayNameProblemOf,
  listingTermsOf,
  TermsChange,
  updatedTermsOf,
} from '../../domain/marketplace/listing-terms';
import { DomainError, NotFound, Refused } from '../../domain/shared/errors';
import { parseAskedName, storedNameOf } from '../../domain/shared/names';
import { AccountNames } from '../dns-domains/account-names';
import { Registry } from '../registry/registry.port';
import { EventStore } from '../shared/event-store.port';
import { loadStream, transact, writeAfter } from '../shared/handle-command';

/** What became of one listing asked: the listing, or why not (the others go on all the same). */
export type ListingOutcome =
  | { readonly name: string; readonly listing: OpenListing }
  | { readonly name: string | null; readonly listingId: number | null; readonly problem: string };

/** Listing numbers are drawn at random (a number says nothing of how many names are listed), below 2^48. */
const LISTING_NUMBERS = 2 ** 48;

const problemOf = (name: string | null, listingId: number | null, error: unknown): ListingOutcome => {
  if (!(error instanceof DomainError)) throw error;
  return { name, listingId, problem: error.message };
};

/**
 * `svc_listing_create`: lists each asked name of the seller's at its terms, one outcome per name in the order asked.
 * Only a name the seller holds, registered through us, can be listed, once at a time. Times are the registry's: the
 * marketplace runs on the clock its names expire by.
 */
export class CreateListings extends Command<ListingOutcome[]> {
  constructor(
    readonly sellerAccountId: string,
    readonly asks: readonly (AskedTerms & { readonly domain: string })[],
  ) {
    super();
  }
}

@CommandHandler(CreateListings)
export class CreateListingsHandler implements ICommandHandler<CreateListings> {
  constructor(
    private readonly store: EventStore,
    private readonly names: AccountNames,
    private readonly registry: Registry,
  ) {}

  async execute({ sellerAccountId, asks }: CreateListings): Promise<ListingOutcome[]> {
    const outcomes: ListingOutcome[] = [];
    for (const ask of asks) outcomes.push(await this.create(sellerAccountId, ask));
    return outcomes;
  }

  private async create(sellerAccountId: string, { domain, ...asked }: CreateListings['asks'][number]) {
    const parsed = parseAskedName(domain);
    if (!parsed.ok)
      return { name: domain, listingId: null, problem: `${domain} is not a domain name: ${parsed.reason}` };
    const { name } = parsed;
    // told like a name that does not exist: whether another account holds it is not the seller's to learn
    if (!(await this.names.find(sellerAccountId, parsed)))
      return { name, listingId: null, problem: `${name} is not one of your domains` };
    const displayProblem = displayNameProblemOf(parsed.unicode, asked.displayName ?? null);
    if (displayProblem) return { name, listingId: null, problem: displayProblem };
    try {
      const now = await this.registry.now();
      const listingId = randomInt(1, LISTING_NUMBERS);
      const data = { name, listingId, sellerAccountId, terms: listingTermsOf(asked, now), at: now };
      const { result } = await transact(this.store, { accountId: sellerAccountId }, async (streams) => {
        const market = await streams.load(marketListingStream(name), marketListingDecider);
        // asked again after the listing's stream, at each attempt: a sale of the name that settled while this one
        // waited to try again has handed it to its buyer, and its seller may no longer list it
        if (!(await this.names.find(sellerAccountId, parsed))) throw new NoLongerYours();
        const number = await streams.load(listingNumberStream(listingId), listingNumberDecider);
        const created = marketListingDecider.decide({ type: 'CreateListing', data }, market.state);
        const taken = listingNumberDecider.decide(
          { type: 'TakeListingNumber', data: { listingId, name, at: now } },
          number.state,
        );
        const after = created.reduce(marketListingDecider.evolve, market.state);
        return { writes: [writeAfter(market, created), writeAfter(number, taken)], result: openListingAt(after, now)! };
      });
      return { name, listing: result };
    } catch (error) {
      if (error instanceof NoLongerYours)
        return { name, listingId: null, problem: `${name} is not one of your domains` };
      return problemOf(name, null, error);
    }
  }
}

/** The seller's name changed hands while its listing was being made. */
class NoLongerYours extends Error {}

/** The name a listing number was taken for; NOT_FOUND for a number never taken. */
const listedNameOf = async (store: EventStore, listingId: number): Promise<string> => {
  const { state } = await loadStream(store, listingNumberStream(listingId), listingNumberDecider);
  if (state.name === null) throw new NotFound('listing', String(listingId));
  return state.name;
};

/**
 * Decides `command` on the listing numbered `listingId`, for each number in turn: one outcome per number. A listing
 * that is not the seller's is NOT_FOUND with no name, told like a number never given.
 */
const changeListings = async (
  store: EventStore,
  registry: Registry,
  sellerAccountId: string,
  listingIds: readonly number[],
  command: (listingId: number, name: string, open: OpenListing | null, now: number) => ListingCommand,
): Promise<ListingOutcome[]> => {
  const outcomes: ListingOutcome[] = [];
  for (const [index, listingId] of listingIds.entries()) {
    let name: string | null = null;
    try {
      name = await listedNameOf(store, listingId);
      const listed = name;
      const now = await registry.now();
      const { result } = await transact(store, { accountId: sellerAccountId }, async (streams) => {
        const market = await streams.load(marketListingStream(listed), marketListingDecider);
        const open = openListingAt(market.state, now);
        const events = marketListingDecider.decide(command(index, listed, open, now), market.state);
        const after = openListingAt(events.reduce(marketListingDecider.evolve, market.state), now);
        // a cancelled listing is told as it was before it closed
        return { writes: [writeAfter(market, events)], result: (after ?? open)! };
      });
      outcomes.push({ name, listing: result });
    } catch (error) {
      outcomes.push(problemOf(error instanceof NotFound ? null : name, listingId, error));
    }
  }
  return outcomes;
};

/**
 * `svc_listing_update`: changes what each item names of the seller's open listing, one outcome per item. Another
 * seller's listing, a cancelled or an expired one is told like a number that was never given.
 */
export class UpdateListings extends Command<ListingOutcome[]> {
  constructor(
    readonly sellerAccountId: string,
    readonly changes: readonly (TermsChange & { readonly listingId: number })[],
  ) {
    super();
  }
}

@CommandHandler(UpdateListings)
export class UpdateListingsHandler implements ICommandHandler<UpdateListings> {
  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
  ) {}

  execute({ sellerAccountId, changes }: UpdateListings): Promise<ListingOutcome[]> {
    const ids = changes.map((change) => change.listingId);
    return changeListings(this.store, this.registry, sellerAccountId, ids, (index, name, open, now) => {
      const { listingId, ...change } = changes[index];
      const displayProblem = open && displayNameProblemOf(storedNameOf(name).unicode, change.displayName ?? null);
      if (displayProblem) throw new Refused('VALIDATION', displayProblem);
      // none open (or another's): the decider refuses it before it reads the terms
      const terms = open ? updatedTermsOf(open.terms, change) : listingTermsOf({ priceCents: 0 }, now);
      return { type: 'UpdateListing', data: { name, listingId, sellerAccountId, terms, at: now } };
    });
  }
}

/** `svc_listing_cancel`: ends each of the seller's open listings named, one outcome per number. */
export class CancelListings extends Command<ListingOutcome[]> {
  constructor(
    readonly sellerAccountId: string,
    readonly listingIds: readonly number[],
  ) {
    super();
  }
}

@CommandHandler(CancelListings)
export class CancelListingsHandler implements ICommandHandler<CancelListings> {
  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
  ) {}

  execute({ sellerAccountId, listingIds }: CancelListings): Promise<ListingOutcome[]> {
    return changeListings(this.store, this.registry, sellerAccountId, listingIds, (index, name, _open, now) => ({
      type: 'CancelListing',
      data: { name, listingId: listingIds[index], sellerAccountId, at: now },
    }));
  }
}
