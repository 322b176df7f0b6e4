import { IsObject, IsOptional, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { isAddress } from 'viem';
import { ResolutionCursor, ResolutionFilter, ResolutionSort } from '../../../projections/resolution/resolution.queries';
import { Issue } from '../shared/problem';
import { Once, Repeated } from '../shared/request-params';

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

/** Record keys come from the client: an issue names at most the start of one, never echoes a whole value. */
const excerpt = (text: string): string => (text.length > 64 ? `${text.slice(0, 64)}…` : text);

/** The query parameters of `GET /domains` (`interface-spec.md` Surface E, `decisions.md` §5), as they arrive. */
export class DomainsListQuery {
  @Repeated({ max: MAX_OWNERS, maxLength: 64, description: 'Owner addresses; repeat the parameter per address' })
  owners?: string[];

  @IsOptional()
  @IsObject()
  @JSONSchema({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'resolution[<record key>]=<value>: domains whose record key holds the value; several must all hold',
    examples: [{ 'crypto.ETH.address': '0x8aad44321a86b170879d7a244c1e8d360c99dda8' }],
  })
  resolution?: Record<string, unknown>;

  @Repeated({ max: 50, maxLength: 64, description: 'Endings; repeat the parameter per ending' })
  tlds?: string[];

  @Once({ oneOf: SORTS, description: 'id: the token id order (the default); name; created_at' })
  sortBy?: ResolutionSort;

  @Once({ oneOf: ['ASC', 'DESC'], description: 'ASC unless given' })
  sortDirection?: 'ASC' | 'DESC';

  @Once({ maxLength: 400, description: 'The `meta.nextStartingAfter` of the previous page' })
  startingAfter?: string;

  @Once({ maxLength: 4, description: 'Items per page, 1 to the configured maximum (200 by default); 100 unless given' })
  @Matches(/^\d{1,4}$/, { message: 'must be a whole number' })
  perPage?: string;
}

/**
 * What the declarations cannot say of `GET /domains` (`decisions.md` §5): at least one of owners and resolution,
 * addresses, known record keys, supported TLDs, perPage in range, a cursor of the sort's shape. Returns the query,
 * or every problem found.
 */
export const parseDomainsQuery = (raw: DomainsListQuery, rules: DomainsQueryRules): DomainsQuery | Issue[] => {
  const issues: Issue[] = [];
  const records: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw.resolution ?? {})) {
    const path = `resolution[${excerpt(key)}]`;
    if (!rules.knownKeys.has(key)) issues.push({ path, message: 'is not a known record key' });
    else if (typeof value !== 'string') issues.push({ path, message: 'must be given once' });
    else if (!value) issues.push({ path, message: 'must be a value: an unset record matches no domain' });
    else records[key] = value;
  }
  if (Object.keys(raw.resolution ?? {}).length > MAX_RECORD_FILTERS)
    issues.push({ path: 'resolution', message: `at most ${MAX_RECORD_FILTERS} record filters` });

  const owners = raw.owners ?? [];
  owners.forEach(
    (owner, index) =>
      isAddress(owner, { strict: false }) || issues.push({ path: `owners[${index}]`, message: 'is not an address' }),
  );
  if (owners.length === 0 && Object.keys(raw.resolution ?? {}).length === 0)
    issues.push({ path: 'owners', message: 'owners or resolution[<key>] is required' });

  const tlds = (raw.tlds ?? []).map((tld) => tld.trim().toLowerCase());
  tlds.forEach(
    (tld, index) =>
      rules.supportedTlds.has(tld) || issues.push({ path: `tlds[${index}]`, message: 'is not a supported ending' }),
  );

  const sortBy = raw.sortBy ?? 'id';
  const perPage = raw.perPage === undefined ? DEFAULT_PER_PAGE : Number(raw.perPage);
  if (perPage < 1 || perPage > rules.maxPerPage)
    issues.push({ path: 'perPage', message: `must be an integer from 1 to ${rules.maxPerPage}` });
  const after = raw.startingAfter === undefined ? undefined : cursorFrom(sortBy, raw.startingAfter);
  if (after === null) issues.push({ path: 'startingAfter', message: `is not a cursor of sortBy ${sortBy}` });

  if (issues.length > 0) return issues;
  return {
    filter: { owners: owners.map((owner) => owner.toLowerCase()), records, tlds },
    sortBy,
    sortDirection: raw.sortDirection ?? 'ASC',
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
      return rest.length === 0 && ISO.test(createdAt) && !Number.isNaN(Date.parse(createdAt)) && NAME.test(name ?? '')
        ? { sortBy, createdAt, name }
        : null;
    }
    default:
      return null;
  }
};
