import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { listingNumberDecider, listingNumberStream } from './listing-number';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(listingNumberDecider);
const taken = (name = 'sun.com') => ({ type: 'ListingNumberTaken' as const, data: { listingId: 7, name, at } });
const take = (name = 'sun.com') => ({ type: 'TakeListingNumber' as const, data: { listingId: 7, name, at } });

describe("a listing's number", () => {
  it('is a stream per number, free at first', () => {
    expect(listingNumberStream(7)).toBe('market-listing-number-7');
    given().thenState({ name: null });
  });

  it('is taken once, for one name', () => {
    given().when(take()).then(taken());
    given(taken()).thenState({ name: 'sun.com' });
    given(taken())
      .when(take('moon.com'))
      .thenThrows(Error, { code: 'CONFLICT', message: exactly('listing number 7 is taken') });
  });
});
