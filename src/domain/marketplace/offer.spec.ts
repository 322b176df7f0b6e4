// Equivalent mutants: the guards that tell an offer never made (`offer.status === 'NONE'` in RespondToOffer and
// CloseOffer, made false or true, or compared with ""): an offer never made has no seller to match, so it is not
// found all the same, and its status is open at no time, so it is closed no more; both are there for the types.
import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { OpenListing } from './listing';
import { DAY_MS, ListingTerms } from './listing-terms';
import {
  CloseOffer,
  CompleteOffer,
  MakeOffer,
  marketOfferDecider,
  marketOfferStream,
  MAX_OFFER_CENTS,
  OFFER_EVENT_TYPES,
  Offer,
  OfferCloseReason,
  OfferEvent,
  offerExpiryOf,
  offerGroupOf,
  offerProblemOf,
  offerStatusAt,
  RespondToOffer,
} from './offer';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(marketOfferDecider);
const terms: ListingTerms = {
  priceCents: 250_000,
  expiresAt: at + 90 * DAY_MS,
  offers: { enabled: true, minimumCents: 100_000 },
  displayName: null,
  leaseToOwn: null,
};
const listing: OpenListing = { listingId: 3, sellerAccountId: 'acc-seller', terms, createdAt: at - DAY_MS };
const key = { offerId: 1, name: 'sun.com' };
const answeredAt = at + DAY_MS;
const payBy = answeredAt + 7 * DAY_MS;

const make = (change: Partial<MakeOffer['data']> = {}): MakeOffer => ({
  type: 'MakeOffer',
  data: { ...key, buyerAccountId: 'acc-buyer', priceCents: 150_000, listing, at, ...change },
});
const made = (expiresAt = at + 7 * DAY_MS): OfferEvent => ({
  type: 'OfferMade',
  data: {
    ...key,
    listingId: 3,
    buyerAccountId: 'acc-buyer',
    sellerAccountId: 'acc-seller',
    priceCents: 150_000,
    expiresAt,
    at,
  },
});
const respond = (action: 'accept' | 'reject', when = answeredAt, seller = 'acc-seller'): RespondToOffer => ({
  type: 'RespondToOffer',
  data: { ...key, sellerAccountId: seller, action, at: when },
});
const accepted: OfferEvent = { type: 'OfferAccepted', data: { ...key, payBy, at: answeredAt } };
const rejected: OfferEvent = { type: 'OfferRejected', data: { ...key, at: answeredAt } };
const paidAt = at + 2 * DAY_MS;
const complete = (orderId = 'ord-1', when = paidAt): CompleteOffer => ({
  type: 'CompleteOffer',
  data: { ...key, orderId, at: when },
});
const completed: OfferEvent = { type: 'OfferCompleted', data: { ...key, orderId: 'ord-1', at: paidAt } };
const close = (reason: OfferCloseReason = 'LISTING_ENDED', when = paidAt): CloseOffer => ({
  type: 'CloseOffer',
  data: { ...key, reason, at: when },
});
const closed = (reason: OfferCloseReason = 'LISTING_ENDED'): OfferEvent => ({
  type: 'OfferClosed',
  data: { ...key, reason, at: paidAt },
});
const conflict = (text: string) => ({ code: 'CONFLICT' as const, message: exactly(text), context: {} });
const notFound = { code: 'NOT_FOUND' as const, message: exactly('offer 1 was not found'), context: { id: '1' } };
const offerAfter = (...events: OfferEvent[]): Offer => fold(marketOfferDecider, events) as Offer;

