import { firstPaymentOf, LeasePlan, leasePlanProblemOf } from './lease-plan';
import { ListingReservation, OpenListing } from './listing';
import { LeaseToOwnType } from './listing-terms';

/** The lease-to-own plan a buyer picks from a listing's (`svc_cart_add_domain_listed`'s `leaseToOwnOptions`). */
export interface LeaseChoice {
  readonly type: LeaseToOwnType;
  readonly termLength: number;
  readonly downPaymentPercentage: number | null;
}

/** A purchase of a listed name as checkout places it: whose listing, at what price, bought at once or leased. */
export interface ListedSale {
  readonly listingId: number;
  readonly sellerAccountId: string;
  /** The whole price agreed: the listing's, or an offer its seller accepted. */
  readonly priceCents: number;
  readonly offerId: number | null;
  readonly lease: LeasePlan | null;
}

/** An offer of the buyer's that the listing's seller accepted, still to be paid. */
export interface AcceptedOffer {
  readonly offerId: number;
  readonly listingId: number;
  readonly priceCents: number;
}

/** What the buyer pays now for a listed name and the sale it makes, or why it cannot be bought now. */
export type ListedOffer = { readonly priceCents: number; readonly sale: ListedSale } | { readonly problem: string };

/**
 * Buying a name listed on our marketplace, as its listing stands now: at the listing's price (or at an offer of the
 * buyer's its seller accepted), at once or leased on one of the listing's plans (the first payment now). Not a
 * listing that is not open, the buyer's own, one another buyer's order holds, or one for offers only without an
 * accepted offer.
 */
export const listedOfferOf = (
  name: string,
  buyerAccountId: string,
  listing: { readonly open: OpenListing | null; readonly reservation: ListingReservation | null },
  accepted: AcceptedOffer | null,
  choice: LeaseChoice | null,
): ListedOffer => {
  const { open, reservation } = listing;
  if (!open) return { problem: `${name} is not listed for sale on the marketplace` };
  if (open.sellerAccountId === buyerAccountId) return { problem: `${name} is your own listing` };
  if (reservation && reservation.buyerAccountId !== buyerAccountId)
    return { problem: `${name} is being bought by another buyer` };
  const offer = accepted?.listingId === open.listingId ? accepted : null;
  const priceCents = offer?.priceCents ?? open.terms.priceCents;
  if (priceCents === 0) return { problem: `${name} is listed for offers only: make an offer with svc_offer_create` };
  const sale = {
    listingId: open.listingId,
    sellerAccountId: open.sellerAccountId,
    priceCents,
    offerId: offer?.offerId ?? null,
  };
  if (!choice) return { priceCents, sale: { ...sale, lease: null } };
  const lease: LeasePlan = { ...choice, priceCents };
  const problem = leasePlanProblemOf(lease, open.terms.leaseToOwn);
  if (problem) return { problem: `${name}: ${problem}` };
  return { priceCents: firstPaymentOf(lease), sale: { ...sale, lease } };
};
