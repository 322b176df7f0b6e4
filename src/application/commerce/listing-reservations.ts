import { OrderEvent } from '../../domain/commerce/order';
import { marketListingDecider, marketListingStream } from '../../domain/marketplace/listing';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';

/**
 * The reservations of the listed names an order places, to append with the order: a listing reserved by another
 * buyer's order, or closed since it was quoted, refuses the whole checkout before anything is charged, so two buyers
 * never pay for one name.
 */
export const listingReservationsOf = async (
  streams: StreamReader,
  buyerAccountId: string,
  orderId: string,
  placed: readonly OrderEvent[],
  at: number,
): Promise<StreamWrite[]> => {
  const lines = placed.flatMap((event) => (event.type === 'OrderPlaced' ? event.data.lines : []));
  const writes: StreamWrite[] = [];
  for (const { domain: name, productId, sale } of lines) {
    if (!sale) continue;
    const listing = await streams.load(marketListingStream(name), marketListingDecider);
    const { listingId, priceCents } = sale;
    const events = marketListingDecider.decide(
      { type: 'ReserveListing', data: { name, listingId, orderId, productId, buyerAccountId, priceCents, at } },
      listing.state,
    );
    writes.push(writeAfter(listing, events));
  }
  return writes;
};

/** The releases of an order's reservations, when its payment failed: the listings are open to others again. */
export const listingReleasesOf = async (
  streams: StreamReader,
  orderId: string,
  lines: readonly { readonly domain: string; readonly sale?: { readonly listingId: number } }[],
  at: number,
): Promise<StreamWrite[]> => {
  const writes: StreamWrite[] = [];
  for (const { domain: name, sale } of lines) {
    if (!sale) continue;
    const listing = await streams.load(marketListingStream(name), marketListingDecider);
    const events = marketListingDecider.decide(
      { type: 'ReleaseListing', data: { name, listingId: sale.listingId, orderId, at } },
      listing.state,
    );
    writes.push(writeAfter(listing, events));
  }
  return writes;
};
