import { deciderSpec } from '../../../test/support/decider-spec';
import { marketWatchStream, watchlistDecider } from './watchlist';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(watchlistDecider);
const of = (accountId = 'acc-2') => ({ name: 'sun.com', accountId, at });
const watched = (accountId = 'acc-2') => ({ type: 'NameWatched' as const, data: of(accountId) });
const unwatched = (accountId = 'acc-2') => ({ type: 'NameUnwatched' as const, data: of(accountId) });

describe("a name's watchers", () => {
  it('are a stream per name, nobody at first', () => {
    expect(marketWatchStream('sun.com')).toBe('market-watch-sun.com');
    given().thenState({ accounts: new Set() });
  });

  it('count each account once, watching or not', () => {
    given().when({ type: 'WatchName', data: of() }).then(watched());
    given(watched()).when({ type: 'WatchName', data: of() }).thenNothing();
    given(watched())
      .when({ type: 'WatchName', data: of('acc-3') })
      .then(watched('acc-3'));
    given(watched(), watched('acc-3')).thenState({ accounts: new Set(['acc-2', 'acc-3']) });
    given(watched()).when({ type: 'UnwatchName', data: of() }).then(unwatched());
    given(watched(), unwatched()).thenState({ accounts: new Set() });
    given(watched(), watched('acc-3'), unwatched()).thenState({ accounts: new Set(['acc-3']) });
    given().when({ type: 'UnwatchName', data: of() }).thenNothing();
  });
});
