import { applyDecorators } from '@nestjs/common';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IfPresent } from '../../shared/validation';

/**
 * The bodies of surface A's actions (`interface-spec.md` Surface A and Limits). Strings the spec leaves unbounded get
 * the bound of what they hold: a domain name (253), a TLD (63), a tag (20); numbers it leaves unbounded above, the
 * largest a page position can be (a larger offset is an empty page, not an error).
 */

/** Characters a domain name may have. */
export const NAME_LENGTH = 253;
/** The largest a count or a position in a list may be (a 32-bit integer). */
export const MAX_COUNT = 2_147_483_647;

/** `domains` of the actions on the user's domains: 1 to 50 names, in either form. */
const DomainNames = () =>
  applyDecorators(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(50),
    IsString({ each: true }),
    MinLength(1, { each: true }),
    MaxLength(NAME_LENGTH, { each: true }),
  );

/** For the actions whose body is an empty object. */
export class EmptyActionBody {}

const problemOfQuery = (value: unknown): string | undefined => {
  const fits = (text: unknown) => typeof text === 'string' && text.length >= 1 && text.length <= NAME_LENGTH;
  if (typeof value === 'string') return fits(value) ? undefined : `must be 1 to ${NAME_LENGTH} characters`;
  if (!Array.isArray(value)) return 'must be a string or an array of strings';
  if (value.length < 1 || value.length > 10) return 'must hold 1 to 10 queries';
  return value.every(fits) ? undefined : `each query must be a string of 1 to ${NAME_LENGTH} characters`;
};

@ValidatorConstraint({ name: 'searchQuery' })
class SearchQueryRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return problemOfQuery(value) === undefined;
  }
  defaultMessage(args: ValidationArguments): string {
    return problemOfQuery(args.value) ?? 'is not a query';
  }
}

const searchText = { type: 'string', minLength: 1, maxLength: NAME_LENGTH } as const;

@JSONSchema({ examples: [{ query: 'coffee shop' }, { query: ['sunrise.com', 'brightpath'], tlds: ['com', 'io'] }] })
export class DomainsSearchBody {
  @Validate(SearchQueryRule)
  // the function form replaces what the property's type (a union: Object) would make of it
  @JSONSchema(() => ({
    oneOf: [searchText, { type: 'array', minItems: 1, maxItems: 10, items: searchText }],
    description: 'A full domain name (`coffee.ai`) or a search term (`coffee shop`), or up to 10 of them',
  }))
  query!: string | string[];

  @IfPresent()
  @IsArray()
  @ArrayMaxSize(5)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(63, { each: true })
  @JSONSchema({ description: 'Up to 5 TLDs of svc_tld_list; default com, net, org, ai, io, or those of the query' })
  tlds?: string[];

  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(100)
  @JSONSchema({ description: 'Results per page (default 20)' })
  limit?: number;

  @IfPresent()
  @IsInt()
  @Min(0)
  @Max(MAX_COUNT)
  @JSONSchema({ description: 'Results to skip (default 0); 10 queries under 5 TLDs make at most 50 results' })
  offset?: number;
}

/** The three open searches: help articles, developer documentation, specifications. */
@JSONSchema({ examples: [{ query: 'how do I renew a domain' }] })
export class KnowledgeSearchBody {
  @IsString()
  @MinLength(2)
  @MaxLength(200)
  @JSONSchema({ description: 'Words to look for, 2 to 200 characters, any case; misspellings are forgiven' })
  query!: string;
}

export const PORTFOLIO_ORDERS = [
  'name',
  'length',
  'purchasedAt',
  'expiresAt',
  'listingPrice',
  'offers',
  'leads',
  'watchlistCount',
] as const;

@JSONSchema({ examples: [{ limit: 20, orderBy: 'expiresAt', expiringWithinDays: 60 }] })
export class PortfolioListBody {
  @IfPresent()
  @IsInt()
  @Min(0)
  @Max(MAX_COUNT)
  offset?: number;

  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(500)
  @JSONSchema({ description: 'Domains per page (default 50)' })
  limit?: number;

  @IfPresent()
  @IsString()
  @MaxLength(NAME_LENGTH)
  @JSONSchema({ description: 'Only names containing it (in either form of an internationalized name)' })
  searchTerm?: string;

  @IfPresent()
  @IsIn(['all', 'for-sale', 'unlisted'])
  status?: 'all' | 'for-sale' | 'unlisted';

  @IfPresent()
  @IsIn(['dns', 'web3'])
  @JSONSchema({ description: 'DNS domains (default) or blockchain domains' })
  registryType?: 'dns' | 'web3';

  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(365)
  @JSONSchema({ description: 'Only domains expiring within so many days from now (and not expired)' })
  expiringWithinDays?: number;

  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'true: only expired domains; false: only domains not expired' })
  expired?: boolean;

  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(MAX_COUNT)
  @JSONSchema({ description: 'Shortest label, in characters of its Unicode form' })
  minLength?: number;

  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(MAX_COUNT)
  @JSONSchema({ description: 'Longest label, in characters of its Unicode form' })
  maxLength?: number;

  @IfPresent()
  @IsIn(['true', 'false'])
  autoRenewal?: 'true' | 'false';

  @IfPresent()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(20, { each: true })
  @JSONSchema({ description: 'Only domains carrying every one of these tags (compared lowercased)' })
  tagFilters?: string[];

  @IfPresent()
  @IsIn(PORTFOLIO_ORDERS)
  @JSONSchema({ description: 'Default name' })
  orderBy?: (typeof PORTFOLIO_ORDERS)[number];

  @IfPresent()
  @IsIn(['asc', 'desc'])
  orderDirection?: 'asc' | 'desc';
}

@JSONSchema({ examples: [{ domains: ['coffee.com', 'brightpath.io'] }] })
export class DomainGetBody {
  @DomainNames()
  domains!: string[];
}

export class ContactsListBody {
  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'Also list disabled contacts (default false)' })
  includeDisabled?: boolean;
}

@JSONSchema({ examples: [{ domains: ['coffee.com'], tags: ['clients', 'renew-2027'] }] })
export class DomainTagsBody {
  @DomainNames()
  domains!: string[];

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(20, { each: true })
  @JSONSchema({ description: '1 to 10 tags of 1 to 20 characters; compared lowercased' })
  tags!: string[];
}
