import { AcceptedOffer, LeaseChoice, listedOfferOf } from './listed-purchase';
import { ListingReservation, OpenListing } from './listing';
import { DAY_MS, ListingTerms } from './listing-terms';

const at = Date.UTC(2026, 10, 27);
const terms: ListingTerms = {
  priceCents: 250_000,
  expiresAt: at + 90 * DAY_MS,
  offers: { enabled: true, minimumCents: 100_000 },
  displayName: null,
  leaseToOwn: { type: 'equal_installments', maxTermLength: 12, downPaymentPercentage: null },
};
const listed = (change: Partial<ListingTerms> = {}): OpenListing => ({
  listingId: 7,
  sellerAccountId: 'acc-1',
  terms: { ...terms, ...change },
  createdAt: at,
});
const reservedBy = (buyerAccountId: string): ListingReservation => ({
  orderId: 'ord-1',
  productId: 3,
  buyerAccountId,
  priceCents: 250_000,
});
const accepted = (listingId = 7): AcceptedOffer => ({ offerId: 41, listingId, priceCents: 200_000 });
const monthly = (termLength: number): LeaseChoice => ({
  type: 'equal_installments',
  termLength,
  downPaymentPercentage: null,
});

describe('buying a listed name', () => {
  const open = { open: listed(), reservation: null };

  it("is bought at once at the listing's price, from its seller", () =>
    expect(listedOfferOf('sun.com', 'acc-2', open, null, null)).toEqual({
      priceCents: 250_000,
      sale: { listingId: 7, sellerAccountId: 'acc-1', priceCents: 250_000, offerId: null, lease: null },
    }));

  it('is bought at the price of an offer of the buyer its seller accepted', () =>
    expect(listedOfferOf('sun.com', 'acc-2', open, accepted(), null)).toEqual({
      priceCents: 200_000,
      sale: { listingId: 7, sellerAccountId: 'acc-1', priceCents: 200_000, offerId: 41, lease: null },
    }));

  it("ignores an accepted offer made on another listing of the name: the listing's price stands", () =>
    expect(listedOfferOf('sun.com', 'acc-2', open, accepted(6), null)).toEqual({
      priceCents: 250_000,
      sale: { listingId: 7, sellerAccountId: 'acc-1', priceCents: 250_000, offerId: null, lease: null },
    }));

  it('is not bought when it is not listed', () =>
    expect(listedOfferOf('sun.com', 'acc-2', { open: null, reservation: null }, accepted(), null)).toEqual({
      problem: 'sun.com is not listed for sale on the marketplace',
    }));

  it('is not bought by its own seller', () =>
    expect(listedOfferOf('sun.com', 'acc-1', open, null, null)).toEqual({ problem: 'sun.com is your own listing' }));

  it("is not bought while another buyer's order holds it, but stays open to the buyer whose order does", () => {
    expect(listedOfferOf('sun.com', 'acc-2', { open: listed(), reservation: reservedBy('acc-3') }, null, null)).toEqual(
      { problem: 'sun.com is being bought by another buyer' },
    );
    expect(
      listedOfferOf('sun.com', 'acc-2', { open: listed(), reservation: reservedBy('acc-2') }, null, null),
    ).toMatchObject({ priceCents: 250_000, sale: { listingId: 7 } });
  });

  it('listed for offers only, is bought only at an offer its seller accepted', () => {
    const offersOnly = { open: listed({ priceCents: 0, leaseToOwn: null }), reservation: null };
    expect(listedOfferOf('sun.com', 'acc-2', offersOnly, null, null)).toEqual({
      problem: 'sun.com is listed for offers only: make an offer with svc_offer_create',
    });
    expect(listedOfferOf('sun.com', 'acc-2', offersOnly, accepted(6), null)).toEqual({
      problem: 'sun.com is listed for offers only: make an offer with svc_offer_create',
    });
    expect(listedOfferOf('sun.com', 'acc-2', offersOnly, accepted(), null)).toEqual({
      priceCents: 200_000,
      sale: { listingId: 7, sellerAccountId: 'acc-1', priceCents: 200_000, offerId: 41, lease: null },
    });
  });

  describe('leased', () => {
    it("pays the plan's first payment now, the extra cent of the split first, for the whole price", () =>
      expect(listedOfferOf('sun.com', 'acc-2', open, null, monthly(3))).toEqual({
        priceCents: 83_334,
        sale: {
          listingId: 7,
          sellerAccountId: 'acc-1',
          priceCents: 250_000,
          offerId: null,
          lease: { type: 'equal_installments', termLength: 3, downPaymentPercentage: null, priceCents: 250_000 },
        },
      }));

    it('leases at the price of an accepted offer', () =>
      expect(listedOfferOf('sun.com', 'acc-2', open, accepted(), monthly(4))).toEqual({
        priceCents: 50_000,
        sale: {
          listingId: 7,
          sellerAccountId: 'acc-1',
          priceCents: 200_000,
          offerId: 41,
          lease: { type: 'equal_installments', termLength: 4, downPaymentPercentage: null, priceCents: 200_000 },
        },
      }));

    it('takes a down payment first on a plan with one', () => {
      const withDown = {
        open: listed({
          leaseToOwn: { type: 'down_payment_plus_equal_installments', maxTermLength: 12, downPaymentPercentage: 10 },
        }),
        reservation: null,
      };
      const choice: LeaseChoice = {
        type: 'down_payment_plus_equal_installments',
        termLength: 12,
        downPaymentPercentage: 10,
      };
      expect(listedOfferOf('sun.com', 'acc-2', withDown, null, choice)).toMatchObject({
        priceCents: 25_000,
        sale: { priceCents: 250_000, lease: { ...choice, priceCents: 250_000 } },
      });
    });

    it("says what is wrong with a plan the listing does not offer, after the name's", () => {
      expect(listedOfferOf('sun.com', 'acc-2', open, null, monthly(24))).toEqual({
        problem: 'sun.com: leaseToOwnOptions.termLength: 2 to 12 monthly payments',
      });
      expect(
        listedOfferOf('sun.com', 'acc-2', { open: listed({ leaseToOwn: null }), reservation: null }, null, monthly(3)),
      ).toEqual({ problem: 'sun.com: leaseToOwnOptions: this listing offers no lease' });
    });
  });
});
