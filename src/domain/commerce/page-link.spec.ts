// Equivalent mutant: `pageLinkProblemOf` without its `status === 'NONE'` test: a link never issued has no purpose,
// so it is told UNKNOWN by the purpose test all the same.
import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import {
  PAGE_LINK_TTL_MS,
  pageLinkDecider,
  PageLinkEvent,
  pageLinkProblemOf,
  pageLinkStream,
  PagePurpose,
} from './page-link';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(pageLinkDecider);
const issuedData = (purpose: PagePurpose = 'ADD_CARD') => ({
  digest: 'd-1',
  accountId: 'acc-1',
  purpose,
  expiresAt: at + PAGE_LINK_TTL_MS,
  discountCode: null,
  at,
});
const issued = (purpose: PagePurpose = 'ADD_CARD'): PageLinkEvent => ({
  type: 'PageLinkIssued',
  data: issuedData(purpose),
});
const used: PageLinkEvent = { type: 'PageLinkUsed', data: { digest: 'd-1', at } };
const use = (when: number, purpose: PagePurpose = 'ADD_CARD') => ({
  type: 'UsePageLink' as const,
  data: { digest: 'd-1', purpose, at: when },
});
const refused = (problem: string, told: string) => ({
  code: 'LINK_INVALID' as const,
  message: exactly(`this link ${told}`),
  context: { problem },
});

describe('a page link', () => {
  it('is a stream per digest, valid for 15 minutes', () => {
    expect(pageLinkStream('d-1')).toBe('page-link-d-1');
    expect(PAGE_LINK_TTL_MS).toBe(900_000);
    given().when({ type: 'IssuePageLink', data: issuedData() }).then(issued());
    given(issued())
      .when({ type: 'IssuePageLink', data: issuedData() })
      .thenThrows(IllegalTransition, /exists already/);
    given(issued('CHECKOUT')).thenState({
      status: 'ISSUED',
      accountId: 'acc-1',
      purpose: 'CHECKOUT',
      discountCode: null,
      entry: null,
    });
  });

  it("opens the account's pages where the agent asked, with the agent's scopes", () => {
    const entry = { path: '/account/domains', scope: 'portfolio:read' };
    const account: PageLinkEvent = { type: 'PageLinkIssued', data: { ...issuedData('ACCOUNT'), entry } };
    given(account).thenState({ status: 'ISSUED', purpose: 'ACCOUNT', entry });
    given(account)
      .when(use(at, 'ACCOUNT'))
      .then({ type: 'PageLinkUsed', data: { digest: 'd-1', at } });
  });

  it('is used once, before it expires, for the page it was made for', () => {
    given(issued())
      .when(use(at + PAGE_LINK_TTL_MS - 1))
      .then({ type: 'PageLinkUsed', data: { digest: 'd-1', at: at + PAGE_LINK_TTL_MS - 1 } });
    given(issued(), used).thenState({ status: 'USED' });
    given(issued(), used).when(use(at)).thenThrows(Refused, refused('USED', 'was used already: ask for a new one'));
    given(issued())
      .when(use(at + PAGE_LINK_TTL_MS))
      .thenThrows(Refused, refused('EXPIRED', 'has expired: ask for a new one'));
    given(issued()).when(use(at, 'CHECKOUT')).thenThrows(Refused, refused('UNKNOWN', 'is not a link of ours'));
    given().when(use(at)).thenThrows(Refused, refused('UNKNOWN', 'is not a link of ours'));
  });

  it('says why it does not open its page', () => {
    const link = (...events: PageLinkEvent[]) => fold(pageLinkDecider, events);
    expect(pageLinkProblemOf(link(issued()), 'ADD_CARD', at)).toBeUndefined();
    expect(pageLinkProblemOf(link(issued(), used), 'ADD_CARD', at)).toBe('USED');
    expect(pageLinkProblemOf(link(), 'ADD_CARD', at)).toBe('UNKNOWN');
    expect(link(used)).toEqual({ status: 'NONE' });
  });

  it('fails loudly on a command or an event of a newer version', () => {
    expect(() => pageLinkDecider.decide({ type: 'RevokePageLink' } as never, { status: 'NONE' })).toThrow(/unexpected/);
    expect(() => fold(pageLinkDecider, [{ type: 'PageLinkRevoked' } as never])).toThrow(/unexpected/);
  });
});
