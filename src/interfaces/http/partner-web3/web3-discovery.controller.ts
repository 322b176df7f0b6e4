import { Controller, Get, Param, Query } from '@nestjs/common';
import { Principal } from '../../../application/identity/authenticator';
import { partnerType } from '../../../application/shared/partner-type';
import { DomainExpansion, priceView, Web3DomainReader } from '../../../projections/web3-domains/web3-domain.reader';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { suggestNames } from '../../../domain/web3-domains/suggestions';
import { Address } from '../../../domain/chains/blockchain';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { cursorList, decodeCursor, list } from '../shared/partner-lists';
import { addressOf, oneOfEndings } from './web3-input';
import {
  AddressParams,
  OWNER_SEARCH_LIMIT,
  OwnedDomainsQuery,
  OwnersDomainsQuery,
  SuggestionsQuery,
} from './web3-params.dto';

const SUGGESTIONS = 20;
const OWNER_PAGE = 50;
const isTokenCursor = (value: unknown): value is { tokenId: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { tokenId?: unknown }).tokenId === 'string' &&
  /^0x[0-9a-f]{64}$/.test((value as { tokenId: string }).tokenId);

/** Finding names: suggestions of available ones, and the domains wallets hold. */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'web3' })
export class Web3DiscoveryController {
  constructor(
    private readonly reader: Web3DomainReader,
    private readonly settings: Web3Settings,
  ) {}

  @Get('suggestions/domains')
  @Documented({
    summary: 'Available names built from the words of the queries, with their prices',
    answer: 'DomainSuggestionList',
    refuses: ['EXCEEDS_LIMIT'],
  })
  async suggestions(@CurrentPrincipal() principal: Principal, @Query() query: SuggestionsQuery) {
    const endings = oneOfEndings(query.ending, this.settings.supportedTlds);
    // twice as many candidates as answers: the taken ones fall out
    const candidates = suggestNames(
      query.query,
      endings.length > 0 ? endings : this.settings.claimableTlds,
      SUGGESTIONS * 2,
    );
    const domains = await this.reader.lookup(principal.accountId, candidates, new Set());
    const available = domains
      .filter((domain) => (domain.availability as { status: string }).status === 'AVAILABLE')
      .slice(0, SUGGESTIONS);
    return list(
      this.settings.namespace,
      available.map((domain) => ({
        '@type': partnerType(this.settings.namespace, 'DomainSuggestion'),
        name: domain.name,
        unicodeName: domain.unicodeName,
        price: (domain.availability as { price: ReturnType<typeof priceView> }).price,
      })),
    );
  }

  @Get('owners/:address/domains')
  @Documented({ summary: 'The domains a wallet holds, by token id', answer: 'DomainMinimalCursorList' })
  owned(@CurrentPrincipal() principal: Principal, @Param() params: AddressParams, @Query() query: OwnedDomainsQuery) {
    return this.ownedBy(principal, [addressOf(params.address)], query);
  }

  @Get('search/owners/domains')
  @Documented({
    summary: `The domains some wallets hold (up to ${OWNER_SEARCH_LIMIT}, the account's or not), by token id`,
    answer: 'DomainMinimalCursorList',
    refuses: ['EXCEEDS_LIMIT'],
  })
  search(@CurrentPrincipal() principal: Principal, @Query() query: OwnersDomainsQuery) {
    const owners = query['owner.address'].map((address, index) => addressOf(address, `owner.address[${index}]`));
    return this.ownedBy(principal, [...new Set(owners)], query);
  }

  private async ownedBy(principal: Principal, owners: Address[], query: OwnedDomainsQuery) {
    const after = decodeCursor(query.$cursor, isTokenCursor);
    const expand = new Set((query.$expand ?? []) as DomainExpansion[]);
    const page = await this.reader.ownedBy(principal.accountId, owners, OWNER_PAGE, after?.tokenId, expand);
    return cursorList(this.settings.namespace, page.items, page.next === null ? null : { tokenId: page.next });
  }
}
