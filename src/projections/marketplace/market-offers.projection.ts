import { Projection } from '../../application/shared/projection';
import { Offer, OFFER_EVENT_TYPES, OfferEvent } from '../../domain/marketplace/offer';

/** One offer as its seller's list shows it (`svc_offers_list`); its expiry is compared with the time of the query. */
export type MarketOfferRow = Offer;

const of = (row: MarketOfferRow | undefined, change: Partial<MarketOfferRow>, at: number): MarketOfferRow | null =>
  row ? { ...row, ...change, updatedAt: at } : null;

export const marketOffers: Projection<MarketOfferRow, OfferEvent> = {
  name: 'market-offers',
  version: 1,
  handles: OFFER_EVENT_TYPES,
  idOf: (event) => String(event.data.offerId),
  evolve: (row, event) => {
    switch (event.type) {
      case 'OfferMade': {
        const { at, ...made } = event.data;
        return { ...made, status: 'PENDING', payBy: null, orderId: null, createdAt: at, updatedAt: at };
      }
      case 'OfferAccepted':
        return of(row, { status: 'ACCEPTED', payBy: event.data.payBy }, event.data.at);
      case 'OfferRejected':
        return of(row, { status: 'REJECTED' }, event.data.at);
      case 'OfferCompleted':
        return of(row, { status: 'COMPLETED', orderId: event.data.orderId }, event.data.at);
      case 'OfferClosed':
        return of(row, { status: 'CLOSED' }, event.data.at);
      default:
        return row ?? null;
    }
  },
};
