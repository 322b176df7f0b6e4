import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { ListingEvent, marketListingDecider, marketListingStream, openListingAt } from './listing';
import { DAY_MS, ListingTerms } from './listing-terms';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(marketListingDecider);
const terms: ListingTerms = {
  priceCents: 250_000,
  expiresAt: at + 90 * DAY_MS,
  offers: { enabled: true, minimumCents: 100_000 },
  displayName: null,
  leaseToOwn: null,
};
const created = (listingId = 1, seller = 'acc-1', when = at): ListingEvent => ({
  type: 'ListingCreated',
  data: {
    name: 'sun.com',
    listingId,
    sellerAccountId: seller,
    terms: { ...terms, expiresAt: when + 90 * DAY_MS },
    at: when,
  },
});
const create = (listingId = 1, seller = 'acc-1', when = at, change: Partial<ListingTerms> = {}) => ({
  type: 'CreateListing' as const,
  data: {
    name: 'sun.com',
    listingId,
    sellerAccountId: seller,
    terms: { ...terms, expiresAt: when + 90 * DAY_MS, ...change },
    at: when,
  },
});
const key = (listingId = 1, seller = 'acc-1', when = at) => ({
  name: 'sun.com',
  listingId,
  sellerAccountId: seller,
  at: when,
});
const cancelled = (listingId = 1): ListingEvent => ({
  type: 'ListingCancelled',
  data: { name: 'sun.com', listingId, at },
});
const notFound = (listingId = 1) => ({
  code: 'NOT_FOUND' as const,
  message: exactly(`listing ${listingId} was not found`),
  context: { id: String(listingId) },
});

describe('a name on the marketplace', () => {
  it('is a stream per name, listed by no one at first', () => {
    expect(marketListingStream('sun.com')).toBe('market-listing-sun.com');
    given().thenState({ open: null });
  });

  it('is listed once at a time, again once its listing is cancelled or has expired', () => {
    given().when(create()).then(created());
    given(created()).thenState({ open: { listingId: 1, sellerAccountId: 'acc-1', createdAt: at } });
    given(created())
      .when(create(2))
      .thenThrows(Refused, {
        code: 'CONFLICT',
        message: exactly('sun.com is listed already (listing 1)'),
        context: {},
      });
    given(created(), cancelled()).when(create(2)).then(created(2));
    const later = at + 90 * DAY_MS;
    given(created())
      .when(create(2, 'acc-1', later))
      .then(created(2, 'acc-1', later));
  });

  it('refuses terms that do not hold, saying which', () =>
    given()
      .when(create(1, 'acc-1', at, { priceCents: 0, offers: { enabled: false, minimumCents: 0 } }))
      .thenThrows(Refused, {
        code: 'VALIDATION',
        message: exactly('priceInCents: 0 lists for offers only, which need isOfferFeatureEnabled'),
        context: {},
      }));

  it("changes its seller's open listing's terms, checked as when listed", () => {
    const newTerms = { ...terms, priceCents: 199_000 };
    given(created())
      .when({ type: 'UpdateListing', data: { ...key(), terms: newTerms } })
      .then({ type: 'ListingUpdated', data: { name: 'sun.com', listingId: 1, terms: newTerms, at } });
    given(created(), {
      type: 'ListingUpdated',
      data: { name: 'sun.com', listingId: 1, terms: newTerms, at },
    }).thenState({
      open: { listingId: 1, terms: { priceCents: 199_000 } },
    });
    given(created())
      .when({ type: 'UpdateListing', data: { ...key(), terms: { ...terms, expiresAt: at } } })
      .thenThrows(Refused, {
        code: 'VALIDATION',
        message: exactly('expiresAt: 1 to 36500 days from now'),
        context: {},
      });
  });

  it("tells another's listing, a cancelled and an expired one, like one that does not exist", () => {
    const update = (listingId: number, seller: string, when = at) => ({
      type: 'UpdateListing' as const,
      data: { ...key(listingId, seller, when), terms },
    });
    given(created()).when(update(1, 'acc-2')).thenThrows(NotFound, notFound(1));
    given(created()).when(update(2, 'acc-1')).thenThrows(NotFound, notFound(2));
    given(created(), cancelled()).when(update(1, 'acc-1')).thenThrows(NotFound, notFound(1));
    given(created())
      .when(update(1, 'acc-1', at + 90 * DAY_MS))
      .thenThrows(NotFound, notFound(1));
    given().when(update(1, 'acc-1')).thenThrows(NotFound, notFound(1));
  });

  it("cancels its seller's open listing once", () => {
    given(created()).when({ type: 'CancelListing', data: key() }).then(cancelled());
    given(created(), cancelled()).thenState({ open: null });
    given(created(), cancelled()).when({ type: 'CancelListing', data: key() }).thenThrows(NotFound, notFound(1));
    given(created())
      .when({ type: 'CancelListing', data: key(1, 'acc-2') })
      .thenThrows(NotFound, notFound(1));
  });

  it('is open until its expiry', () => {
    const market = fold(marketListingDecider, [created()]);
    expect(openListingAt(market, at + 90 * DAY_MS - 1)).toMatchObject({ listingId: 1 });
    expect(openListingAt(market, at + 90 * DAY_MS)).toBeNull();
    expect(
      fold(marketListingDecider, [{ type: 'ListingUpdated', data: { name: 'sun.com', listingId: 1, terms, at } }]),
    ).toEqual({ open: null });
  });

  it('fails loudly on a command or an event of a newer version', () => {
    expect(() => marketListingDecider.decide({ type: 'SellListing' } as never, { open: null })).toThrow(/unexpected/);
    expect(() => fold(marketListingDecider, [{ type: 'ListingSold' } as never])).toThrow(/unexpected/);
  });
});
