import { parseAskedName } from '../../../domain/shared/names';

/** The account's pages a signed-in link may open, as the agent names them and as the service serves them. */
export const ACCOUNT_PAGES = [
  '/account/domains',
  '/account/domains/<domain>',
  '/account/offers',
  '/account/messages/<conversationId>',
  '/account/cart',
] as const;

/** What the reference's clients and people call the pages. */
const ALIASES: Readonly<Record<string, string>> = {
  '/': '/account/domains',
  '/account': '/account/domains',
  '/portfolio': '/account/domains',
  '/domains': '/account/domains',
  '/account/domains': '/account/domains',
  '/offers': '/account/offers',
  '/leads': '/account/offers',
  '/messages': '/account/offers',
  '/account/offers': '/account/offers',
  '/account/messages': '/account/offers',
  '/cart': '/account/cart',
  '/account/cart': '/account/cart',
};

/** A list page's query as a link may carry it: its filters, nothing that could be anything else. */
const QUERY = /^[A-Za-z0-9_.~=&%+-]{0,200}$/;

/**
 * The page of the service a path asks for, with its query for the domain list; undefined for a path that is none of
 * the account's pages (the agent is told which are).
 */
export const accountPathOf = (asked: string): string | undefined => {
  const [path, query = ''] = asked.trim().split(/\?(.*)/s, 2);
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = ALIASES[trimmed.toLowerCase()];
  if (page) return page === '/account/domains' && query && QUERY.test(query) ? `${page}?${query}` : page;
  const domain = /^(?:\/account)?\/domains\/([^/]+)$/i.exec(trimmed)?.[1];
  if (domain !== undefined) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(domain);
    } catch {
      return undefined;
    }
    const name = parseAskedName(decoded);
    return name.ok ? `/account/domains/${name.name}` : undefined;
  }
  const conversation = /^(?:\/account)?\/messages\/([1-9][0-9]{0,15})$/.exec(trimmed)?.[1];
  return conversation ? `/account/messages/${conversation}` : undefined;
};
