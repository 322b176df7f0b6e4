import { Controller, Get, NotFoundException, Param, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IsString, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { domainNameForms } from '../../../domain/shared/idna';
import { ResolutionSettings } from '../../../application/resolution/resolution-settings';
import { GetIndexingStatus, IndexingStatus } from '../../../projections/resolution/indexing-status.query';
import {
  cursorOf,
  GetResolvedDomain,
  GetResolvedToken,
  ListResolvedDomains,
} from '../../../projections/resolution/resolution.queries';
import { tokenIdHex } from '../../../domain/chains/blockchain';
import { Access } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { RequestValidationError } from '../shared/problem';
import { NoQuery } from '../shared/request-params';
import { DomainsListQuery, DomainsQueryRules, parseDomainsQuery } from './domains-query';
import { bodyOf, DomainBody, latestTransferOf, metadataOf, resolvesEnding, unknownDomain } from './resolution-views';
import { ResolvedDomain } from '../../../projections/resolution/resolution.projection';

class ResolvedNameParams {
  @IsString()
  @JSONSchema({
    description:
      'A domain name in Unicode or A-label (xn--) form; one that is unknown, unsupported or malformed resolves to null values',
    examples: ['brad.crypto'],
  })
  name!: string;
}

class TokenParams {
  @Matches(/^([0-9]{1,78}|0x[0-9a-fA-F]{64})$/, { message: 'is not a token id (decimal, or 0x and 64 hex digits)' })
  @JSONSchema({
    description: 'A token id (the namehash of the name), decimal as tokenURI names it, or 0x and 64 hex digits',
    examples: ['53115498937382692782103703677178119840631903773202805882273058578308100329417'],
  })
  tokenId!: string;
}

/** Surface E: resolution of blockchain domains from the indexed chains (`decisions.md` §5). */
@Controller('resolve')
export class ResolutionController {
  private readonly rules: DomainsQueryRules;

  constructor(
    private readonly queries: QueryBus,
    private readonly settings: ResolutionSettings,
  ) {
    this.rules = {
      knownKeys: settings.recordKeys,
      supportedTlds: settings.supportedTlds,
      maxPerPage: settings.maxPerPage,
    };
  }

  @Get('domains/:name')
  @Documented({
    summary: 'A name (Unicode or A-label) to its records and metadata; an unknown one to null values',
    answer: 'ResolvedDomain',
  })
  @Access({ surface: 'resolution' })
  async domain(@Param() { name }: ResolvedNameParams, @QueryParams() _query: NoQuery): Promise<DomainBody> {
    // either form of the name resolves; one that no registry could hold resolves to nothing, as the spec says
    const forms = domainNameForms(name);
    if (forms === null || !resolvesEnding(forms, this.rules.supportedTlds)) return unknownDomain(forms);
    const found = await this.queries.execute(new GetResolvedDomain(forms.name));
    return found ? bodyOf(found) : unknownDomain(forms);
  }

  @Get('domains/:name/transfers/latest')
  @Documented({
    summary: "A name's last transfer on its chain (from, to, block, transaction, time), from the indexed registry logs",
    answer: 'LatestTransfers',
  })
  @Access({ surface: 'resolution' })
  async latestTransfer(@Param() { name }: ResolvedNameParams, @QueryParams() _query: NoQuery) {
    const forms = domainNameForms(name);
    if (forms === null || !resolvesEnding(forms, this.rules.supportedTlds)) return { data: [] };
    const found: ResolvedDomain | undefined = await this.queries.execute(new GetResolvedDomain(forms.name));
    // a document of the generation before the last transfer was kept has none: it answers once rebuilt
    return { data: found?.lastTransfer ? [latestTransferOf(found, found.lastTransfer)] : [] };
  }

  @Get('domains')
  @Documented({
    summary: 'The domains of owners, or whose records hold values, in keyset pages',
    answer: 'ResolvedDomainList',
  })
  @Access({ surface: 'resolution' })
  async domains(@QueryParams() raw: DomainsListQuery) {
    const query = parseDomainsQuery(raw, this.rules);
    if (Array.isArray(query)) throw new RequestValidationError(query);
    const direction = query.sortDirection === 'ASC' ? 'asc' : 'desc';
    const page = await this.queries.execute(
      new ListResolvedDomains(query.filter, { by: query.sortBy, direction }, query.perPage, query.after),
    );
    const last = page.items.at(-1);
    return {
      data: page.items.map((domain) => ({ id: domain.name, attributes: bodyOf(domain) })),
      meta: {
        perPage: query.perPage,
        nextStartingAfter: last ? cursorOf(query.sortBy, last) : null,
        sortBy: query.sortBy,
        sortDirection: query.sortDirection,
        hasMore: page.hasMore,
      },
    };
  }

  /** The table the published resolution client reads to route a name to its naming service and chain. */
  @Get('supported_tlds')
  @Documented({
    summary:
      'The endings resolved, each with its naming service and chain (what the published resolution client reads)',
    answer: 'SupportedTlds',
  })
  supportedTlds(@QueryParams() _query: NoQuery) {
    const { tlds } = this.settings;
    return {
      tlds: tlds.map((entry) => entry.tld),
      meta: Object.fromEntries(
        tlds.map((entry) => [entry.tld, { namingService: 'UNS', registrationBlockchain: entry.blockchain }]),
      ),
    };
  }

  /** Where the embedded registries' `tokenURI` points: what wallets and the client's `reverse()` read of a token. */
  @Get('metadata/:tokenId')
  @Documented({
    summary: "A token's metadata (ERC-721): its name, records and traits; the registries' tokenURI of local chains",
    answer: 'TokenMetadata',
  })
  async metadata(@Param() { tokenId }: TokenParams, @QueryParams() _query: NoQuery) {
    const found = await this.queries.execute(new GetResolvedToken(tokenIdHex(BigInt(tokenId))));
    if (!found) throw new NotFoundException(`token ${tokenId} is no domain of the indexed registries`);
    return metadataOf(found);
  }

  @Get('status')
  @Documented({ summary: 'How far each chain is indexed', answer: 'IndexingStatus' })
  async status(@QueryParams() _query: NoQuery): Promise<IndexingStatus> {
    return this.queries.execute(new GetIndexingStatus(this.settings.blockchains));
  }
}
