import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { marketKeyDecider, marketKeyStream } from './market-key';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(marketKeyDecider);
const data = (value = '17') => ({ kind: 'conversation' as const, key: 'sun.com:acc-1:acc-2', value, at });

describe('a key of the marketplace', () => {
  it('is a stream per kind and key, free at first', () => {
    expect(marketKeyStream('buyer', 'buy_ab')).toBe('market-key-buyer-buy_ab');
    given().thenState({ value: null });
  });

  it('is taken once, for one thing, and taken again for it as a retry', () => {
    given().when({ type: 'TakeMarketKey', data: data() }).then({ type: 'MarketKeyTaken', data: data() });
    given({ type: 'MarketKeyTaken', data: data() }).thenState({ value: '17' });
    given({ type: 'MarketKeyTaken', data: data() }).when({ type: 'TakeMarketKey', data: data() }).thenNothing();
    given({ type: 'MarketKeyTaken', data: data() })
      .when({ type: 'TakeMarketKey', data: data('18') })
      .thenThrows(Error, {
        code: 'CONFLICT',
        message: exactly('the conversation key sun.com:acc-1:acc-2 is taken'),
      });
  });
});
