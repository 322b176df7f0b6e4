import { PushFacts, pushRefusalOf, pushTargetProblemOf } from './domain-push';

const pushable: PushFacts = { held: 'dns', phase: 'ACTIVE', operationRunning: false, market: null };
const given = (change: Partial<PushFacts>) => ({
  whenPushed: () => pushRefusalOf('sun.com', { ...pushable, ...change }),
});

describe('which names a push moves', () => {
  it('moves a DNS name the account holds, active at the registry, with nothing running and not on sale', () => {
    expect(given({}).whenPushed()).toBeNull();
  });

  it.each([
    [{ held: null }, 'not_owned', "sun.com is not in this account's portfolio"],
    [{ held: 'web3' }, 'not_dns', 'sun.com is a blockchain domain: its wallet holds it, not the account'],
    [{ phase: 'AUTO_RENEW_GRACE' }, 'expired', 'sun.com has expired: renew it first'],
    [{ phase: 'REDEMPTION' }, 'expired', 'sun.com has expired: renew it first'],
    [{ phase: null }, 'expired', 'sun.com has expired: renew it first'],
    [{ operationRunning: true }, 'pending_push', 'sun.com has an operation running: push it once that ends'],
    [{ market: 'listed' }, 'ineligible', 'sun.com is listed for sale: cancel its listing first (svc_listing_cancel)'],
    [{ market: 'reserved' }, 'ineligible', 'sun.com is being bought on the marketplace'],
    [{ market: 'leased' }, 'ineligible', 'sun.com is leased to a buyer until the lease ends'],
  ] as const)('given %j, refuses it as %s: %s', (change, reason, message) => {
    expect(given(change as Partial<PushFacts>).whenPushed()).toEqual({ reason, message });
  });

  it('tells first what the name is, then its state at the registry, then what holds it here', () => {
    expect(given({ held: null, phase: null, operationRunning: true }).whenPushed()?.reason).toBe('not_owned');
    expect(given({ held: 'web3', phase: null }).whenPushed()?.reason).toBe('not_dns');
    expect(given({ phase: 'REDEMPTION', operationRunning: true, market: 'listed' }).whenPushed()?.reason).toBe(
      'expired',
    );
    expect(given({ operationRunning: true, market: 'leased' }).whenPushed()?.reason).toBe('pending_push');
  });
});

describe('where a push may go', () => {
  it("goes to another user's account", () => {
    expect(pushTargetProblemOf('acc-1', { id: 'acc-2', kind: 'user' })).toBeNull();
  });

  it('goes nowhere else: no account, a partner, the account itself', () => {
    const none = 'there is no user account to push to by that id or email';
    expect(pushTargetProblemOf('acc-1', null)).toBe(none);
    expect(pushTargetProblemOf('acc-1', { id: 'acc-2', kind: 'partner' })).toBe(none);
    expect(pushTargetProblemOf('acc-1', { id: 'acc-1', kind: 'user' })).toBe(
      'the names are this account’s already: name another account',
    );
  });
});
