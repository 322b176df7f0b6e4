import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { Refused } from '../shared/errors';
import { ListingSold, marketplaceSaleDecider, marketplaceSaleStream, SellListing } from './marketplace-sale';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(marketplaceSaleDecider);
const sell = (purchaseId: string): SellListing => ({
  type: 'SellListing',
  data: { name: 'sunrise.com', source: 'EXTMARKET_A', purchaseId, priceCents: 450_000, at },
});
const sold = (purchaseId: string): ListingSold => ({ type: 'ListingSold', data: sell(purchaseId).data });

describe('a sale on an external marketplace', () => {
  it('is a stream per name, listed until sold', () => {
    expect(marketplaceSaleStream('sunrise.com')).toBe('marketplace-sale-sunrise.com');
    given().thenState({ status: 'LISTED' });
  });

  it('sells once, to one purchase, which may ask again', () => {
    given().when(sell('ord-1:1')).then(sold('ord-1:1'));
    given(sold('ord-1:1')).thenState({ status: 'SOLD', purchaseId: 'ord-1:1', priceCents: 450_000 });
    given(sold('ord-1:1')).when(sell('ord-1:1')).thenNothing();
    given(sold('ord-1:1'))
      .when(sell('ord-2:1'))
      .thenThrows(Refused, { code: 'NOT_AVAILABLE', message: exactly('sunrise.com was sold to another buyer') });
  });

  it('fails loudly on an event of a newer version', () =>
    expect(() => fold(marketplaceSaleDecider, [{ type: 'ListingWithdrawn' } as never])).toThrow(/unexpected value/));
});
