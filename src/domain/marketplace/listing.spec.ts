import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import {
  acceptedOfferOf,
  LISTING_EVENT_TYPES,
  ListingCommand,
  ListingEvent,
  marketListingDecider,
  marketListingStream,
  openListingAt,
} from './listing';
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

const sale = { name: 'sun.com', listingId: 1, at };
const reserve = (orderId = 'ord-1', buyer = 'acc-2', when = at) => ({
  type: 'ReserveListing' as const,
  data: { ...sale, orderId, productId: 3, buyerAccountId: buyer, priceCents: 250_000, at: when },
});
const reserved = (orderId = 'ord-1'): ListingEvent => ({
  type: 'ListingReserved',
  data: { ...sale, orderId, productId: 3, buyerAccountId: 'acc-2', priceCents: 250_000 },
});
const released = (orderId = 'ord-1'): ListingEvent => ({ type: 'ListingReleased', data: { ...sale, orderId } });
const purchase = (orderId = 'ord-1', leased = false) => ({
  type: 'PurchaseListing' as const,
  data: { ...sale, orderId, leased },
});
const purchased = (leased = false): ListingEvent => ({
  type: 'ListingPurchased',
  data: { ...sale, orderId: 'ord-1', leased, buyerAccountId: 'acc-2', priceCents: 250_000 },
});
const conflict = (message: string) => ({ code: 'CONFLICT' as const, message: exactly(message), context: {} });

