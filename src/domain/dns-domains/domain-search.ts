import { LABEL_DOTS, parseSecondLevelName, SecondLevelName } from '../shared/names';
import { DnsAvailability } from './dns-availability';

/**
 * Surface A's domain search (`svc_domains_search`, `decisions.md` §1): queries are full names (`coffee.ai`) or search
 * terms (`coffee shop`); terms are searched under the TLDs asked, else under the endings the queries name, else under
 * the five defaults. A query that cannot make a name says why instead of failing the search.
 */

export const DEFAULT_SEARCH_TLDS = ['com', 'net', 'org', 'ai', 'io'] as const;

export interface SearchedQuery {
  readonly query: string;
  readonly invalidReason: string | null;
  readonly invalidCharacters: readonly string[];
}

export interface SearchCandidate {
  readonly name: SecondLevelName;
  /** The query it answers. */
  readonly query: string;
}

export interface SearchPlan {
  readonly queries: readonly SearchedQuery[];
  readonly searchedTlds: readonly string[];
  /** Every name the search answers, in order: by query, a full name before its label under the other TLDs. */
  readonly candidates: readonly SearchCandidate[];
}

// letters and digits of any script, combining marks (IDNs), hyphens; spaces separate words; dots end labels
const ALLOWED = /[\p{L}\p{M}\p{N}\-\s.。．｡]/u;

const invalidCharactersOf = (query: string): string[] => [
  ...new Set([...query].filter((character) => !ALLOWED.test(character))),
];

/** The TLD a query names, when it is a full name that can be registered (`coffee.ai` → `ai`); none for a term. */
const endingOf = (query: string, sold: readonly string[]): string | undefined => {
  const text = query.trim().toLowerCase();
  if (!LABEL_DOTS.test(text)) return undefined;
  const parsed = parseSecondLevelName(text, sold);
  return parsed.ok ? parsed.tld : undefined;
};

/** The TLDs searched: those asked, else those the queries end with, else the defaults the service sells. */
export const searchedTldsOf = (
  queries: readonly string[],
  asked: readonly string[] | undefined,
  sold: readonly string[],
): string[] => {
  if (asked && asked.length > 0) return [...new Set(asked)];
  const inferred = [...new Set(queries.flatMap((query) => endingOf(query, sold) ?? []))];
  if (inferred.length > 0) return inferred.slice(0, DEFAULT_SEARCH_TLDS.length);
  return DEFAULT_SEARCH_TLDS.filter((tld) => sold.includes(tld));
};

const refused = (query: string, invalidReason: string, invalidCharacters: string[] = []) => ({
  searched: { query, invalidReason, invalidCharacters },
  names: [] as SecondLevelName[],
});

/** The names one query stands for under the searched TLDs, or why it stands for none. */
const namesOfQuery = (
  query: string,
  tlds: readonly string[],
  sold: readonly string[],
): { searched: SearchedQuery; names: SecondLevelName[] } => {
  const invalid = invalidCharactersOf(query);
  if (invalid.length > 0)
    return refused(query, `The query contains characters a domain name cannot hold: ${invalid.join(' ')}`, invalid);
  const text = query.trim().toLowerCase();
  const full = LABEL_DOTS.test(text) ? parseSecondLevelName(text, sold) : undefined;
  if (full && !full.ok) return refused(query, full.reason);
  const label = full?.ok ? full.label : text.replace(/\s+/g, '');
  if (label === '') return refused(query, 'The query holds no letters or digits.');
  const names: SecondLevelName[] = full?.ok ? [full] : [];
  for (const tld of tlds) {
    const parsed = parseSecondLevelName(`${label}.${tld}`, sold);
    if (!parsed.ok) return refused(query, parsed.reason);
    if (parsed.name !== full?.name) names.push(parsed);
  }
  return { searched: { query, invalidReason: null, invalidCharacters: [] }, names };
};

export const searchPlanOf = (
  queries: readonly string[],
  asked: readonly string[] | undefined,
  sold: readonly string[],
): SearchPlan => {
  const searchedTlds = searchedTldsOf(queries, asked, sold);
  const seen = new Set<string>();
  const searched: SearchedQuery[] = [];
  const candidates: SearchCandidate[] = [];
  for (const query of queries) {
    const { searched: each, names } = namesOfQuery(query, searchedTlds, sold);
    searched.push(each);
    for (const name of names) {
      if (seen.has(name.name)) continue;
      seen.add(name.name);
      candidates.push({ name, query });
    }
  }
  return { queries: searched, searchedTlds, candidates };
};

/** `marketplace.status` of a result (`decisions.md` §1). */
export type MarketplaceStatus =
  | 'available'
  | 'registered-listed-for-sale'
  | 'registered-listed-for-offers'
  | 'registered-not-for-sale'
  | 'unavailable'
  | 'invalid';

export interface SearchVerdict {
  readonly available: boolean;
  readonly marketplace: {
    readonly status: MarketplaceStatus;
    readonly source: 'service' | 'extmarket_a' | 'extmarket_b';
  };
}

const SOURCE = { SERVICE: 'service', EXTMARKET_A: 'extmarket_a', EXTMARKET_B: 'extmarket_b' } as const;

/** How surface D's availability reads in an agent's search: can it be bought, and where from. */
export const searchVerdictOf = (availability: DnsAvailability): SearchVerdict => {
  const source = SOURCE[availability.source];
  switch (availability.status) {
    case 'AVAILABLE':
      return { available: true, marketplace: { status: 'available', source } };
    case 'AVAILABLE_FROM_SELLER':
      return { available: true, marketplace: { status: 'registered-listed-for-sale', source } };
    case 'REGISTERED': {
      const status = availability.offersOnly ? 'registered-listed-for-offers' : 'registered-not-for-sale';
      return { available: false, marketplace: { status, source } };
    }
    case 'DISALLOWED':
      return { available: false, marketplace: { status: 'invalid', source } };
    default:
      // reserved, protected, not yet open, being registered, pending deletion, or above the price limit
      return { available: false, marketplace: { status: 'unavailable', source } };
  }
};
