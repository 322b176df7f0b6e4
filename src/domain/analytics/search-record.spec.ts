import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { DomainsSearched, searchRecordDecider, searchStream } from './search-record';

describe('a recorded search', () => {
  const given = deciderSpec(searchRecordDecider);
  const searched: DomainsSearched = {
    type: 'DomainsSearched',
    data: { searchId: 's-1', accountId: 'acc-1', queries: 2, candidates: 10, at: 1_700_000_000_000 },
  };
  it('is recorded', () => given().when({ type: 'RecordSearch', data: searched.data }).then(searched));
  it('is known as recorded', () =>
    given().when({ type: 'RecordSearch', data: searched.data }).thenState({ status: 'RECORDED' }));
  it('is recorded once when told twice', () =>
    given(searched).when({ type: 'RecordSearch', data: searched.data }).thenNothing());
  it('is named by its id', () => expect(searchStream('s-1')).toBe('search-s-1'));
  it('fails loudly on an event of a newer version', () =>
    expect(() => fold(searchRecordDecider, [{ type: 'SearchForgotten', data: {} } as never])).toThrow(
      /unexpected value/,
    ));
});
