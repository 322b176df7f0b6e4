import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A single-use link to one of the pages a person opens for an agent (`svc_cart_add_payment_method_url`,
 * `svc_cart_get_url`, `svc_authenticated_url_get`): valid for 15 minutes, used up by what the page is for (a card
 * added, an order paid, the account's pages opened signed in). Kept under the digest of its secret, which is never
 * stored.
 */
export const pageLinkStream = (digest: string): string => `page-link-${digest}`;

export const PAGE_LINK_TTL_MS = 15 * 60_000;

export type PagePurpose = 'ADD_CARD' | 'CHECKOUT' | 'ACCOUNT';

/** Where an account link opens the account's pages, and the scopes of the agent that asked for it. */
export type AccountEntry = Readonly<{ path: string; scope: string }>;

type Of<Data> = MessageData<{ digest: string }, Data>;
export type PageLinkIssued = DomainEvent<
  'PageLinkIssued',
  Of<{
    accountId: string;
    purpose: PagePurpose;
    expiresAt: number;
    discountCode: string | null;
    /** An `ACCOUNT` link's entry; absent from the other links. */
    entry?: AccountEntry;
  }>
>;
export type PageLinkUsed = DomainEvent<'PageLinkUsed', Of<unknown>>;
export type PageLinkEvent = PageLinkIssued | PageLinkUsed;

export type IssuePageLink = DomainCommand<'IssuePageLink', PageLinkIssued['data']>;
export type UsePageLink = DomainCommand<'UsePageLink', Of<{ purpose: PagePurpose }>>;
export type PageLinkCommand = IssuePageLink | UsePageLink;

export type PageLink =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'ISSUED' | 'USED';
      readonly accountId: string;
      readonly purpose: PagePurpose;
      readonly expiresAt: number;
      readonly discountCode: string | null;
      readonly entry: AccountEntry | null;
    };

/** Why a link does not open its page now; none when it does. A link to another page is no link to this one. */
export type PageLinkProblem = 'UNKNOWN' | 'EXPIRED' | 'USED';

export const pageLinkProblemOf = (link: PageLink, purpose: PagePurpose, now: number): PageLinkProblem | undefined => {
  if (link.status === 'NONE' || link.purpose !== purpose) return 'UNKNOWN';
  if (link.status === 'USED') return 'USED';
  return now >= link.expiresAt ? 'EXPIRED' : undefined;
};

const evolve = (link: PageLink, event: PageLinkEvent): PageLink => {
  switch (event.type) {
    case 'PageLinkIssued': {
      const { accountId, purpose, expiresAt, discountCode, entry = null } = event.data;
      return { status: 'ISSUED', accountId, purpose, expiresAt, discountCode, entry };
    }
    case 'PageLinkUsed':
      return link.status === 'NONE' ? link : { ...link, status: 'USED' };
    default:
      return assertNever(event);
  }
};

const decide = (command: PageLinkCommand, link: PageLink): PageLinkEvent[] => {
  switch (command.type) {
    case 'IssuePageLink':
      if (link.status !== 'NONE') throw new IllegalTransition('this page link exists already');
      return [{ type: 'PageLinkIssued', data: command.data }];
    case 'UsePageLink': {
      const { digest, purpose, at } = command.data;
      const problem = pageLinkProblemOf(link, purpose, at);
      if (problem) throw new Refused('LINK_INVALID', `this link ${LINK_TOLD[problem]}`, { problem });
      return [{ type: 'PageLinkUsed', data: { digest, at } }];
    }
    default:
      return assertNever(command);
  }
};

export const LINK_TOLD: Readonly<Record<PageLinkProblem, string>> = {
  UNKNOWN: 'is not a link of ours',
  EXPIRED: 'has expired: ask for a new one',
  USED: 'was used already: ask for a new one',
};

export const pageLinkDecider: Decider<PageLinkCommand, PageLinkEvent, PageLink> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
