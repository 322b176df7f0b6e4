import { AccountKind } from '../identity/account';
/**
 * Which of a user's names a push (`svc_domain_push`) may move to another account, and why not for the others, in the
 * reference's reasons. A push moves the holding only: the registration, its contacts and its DNS stay as they are.
 */

export type PushRefusalReason = 'not_owned' | 'not_dns' | 'pending_push' | 'expired' | 'ineligible';

/** What decides a name's push, read when it is asked for. */
export interface PushFacts {
  /** How the account holds the name: a DNS name registered to it, a blockchain name, or not at all. */
  readonly held: 'dns' | 'web3' | null;
  /** The registry's phase of the name (`ACTIVE`, `AUTO_RENEW_GRACE`, `REDEMPTION`...); null when unknown to it. */
  readonly phase: string | null;
  /** An operation of the name has not ended (a registration, renewal, DNS change, sale, lease). */
  readonly operationRunning: boolean;
  /** Where the marketplace holds it: an open listing, an order paying for it, a running lease. */
  readonly market: 'listed' | 'reserved' | 'leased' | null;
}

export interface PushRefusal {
  readonly reason: PushRefusalReason;
  readonly message: string;
}

const MARKET_MESSAGES: Record<NonNullable<PushFacts['market']>, string> = {
  listed: 'is listed for sale: cancel its listing first (svc_listing_cancel)',
  reserved: 'is being bought on the marketplace',
  leased: 'is leased to a buyer until the lease ends',
};

/** The refusal of a name an operation holds: told before the push, or found by the push's own append. */
export const operationRunningRefusal = (name: string): PushRefusal => ({
  reason: 'pending_push',
  message: `${name} has an operation running: push it once that ends`,
});

/** Why `name` cannot be pushed, or null when it can: first what it is, then its state at the registry, then here. */
export const pushRefusalOf = (name: string, facts: PushFacts): PushRefusal | null => {
  if (facts.held === null) return { reason: 'not_owned', message: `${name} is not in this account's portfolio` };
  if (facts.held === 'web3') {
    return { reason: 'not_dns', message: `${name} is a blockchain domain: its wallet holds it, not the account` };
  }
  if (facts.phase !== 'ACTIVE') {
    return { reason: 'expired', message: `${name} has expired: renew it first` };
  }
  if (facts.operationRunning) return operationRunningRefusal(name);
  if (facts.market !== null) return { reason: 'ineligible', message: `${name} ${MARKET_MESSAGES[facts.market]}` };
  return null;
};

/** Why a push cannot go to `target` at all (none, itself, a partner's account), or null when it can. */
export const pushTargetProblemOf = (
  accountId: string,
  target: { readonly id: string; readonly kind: AccountKind } | null,
): string | null => {
  if (target === null || target.kind !== 'user') return 'there is no user account to push to by that id or email';
  if (target.id === accountId) return 'the names are this account’s already: name another account';
  return null;
};
