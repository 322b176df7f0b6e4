/** The offers still open (pending or accepted, expired or not) on one listing: those its end closes. */
export abstract class OpenOffers {
  abstract openOn(listingId: number): Promise<readonly { readonly offerId: number; readonly name: string }[]>;
}