describe('a name on the marketplace', () => {
  it('is a stream per name, listed by no one at first', () => {
    expect(marketListingStream('sun.com')).toBe('market-listing-sun.com');
    given().thenState({ open: null, reservation: null, leased: null, accepted: [] });
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
    ).toEqual({ open: null, reservation: null, leased: null, accepted: [] });
  });

  describe('bought', () => {
    it('is reserved by one order at a time, and by the same order once', () => {
      given(created()).when(reserve()).then(reserved());
      given(created(), reserved()).thenState({
        reservation: { orderId: 'ord-1', productId: 3, buyerAccountId: 'acc-2', priceCents: 250_000 },
      });
      given(created(), reserved()).when(reserve()).thenNothing();
      given(created(), reserved())
        .when(reserve('ord-2', 'acc-3'))
        .thenThrows(Refused, {
          code: 'NOT_AVAILABLE',
          message: exactly('sun.com is being bought by another buyer'),
          context: {},
        });
    });

    it('is not reserved when it is not open, nor by its own seller', () => {
      const gone = { code: 'NOT_AVAILABLE' as const, message: exactly('sun.com is no longer listed'), context: {} };
      given().when(reserve()).thenThrows(Refused, gone);
      given(created(), cancelled()).when(reserve()).thenThrows(Refused, gone);
      given(created())
        .when(reserve('ord-1', 'acc-2', at + 90 * DAY_MS))
        .thenThrows(Refused, gone);
      given(created(2)).when(reserve()).thenThrows(Refused, gone);
      given(created())
        .when(reserve('ord-1', 'acc-1'))
        .thenThrows(Refused, {
          code: 'VALIDATION',
          message: exactly('sun.com is your own listing: cancel it instead'),
          context: {},
        });
    });

    it('stays open to the order that reserved it past its end, and cannot be changed meanwhile', () => {
      const market = fold(marketListingDecider, [created(), reserved()]);
      expect(openListingAt(market, at + 90 * DAY_MS)).toMatchObject({ listingId: 1 });
      given(created(), reserved())
        .when({ type: 'CancelListing', data: key() })
        .thenThrows(Refused, conflict('listing 1 is being bought: it can change again if the sale fails'));
      given(created(), reserved())
        .when({ type: 'UpdateListing', data: { ...key(), terms } })
        .thenThrows(Refused, conflict('listing 1 is being bought: it can change again if the sale fails'));
    });

    it('is released by its order only, once, and is open again then', () => {
      given(created(), reserved())
        .when({ type: 'ReleaseListing', data: { ...sale, orderId: 'ord-1' } })
        .then(released());
      given(created(), reserved(), released()).thenState({ reservation: null, open: { listingId: 1 } });
      given(created(), reserved())
        .when({ type: 'ReleaseListing', data: { ...sale, orderId: 'ord-2' } })
        .thenNothing();
      given(created(), reserved(), released())
        .when({ type: 'ReleaseListing', data: { ...sale, orderId: 'ord-1' } })
        .thenNothing();
      given(created(), reserved(), released())
        .when(reserve('ord-2', 'acc-3'))
        .then({
          type: 'ListingReserved',
          data: { ...sale, orderId: 'ord-2', productId: 3, buyerAccountId: 'acc-3', priceCents: 250_000 },
        });
    });

    it('is bought by the order that reserved it, at its price, and closes', () => {
      given(created(), reserved()).when(purchase()).then(purchased());
      given(created(), reserved(), purchased()).thenState({
        open: null,
        reservation: null,
        leased: null,
        accepted: [],
      });
      given(created(), reserved(), purchased()).when(purchase()).thenNothing();
      given(created(), reserved())
        .when(purchase('ord-2'))
        .thenThrows(Refused, conflict('listing 1 is reserved for another order'));
      given(created()).when(purchase()).thenThrows(Refused, conflict('listing 1 is not reserved for order ord-1'));
      given(created(), reserved(), purchased(), created(2))
        .when(purchase())
        .thenThrows(Refused, conflict('listing 1 is not reserved for order ord-1'));
    });

    it('leased, locks the name until the lease ends', () => {
      given(created(), reserved()).when(purchase('ord-1', true)).then(purchased(true));
      given(created(), reserved(), purchased(true)).thenState({
        open: null,
        leased: { listingId: 1, buyerAccountId: 'acc-2' },
      });
      given(created(), reserved(), purchased(true)).when(purchase('ord-1', true)).thenNothing();
      given(created(), reserved(), purchased(true))
        .when(create(2))
        .thenThrows(Refused, conflict('sun.com is leased to its buyer: it can be listed when the lease ends'));
      const ended: ListingEvent = { type: 'ListingLeaseEnded', data: { ...sale, outcome: 'DEFAULTED' } };
      given(created(), reserved(), purchased(true))
        .when({ type: 'EndListingLease', data: { ...sale, outcome: 'DEFAULTED' } })
        .then(ended);
      given(created(), reserved(), purchased(true), ended).thenState({ leased: null });
      given(created(), reserved(), purchased(true), ended)
        .when({ type: 'EndListingLease', data: { ...sale, outcome: 'DEFAULTED' } })
        .thenNothing();
      given(created(), reserved(), purchased(true), ended).when(create(2)).then(created(2));
    });
  });

  describe('with an offer accepted', () => {
    const payBy = at + 7 * DAY_MS;
    const accept = (offerId = 41, listingId = 1, when = at) => ({
      type: 'AcceptListingOffer' as const,
      data: { ...sale, listingId, offerId, buyerAccountId: 'acc-2', priceCents: 200_000, payBy, at: when },
    });
    const accepted = (offerId = 41, buyer = 'acc-2', due = payBy): ListingEvent => ({
      type: 'ListingOfferAccepted',
      data: { ...sale, offerId, buyerAccountId: buyer, priceCents: 200_000, payBy: due },
    });
    const offer = (offerId = 41, buyer = 'acc-2', due = payBy) => ({
      offerId,
      buyerAccountId: buyer,
      priceCents: 200_000,
      payBy: due,
    });
    const updated: ListingEvent = { type: 'ListingUpdated', data: { ...sale, terms } };

    it("lets its buyer buy the open listing at the offer's price until it is due, accepted once", () => {
      given(created()).when(accept()).then(accepted());
      given(created(), accepted()).thenState({ accepted: [offer()] });
      given(created(), accepted()).when(accept()).thenNothing();
      given(created(), accepted(41), accepted(42)).when(accept()).thenNothing();
      given(created(), accepted(41)).when(accept(42)).then(accepted(42));
      given(created(), accepted(41), accepted(42)).thenState({ accepted: [offer(41), offer(42)] });
    });

    it('is refused once the listing is closed, or for another listing', () => {
      const closed = {
        code: 'NOT_AVAILABLE' as const,
        message: exactly('listing 1 is closed: offer 41 can no longer be accepted'),
        context: {},
      };
      given().when(accept()).thenThrows(Refused, closed);
      given(created(), cancelled()).when(accept()).thenThrows(Refused, closed);
      given(created(), reserved(), purchased()).when(accept()).thenThrows(Refused, closed);
      given(created())
        .when(accept(41, 1, at + 90 * DAY_MS))
        .thenThrows(Refused, closed);
      given(created(2)).when(accept()).thenThrows(Refused, closed);
      given(created())
        .when(accept(41, 2))
        .thenThrows(Refused, {
          ...closed,
          message: exactly('listing 2 is closed: offer 41 can no longer be accepted'),
        });
    });

    it("tells the buyer's offer accepted last that is not yet due, and not another buyer's", () => {
      const market = fold(marketListingDecider, [
        created(),
        accepted(41),
        accepted(42, 'acc-3', payBy + DAY_MS),
        accepted(43, 'acc-2', payBy + DAY_MS),
      ]);
      expect(acceptedOfferOf(market, 'acc-2', at)).toEqual(offer(43, 'acc-2', payBy + DAY_MS));
      expect(acceptedOfferOf(market, 'acc-2', payBy + DAY_MS - 1)).toEqual(offer(43, 'acc-2', payBy + DAY_MS));
      expect(acceptedOfferOf(market, 'acc-2', payBy + DAY_MS)).toBeNull();
      const dueFirst = fold(marketListingDecider, [created(), accepted(43, 'acc-2', payBy + DAY_MS), accepted(41)]);
      expect(acceptedOfferOf(dueFirst, 'acc-2', payBy - 1)).toEqual(offer(41));
      expect(acceptedOfferOf(dueFirst, 'acc-2', payBy)).toEqual(offer(43, 'acc-2', payBy + DAY_MS));
      expect(acceptedOfferOf(market, 'acc-3', at)).toEqual(offer(42, 'acc-3', payBy + DAY_MS));
      expect(acceptedOfferOf(market, 'acc-4', at)).toBeNull();
    });

    it('keeps its offers while the listing changes or is reserved, and forgets them once it is closed or listed anew', () => {
      given(created(), accepted(), updated, reserved(), released()).thenState({ accepted: [offer()] });
      given(created(), accepted(), cancelled()).thenState({ accepted: [] });
      given(created(), accepted(), reserved(), purchased()).thenState({ accepted: [] });
      given(created(), accepted(), created(2, 'acc-1', at + 90 * DAY_MS)).thenState({ accepted: [] });
    });
  });

  it('tells its subscribers about every event it records', () => {
    const decided = (history: ListingEvent[], command: ListingCommand) =>
      marketListingDecider.decide(command, fold(marketListingDecider, history));
    const bought = [created(), reserved()];
    const acceptance = { ...sale, offerId: 41, buyerAccountId: 'acc-2', priceCents: 200_000, payBy: at + DAY_MS };
    const recorded = new Set(
      [
        ...decided([], create()),
        ...decided([created()], { type: 'UpdateListing', data: { ...key(), terms } }),
        ...decided([created()], { type: 'CancelListing', data: key() }),
        ...decided([created()], reserve()),
        ...decided(bought, { type: 'ReleaseListing', data: { ...sale, orderId: 'ord-1' } }),
        ...decided(bought, purchase('ord-1', true)),
        ...decided([created()], { type: 'AcceptListingOffer', data: acceptance }),
        ...decided([...bought, purchased(true)], { type: 'EndListingLease', data: { ...sale, outcome: 'COMPLETED' } }),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(LISTING_EVENT_TYPES.length);
    expect(new Set(LISTING_EVENT_TYPES)).toEqual(recorded);
  });

  it('fails loudly on a command or an event of a newer version', () => {
    const none = marketListingDecider.initialState();
    expect(() => marketListingDecider.decide({ type: 'AuctionListing' } as never, none)).toThrow(/unexpected/);
    expect(() => fold(marketListingDecider, [{ type: 'ListingAuctioned' } as never])).toThrow(/unexpected/);
  });
});
