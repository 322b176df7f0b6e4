import { Body, Controller, Get, HttpCode, Param, Post, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ArrayMaxSize, ArrayMinSize, IsArray, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ResolutionSettings } from '../../../application/resolution/resolution-settings';
import { domainNameForms } from '../../../domain/shared/idna';
import { ResolvedDomain } from '../../../projections/resolution/resolution.projection';
import {
  GetResolvedDomain,
  GetReverseDomains,
  ListResolvedDomains,
  ResolutionPage,
} from '../../../projections/resolution/resolution.queries';
import { Access } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { NoQuery, Once, Repeated } from '../shared/request-params';
import { bodyOf, resolvesEnding } from './resolution-views';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

class AddressParams {
  @Matches(ADDRESS, { message: 'is not an address (0x and 40 hex digits)' })
  @JSONSchema({ description: 'An EVM address, in any case', examples: ['0x8aaD44321A86b170879d7A244c1e8d360c99DdA8'] })
  address!: string;
}

class ReverseQueryBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @Matches(ADDRESS, { each: true, message: 'each must be an address (0x and 40 hex digits)' })
  @JSONSchema({ description: '1 to 1000 addresses, in any case' })
  addresses!: string[];
}

class RecordsQuery {
  @Repeated({ min: 1, max: 50, maxLength: 253, description: 'Domain names (Unicode or A-label); repeat per name' })
  domains!: string[];

  @Repeated({ max: 50, maxLength: 255, description: 'Only these record keys (repeat per key); every key unless given' })
  key?: string[];
}

const OWNER_PAGE = 100;

class OwnerDomainsQuery {
  @Once({ maxLength: 66, description: 'The `next` of the previous page; absent for the first' })
  @Matches(/^0x[0-9a-f]{64}$/, { message: 'is not a cursor this route gave' })
  cursor?: string;
}

/** Surface E's lookups beside one name: many names' records, an address's domains, its primary domain. */
@Controller('resolve')
@Access({ surface: 'resolution' })
export class ResolutionLookupsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly settings: ResolutionSettings,
  ) {}

  @Get('records')
  @Documented({
    summary: 'The records of up to 50 names at once, only the keys asked for if any; an unknown name has none',
    answer: 'DomainRecordsList',
  })
  async records(@QueryParams() { domains, key }: RecordsQuery) {
    const keys = key && new Set(key);
    const data = await Promise.all(
      domains.map(async (asked) => {
        const forms = domainNameForms(asked);
        const served = forms && resolvesEnding(forms, this.settings.supportedTlds);
        const found: ResolvedDomain | undefined = served
          ? await this.queries.execute(new GetResolvedDomain(forms.name))
          : undefined;
        const records = Object.entries(found?.records ?? {}).filter(([name]) => !keys || keys.has(name));
        return { domain: forms?.name ?? asked, records: Object.fromEntries(records) };
      }),
    );
    return { data };
  }

  @Get('owners/:address/domains')
  @Documented({
    summary: 'The domains an address owns, with records and meta, 100 a page in token id order; `next` pages on',
    answer: 'OwnerDomainList',
  })
  async ownerDomains(@Param() { address }: AddressParams, @QueryParams() { cursor }: OwnerDomainsQuery) {
    const page: ResolutionPage = await this.queries.execute(
      new ListResolvedDomains(
        { owners: [address.toLowerCase()], records: {}, tlds: [] },
        { by: 'id', direction: 'asc' },
        OWNER_PAGE,
        cursor ? { sortBy: 'id', tokenId: cursor } : undefined,
      ),
    );
    const last = page.items.at(-1);
    return { data: page.items.map(bodyOf), next: page.hasMore && last ? last.tokenId : null };
  }

  @Get('reverse/:address')
  @Documented({
    summary: "An address's primary domain: the name its reverse resolution points at on chain, with records and meta",
    answer: 'ReverseDomains',
  })
  async reverse(@Param() { address }: AddressParams, @QueryParams() _query: NoQuery) {
    const found = await this.queries.execute(new GetReverseDomains([address.toLowerCase()]));
    return { data: [...found.values()].map(bodyOf) };
  }

  @Post('reverse/query')
  @HttpCode(200)
  @Documented({
    summary:
      'The primary domains of up to 1000 addresses at once, in the order asked; addresses without one are left out',
    answer: 'ReverseDomainList',
  })
  async reverses(@Body() { addresses }: ReverseQueryBody, @QueryParams() _query: NoQuery) {
    const asked = [...new Set(addresses.map((address) => address.toLowerCase()))];
    const found = await this.queries.execute(new GetReverseDomains(asked));
    return { data: asked.flatMap((address) => found.get(address) ?? []).map(bodyOf), meta: {} };
  }
}