describe("a buyer's offer on a listed name", () => {
  it('is a stream per offer, made by no one at first', () => {
    expect(marketOfferStream(12)).toBe('market-offer-12');
    given().thenState({ status: 'NONE' });
  });

  it("is made on the name's open listing, to its seller, for a week", () => {
    given().when(make()).then(made());
    expect(fold(marketOfferDecider, [made()])).toEqual({
      status: 'PENDING',
      ...key,
      listingId: 3,
      buyerAccountId: 'acc-buyer',
      sellerAccountId: 'acc-seller',
      priceCents: 150_000,
      expiresAt: at + 7 * DAY_MS,
      payBy: null,
      orderId: null,
      createdAt: at,
      updatedAt: at,
    });
  });

  it('expires with its listing when the listing ends within the week', () => {
    const endingSoon = { ...listing, terms: { ...terms, expiresAt: at + 3 * DAY_MS } };
    given()
      .when(make({ listing: endingSoon }))
      .then(made(at + 3 * DAY_MS));
    expect(offerExpiryOf(endingSoon, at)).toBe(at + 3 * DAY_MS);
    expect(offerExpiryOf(listing, at)).toBe(at + 7 * DAY_MS);
  });

  it('is made once per id: ids are never reused', () =>
    given(made()).when(make()).thenThrows(Refused, conflict('offer 1 exists already')));

  it('is refused, saying why, when it breaks a rule', () => {
    given()
      .when(make({ listing: null }))
      .thenThrows(Refused, { code: 'VALIDATION', message: exactly('the name is not listed for sale'), context: {} });
    given()
      .when(make({ priceCents: 99_999 }))
      .thenThrows(Refused, {
        code: 'VALIDATION',
        message: exactly("priceInCents: at least the listing's minimum of 100000"),
        context: {},
      });
  });

  it('needs an open listing that takes offers from another account', () => {
    const ofTerms = (change: Partial<ListingTerms>) => ({ ...listing, terms: { ...terms, ...change } });
    expect(offerProblemOf(null, 'acc-buyer', 150_000, at)).toBe('the name is not listed for sale');
    expect(offerProblemOf(ofTerms({ expiresAt: at }), 'acc-buyer', 150_000, at)).toBe(
      'the name is not listed for sale',
    );
    expect(offerProblemOf(ofTerms({ expiresAt: at + 1 }), 'acc-buyer', 150_000, at)).toBeUndefined();
    expect(offerProblemOf(ofTerms({ offers: { enabled: false, minimumCents: 0 } }), 'acc-buyer', 150_000, at)).toBe(
      'the listing takes no offers',
    );
    expect(offerProblemOf(listing, 'acc-seller', 150_000, at)).toBe('you cannot make an offer on your own listing');
  });

  it('is a whole number of cents, from the listing minimum up to a billion dollars', () => {
    const problem = (priceCents: number, minimumCents = 0) =>
      offerProblemOf({ ...listing, terms: { ...terms, offers: { enabled: true, minimumCents } } }, 'b', priceCents, at);
    const notCents = 'priceInCents: a whole number of cents, 1 or more';
    expect(problem(0)).toBe(notCents);
    expect(problem(-1)).toBe(notCents);
    expect(problem(1.5)).toBe(notCents);
    expect(problem(Number.NaN)).toBe(notCents);
    expect(problem(2 ** 53)).toBe(notCents);
    expect(problem(1)).toBeUndefined();
    expect(problem(MAX_OFFER_CENTS)).toBeUndefined();
    expect(problem(MAX_OFFER_CENTS + 1)).toBe('priceInCents: at most 100000000000');
    expect(problem(99, 100)).toBe("priceInCents: at least the listing's minimum of 100");
    expect(problem(100, 100)).toBeUndefined();
    // at or above the buy-now price still: the seller may accept at once
    expect(problem(250_000)).toBeUndefined();
    expect(problem(400_000)).toBeUndefined();
  });

  it('is accepted by its seller, who then waits a week for the payment', () => {
    given(made()).when(respond('accept')).then(accepted);
    given(made(), accepted).thenState({ status: 'ACCEPTED', payBy, updatedAt: answeredAt, createdAt: at });
    given(made())
      .when(respond('accept', at + 7 * DAY_MS - 1))
      .then({ type: 'OfferAccepted', data: { ...key, payBy: at + 14 * DAY_MS - 1, at: at + 7 * DAY_MS - 1 } });
  });

  it('is rejected by its seller', () => {
    given(made()).when(respond('reject')).then(rejected);
    given(made(), rejected).thenState({ status: 'REJECTED', payBy: null, updatedAt: answeredAt });
  });

  it('is answered by its seller alone: to anyone else it is told like one that does not exist', () => {
    given(made())
      .when(respond('accept', answeredAt, 'acc-buyer'))
      .thenThrows(NotFound, notFound);
    given(made())
      .when(respond('reject', answeredAt, 'acc-3'))
      .thenThrows(NotFound, notFound);
    given().when(respond('accept')).thenThrows(NotFound, notFound);
  });

  it('is answered once, while it is pending', () => {
    const answered = (status: string) => conflict(`offer 1 is ${status}, it can no longer be answered`);
    given(made(), rejected).when(respond('accept')).thenThrows(Refused, answered('rejected'));
    given(made(), accepted).when(respond('reject')).thenThrows(Refused, answered('accepted'));
    given(made(), accepted, completed).when(respond('reject')).thenThrows(Refused, answered('completed'));
    given(made(), closed()).when(respond('accept')).thenThrows(Refused, answered('closed'));
    given(made())
      .when(respond('accept', at + 7 * DAY_MS))
      .thenThrows(Refused, answered('expired'));
  });

  it('takes the same answer again as a retried request', () => {
    given(made(), accepted).when(respond('accept')).thenNothing();
    given(made(), rejected).when(respond('reject')).thenNothing();
    given(made(), accepted)
      .when(respond('accept', payBy + DAY_MS))
      .thenNothing();
  });

  it('expires by the clock: unanswered past its expiry, unpaid past its payBy', () => {
    const pending = offerAfter(made());
    expect(offerStatusAt(pending, at + 7 * DAY_MS - 1)).toBe('PENDING');
    expect(offerStatusAt(pending, at + 7 * DAY_MS)).toBe('EXPIRED');
    const acceptedOffer = offerAfter(made(), accepted);
    expect(offerStatusAt(acceptedOffer, payBy - 1)).toBe('ACCEPTED');
    expect(offerStatusAt(acceptedOffer, payBy)).toBe('EXPIRED');
    const later = payBy + 365 * DAY_MS;
    expect(offerStatusAt(offerAfter(made(), rejected), later)).toBe('REJECTED');
    expect(offerStatusAt(offerAfter(made(), accepted, completed), later)).toBe('COMPLETED');
    expect(offerStatusAt(offerAfter(made(), closed()), later)).toBe('CLOSED');
  });

  it('is listed as active while it is open, as sold once paid, and not at all otherwise', () => {
    expect(offerGroupOf('PENDING')).toBe('active');
    expect(offerGroupOf('ACCEPTED')).toBe('active');
    expect(offerGroupOf('COMPLETED')).toBe('sold');
    expect(offerGroupOf('REJECTED')).toBeNull();
    expect(offerGroupOf('CLOSED')).toBeNull();
    expect(offerGroupOf('EXPIRED')).toBeNull();
  });

  it('is completed by the payment of an accepted offer, once', () => {
    given(made(), accepted).when(complete()).then(completed);
    given(made(), accepted, completed).thenState({ status: 'COMPLETED', orderId: 'ord-1', updatedAt: paidAt });
    given(made(), accepted)
      .when(complete('ord-1', payBy - 1))
      .then({ type: 'OfferCompleted', data: { ...key, orderId: 'ord-1', at: payBy - 1 } });
    given(made(), accepted, completed).when(complete()).thenNothing();
  });

  it('is paid only while accepted and not yet paid by another order', () => {
    const unpaid = (status: string) => conflict(`offer 1 is ${status}, it can no longer be paid`);
    given(made(), accepted, completed).when(complete('ord-2')).thenThrows(Refused, unpaid('completed'));
    given(made()).when(complete()).thenThrows(Refused, unpaid('pending'));
    given(made(), rejected).when(complete()).thenThrows(Refused, unpaid('rejected'));
    given(made(), accepted).when(complete('ord-1', payBy)).thenThrows(Refused, unpaid('expired'));
    given().when(complete()).thenThrows(NotFound, notFound);
  });

  it('is closed while open, when its listing ends or the name is sold to another', () => {
    given(made()).when(close('LISTING_ENDED')).then(closed('LISTING_ENDED'));
    given(made(), accepted).when(close('SOLD_TO_ANOTHER')).then(closed('SOLD_TO_ANOTHER'));
    given(made(), closed()).thenState({ status: 'CLOSED', updatedAt: paidAt });
  });

  it('keeps its end once over: closing it then changes nothing', () => {
    given(made(), rejected).when(close()).thenNothing();
    given(made(), accepted, completed).when(close('SOLD_TO_ANOTHER')).thenNothing();
    given(made(), closed()).when(close()).thenNothing();
    given(made())
      .when(close('LISTING_ENDED', at + 7 * DAY_MS))
      .thenNothing();
    given(made(), accepted).when(close('LISTING_ENDED', payBy)).thenNothing();
    given().when(close()).thenNothing();
  });

  it('tells its subscribers about every event it records', () => {
    const decided = (history: OfferEvent[], command: Parameters<typeof marketOfferDecider.decide>[0]) =>
      marketOfferDecider.decide(command, fold(marketOfferDecider, history));
    const recorded = new Set(
      [
        ...decided([], make()),
        ...decided([made()], respond('accept')),
        ...decided([made()], respond('reject')),
        ...decided([made(), accepted], complete()),
        ...decided([made()], close()),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(OFFER_EVENT_TYPES.length);
    expect(new Set(OFFER_EVENT_TYPES)).toEqual(recorded);
  });

  it('ignores what happens to an offer never made, and fails loudly on a newer version', () => {
    for (const event of [accepted, rejected, completed, closed()])
      expect(fold(marketOfferDecider, [event])).toEqual({ status: 'NONE' });
    expect(() => marketOfferDecider.decide({ type: 'CounterOffer' } as never, { status: 'NONE' })).toThrow(
      /unexpected/,
    );
    expect(() => fold(marketOfferDecider, [{ type: 'OfferCountered' } as never])).toThrow(/unexpected/);
  });
});
