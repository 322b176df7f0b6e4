import { isAddress } from 'viem';
import { ResolutionCursor, ResolutionFilter, ResolutionSort } from '../../../projections/resolution/resolution.queries';
import { Issue } from '../shared/problem';

export interface DomainsQuery {
  readonly filter: ResolutionFilter;
  readonly sortBy: ResolutionSort;
  readonly sortDirection: 'ASC' | 'DESC';
  readonly perPage: number;
  readonly after?: ResolutionCursor;
}

export interface DomainsQueryRules {
  readonly knownKeys: ReadonlySet<string>;
  readonly supportedTlds: ReadonlySet<string>;
  readonly maxPerPage: number;
}

const DEFAULT_PER_PAGE = 100;
const MAX_OWNERS = 50;
const MAX_RECORD_FILTERS = 10;
const SORTS: readonly ResolutionSort[] = ['id', 'name', 'created_at'];
const NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{1,63}$/;
const TOKEN_ID = /^0x[0-9a-f]{64}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const RESOLUTION_PARAM = /^resolution\[(.+)\]$/;

/** Parameter names come from the client: an issue names at most the start of one, never echoes a whole value. */
const excerpt = (text: string): string => (text.length > 64 ? `${text.slice(0, 64)}…` : text);

const many = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * `GET /domains` as the query string gives it (repeated parameters, `resolution[<key>]=<value>`), checked against
 * `decisions.md` §5: at least one of owners and resolution, known record keys, supported TLDs, perPage in range, a
 * cursor of the sort's shape. Returns the query, or every problem found.
 */
export const parseDomainsQuery = (raw: Readonly<Record<string, string | string[] | undefined>>, rules: DomainsQueryRules): DomainsQuery | Issue[] => {
  const issues: Issue[] = [];
  const one = (name: string): string | undefined => {
    const values = many(raw[name]);
    if (values.length > 1) issues.push({ path: name, message: 'must be given once' });
    return values[0];
  };
  const records: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const key = RESOLUTION_PARAM.exec(name)?.[1];
    if (key !== undefined) {
      if (!rules.knownKeys.has(key)) issues.push({ path: excerpt(name), message: 'is not a known record key' });
      else if (Array.isArray(value)) issues.push({ path: name, message: 'must be given once' });
      else if (!value) issues.push({ path: name, message: 'must be a value: an unset record matches no domain' });
      else records[key] = value;
    } else if (!['owners', 'tlds', 'sortBy', 'sortDirection', 'startingAfter', 'perPage'].includes(name)) {
      issues.push({ path: excerpt(name), message: 'is not a parameter of this route' });
    }
  }
  if (Object.keys(records).length > MAX_RECORD_FILTERS) issues.push({ path: 'resolution', message: `at most ${MAX_RECORD_FILTERS} record filters` });

  const owners = many(raw.owners);
  if (owners.length > MAX_OWNERS) issues.push({ path: 'owners', message: `at most ${MAX_OWNERS} owners` });
  else owners.forEach((owner, index) => isAddress(owner, { strict: false }) || issues.push({ path: `owners[${index}]`, message: 'is not an address' }));
  if (owners.length === 0 && Object.keys(records).length === 0) issues.push({ path: 'owners', message: 'owners or resolution[<key>] is required' });

  const tlds = many(raw.tlds).map((tld) => tld.trim().toLowerCase());
  if (tlds.length > rules.supportedTlds.size) issues.push({ path: 'tlds', message: `at most ${rules.supportedTlds.size} endings` });
  else tlds.forEach((tld, index) => rules.supportedTlds.has(tld) || issues.push({ path: `tlds[${index}]`, message: 'is not a supported ending' }));

  const sortBy = (one('sortBy') ?? 'id') as ResolutionSort;
  if (!SORTS.includes(sortBy)) issues.push({ path: 'sortBy', message: `must be one of ${SORTS.join(', ')}` });
  const sortDirection = one('sortDirection') ?? 'ASC';
  if (sortDirection !== 'ASC' && sortDirection !== 'DESC') issues.push({ path: 'sortDirection', message: 'must be ASC or DESC' });

  const perPageText = one('perPage');
  const perPage = perPageText === undefined ? DEFAULT_PER_PAGE : Number(perPageText);
  if (perPageText !== undefined && (!/^\d{1,4}$/.test(perPageText) || perPage < 1 || perPage > rules.maxPerPage)) {
    issues.push({ path: 'perPage', message: `must be an integer from 1 to ${rules.maxPerPage}` });
  }

  const startingAfter = one('startingAfter');
  const after = startingAfter === undefined ? undefined : cursorFrom(sortBy, startingAfter);
  if (after === null) issues.push({ path: 'startingAfter', message: `is not a cursor of sortBy ${sortBy}` });

  if (issues.length > 0) return issues;
  return {
    filter: { owners: owners.map((owner) => owner.toLowerCase()), records, tlds },
    sortBy,
    sortDirection: sortDirection as 'ASC' | 'DESC',
    perPage,
    after: after ?? undefined,
  };
};

/** The cursor shapes `nextStartingAfter` takes per sort: a token id, a name, or `<ISO time>|<name>`. */
const cursorFrom = (sortBy: ResolutionSort, text: string): ResolutionCursor | null => {
  switch (sortBy) {
    case 'id':
      return TOKEN_ID.test(text) ? { sortBy, tokenId: text } : null;
    case 'name':
      return NAME.test(text) ? { sortBy, name: text } : null;
    case 'created_at': {
      const [createdAt, name, ...rest] = text.split('|');
      return rest.length === 0 && ISO.test(createdAt) && !Number.isNaN(Date.parse(createdAt)) && NAME.test(name ?? '') ? { sortBy, createdAt, name } : null;
    }
    default:
      return null;
  }
};
