import { calendarDateOf } from '../../../domain/registry/registry-periods';
import { CartGetAction } from '../../http/agent-actions/actions/cart.actions';
import { DnsRecordsListAction } from '../../http/agent-actions/actions/dns-records.actions';
import { DomainGetAction } from '../../http/agent-actions/actions/domain-get.action';
import { LeadMessagesListAction, LeadsListAction } from '../../http/agent-actions/actions/leads.actions';
import { OffersListAction } from '../../http/agent-actions/actions/offers.actions';
import { PortfolioListAction } from '../../http/agent-actions/actions/portfolio.actions';

/** What the account's pages show, made from what the agent actions answer (the same reads, the same words). */

type Answer<Action extends { run: (...args: never[]) => Promise<unknown> }> = Awaited<ReturnType<Action['run']>>;
type Detail = Extract<Answer<DomainGetAction>['domains'][number], { name: string }>;

/** An ISO time as a day (`2027-11-23`); a dash when there is none. */
const dayOf = (iso: string | null | undefined): string => (iso ? calendarDateOf(Date.parse(iso)) : '—');

const STATUSES = [
  { value: 'all', label: 'All domains' },
  { value: 'for-sale', label: 'Listed for sale' },
  { value: 'unlisted', label: 'Not listed' },
];
const SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'expiresAt', label: 'Expiry, latest first' },
  { value: 'purchasedAt', label: 'Newest first' },
  { value: 'listingPrice', label: 'Listing price' },
  { value: 'offers', label: 'Most offers' },
];

/** The portfolio page: the domains of one page, the filters as asked, links to the pages around it. */
export const domainsView = (
  listed: Answer<PortfolioListAction>,
  asked: { q?: string; status?: string; sort?: string },
  page: number,
) => {
  const query = { q: asked.q ?? '', status: asked.status ?? 'all', sort: asked.sort ?? 'name' };
  const linkTo = (to: number) => `/account/domains?${new URLSearchParams({ ...query, page: String(to) }).toString()}`;
  const { total, count, offset, hasMore } = listed.pagination;
  return {
    query,
    statuses: STATUSES,
    sorts: SORTS,
    summary: total === 0 ? 'No domains.' : `${offset + 1}–${offset + count} of ${total} domains`,
    domains: listed.domains.map((domain) => ({
      name: domain.name,
      shown: 'unicodeName' in domain && domain.unicodeName ? domain.unicodeName : domain.name,
      expires: dayOf(domain.expiresAt),
      autoRenewal: domain.autoRenewal?.status === 'enabled',
      listing: domain.listing ? domain.listing.priceFormatted : null,
      tags: domain.tags,
    })),
    previous: page > 1 ? linkTo(page - 1) : null,
    next: hasMore ? linkTo(page + 1) : null,
  };
};

/** A domain's page: its life cycle, DNS, hosting and marketplace. */
export const domainView = (
  detail: Detail,
  records: Answer<DnsRecordsListAction> | undefined,
  offers: Answer<OffersListAction>,
) => ({
  name: detail.name,
  purchased: dayOf(detail.lifecycle.purchasedAt),
  expires: dayOf(detail.lifecycle.expiresAt),
  renewal: detail.lifecycle.renewal?.pricePerYearFormatted ?? null,
  autoRenewal: detail.lifecycle.autoRenewal?.status === 'enabled',
  dnsStatus: records?.dnsStatus.message ?? 'The name has no DNS zone here.',
  records: (records?.records ?? []).map((record) => ({
    subName: record.subName,
    type: record.type,
    values: record.values.join(', '),
  })),
  nameservers: detail.dns.nameservers?.nameservers.join(', ') || 'None',
  dnssec: detail.dns.dnssec?.enabled === true,
  hosting: (detail.dns.hosting ?? []).map((site) => ({
    name: site.subName ? `${site.subName}.${detail.name}` : detail.name,
    what: `${site.type} to ${site.targetUrl}`,
    status: site.certificateStatus === 'ACTIVE' ? 'HTTPS ready' : 'HTTPS certificate coming',
  })),
  listing: detail.marketplace.listing?.priceFormatted ?? null,
  offersCount: detail.marketplace.offersCount,
  leadsCount: detail.marketplace.leadsCount,
  watchlistCount: detail.marketplace.watchlistCount,
  offers: offers.offers.map((offer) => ({
    price: offer.priceFormatted,
    status: offer.status,
    until: dayOf(offer.expiresAt),
  })),
  pending: detail.pendingOperations.map((op) => ({ type: op.type, status: op.status })),
});

/** Offers on the user's names, and the user's conversations. */
export const offersView = (offers: Answer<OffersListAction>, leads: Answer<LeadsListAction>) => ({
  offers: offers.offers.map((offer) => ({
    domain: offer.domainName,
    price: offer.priceFormatted,
    status: offer.status,
    until: dayOf(offer.expiresAt),
  })),
  leads: leads.leads.map((lead) => ({
    id: lead.id,
    domain: lead.domainName,
    role: lead.role === 'SELLER' ? 'seller' : 'buyer',
    unread: lead.unreadCount,
    latest: lead.shortLatestMessageContent,
  })),
});

/** A conversation, oldest message first as people read one. */
export const messagesView = (listed: Answer<LeadMessagesListAction>) => ({
  conversationId: listed.conversationId,
  messages: [...listed.messages].reverse().map((message) => ({
    from: message.senderRole === 'SELLER' ? 'Seller' : 'Buyer',
    at: dayOf(message.createdAt),
    content: message.content,
  })),
});

/** The cart, priced now. */
export const cartView = (cart: Answer<CartGetAction>) => ({
  items: cart.items.map((item) => ({
    domain: item.domain,
    what: item.productType,
    price: item.priceFormatted,
  })),
  total: cart.pricing.totalAmountDueFormatted,
});
