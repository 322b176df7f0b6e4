import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../application/identity/authenticator';
import { partnerType } from '../../../application/shared/partner-type';
import { ClaimWeb3Domain } from '../../../application/web3/claim-domain.command';
import { DomainLocator } from '../../../application/web3/domain-locator';
import { ReturnWeb3Domain } from '../../../application/web3/return-domain.command';
import { UpdateWeb3Domain } from '../../../application/web3/update-domain.command';
import { DomainExpansion, Web3DomainReader } from '../../../projections/web3-domains/web3-domain.reader';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { ListPendingOperations } from '../../../projections/operation-list/operation-list.queries';
import { Custody, RequestedOwner } from '../../../domain/web3-domains/custody';
import { DomainErrorCode } from '../../../domain/shared/errors';
import { Web3Name } from '../../../domain/web3-domains/names';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { Idempotent } from '../shared/idempotent';
import { Documented } from '../shared/openapi/documented';
import { NoQuery } from '../shared/request-params';
import { list } from '../shared/partner-lists';
import { addressOf, nameOf, oneOfEndings, recordsOf } from './web3-input';
import { DomainExpandQuery, DomainLookupQuery, DomainNameParams, PreviewQuery } from './web3-params.dto';
import { operationResult } from '../shared/operation-results';
import { ClaimDomainDto, OwnerDto, UpdateDomainDto } from './web3.dto';
import { LABEL_DOTS } from '../../../domain/shared/names';

const WEB3 = { surface: 'partner', profile: 'web3' } as const;
/** The dots that separate labels, as IDNA maps them (full-width and ideographic ones too). */

/** What a change of a custodial domain's records or owner can be refused with (merge and replace alike). */
const CUSTODIAL_CHANGE_REFUSALS: readonly DomainErrorCode[] = [
  'FORBIDDEN',
  'NO_CHANGE',
  'CUSTODY_REQUIRED',
  'UNSUPPORTED_BLOCKCHAIN',
  'CONCURRENT_OPERATION',
  'EXCEEDS_LIMIT',
  'BAD_GATEWAY',
];
/** The same for a self-custody domain, whose owner signs each change. */
const SELF_CUSTODY_CHANGE_REFUSALS: readonly DomainErrorCode[] = [
  'WALLET_VERIFICATION_REQUIRED',
  'NO_CHANGE',
  'UNSUPPORTED_BLOCKCHAIN',
  'CONCURRENT_OPERATION',
  'EXCEEDS_LIMIT',
  'BAD_GATEWAY',
];

/** Surface C's domains: lookup, claim, changes of records and owner (custodial and self-custody), return. */
@Controller('partner/v3')
@Access(WEB3)
export class Web3DomainsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly reader: Web3DomainReader,
    private readonly locator: DomainLocator,
    private readonly settings: Web3Settings,
  ) {}

  @Get('domains')
  @Documented({
    summary: 'Look up names, or labels under endings: owner, availability and price',
    answer: 'DomainList',
    refuses: ['EXCEEDS_LIMIT', 'BAD_GATEWAY'],
  })
  async lookup(@CurrentPrincipal() principal: Principal, @Query() query: DomainLookupQuery) {
    const endings = oneOfEndings(query.ending, this.settings.knownTlds);
    const names = this.namesOf(query.query, endings.length > 0 ? endings : this.settings.supportedTlds);
    return list(
      this.settings.namespace,
      await this.reader.lookup(principal.accountId, names, this.expansionsOf(query)),
    );
  }

  @Post('domains')
  @Idempotent()
  @Documented({
    summary: 'Claim a name into a wallet of the account (its default one unless told); charged to the running balance',
    answer: 'DomainOperationResult',
    refuses: [
      'NOT_AVAILABLE',
      'INSUFFICIENT_BALANCE',
      'CUSTODY_REQUIRED',
      'UNSUPPORTED_BLOCKCHAIN',
      'CONCURRENT_OPERATION',
      'EXCEEDS_LIMIT',
      'BAD_GATEWAY',
    ],
  })
  async claim(@CurrentPrincipal() principal: Principal, @Query() query: PreviewQuery, @Body() body: ClaimDomainDto) {
    const name = nameOf(body.name, this.settings.knownTlds);
    const op = await this.commands.execute(
      new ClaimWeb3Domain(
        principal.accountId,
        name,
        recordsOf(body.records, this.settings.recordKeys) ?? {},
        this.ownerOf(body.owner),
        query.$preview === 'true',
      ),
    );
    return operationResult(this.settings.namespace, 'DomainOperationResult', op);
  }

  @Get('domains/:name')
  @Documented({ summary: 'One name: owner, availability and price', answer: 'Domain', refuses: ['BAD_GATEWAY'] })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainNameParams,
    @Query() query: DomainExpandQuery,
  ) {
    const [domain] = await this.reader.lookup(
      principal.accountId,
      [nameOf(params.name, this.settings.knownTlds)],
      this.expansionsOf(query),
    );
    return domain;
  }

  @Patch('domains/:name')
  @Documented({
    summary: 'Merge records into, or move, a domain of a custodial wallet of the account',
    answer: 'DomainOperationResult',
    refuses: CUSTODIAL_CHANGE_REFUSALS,
  })
  @HttpCode(200)
  merge(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainNameParams,
    @Query() query: PreviewQuery,
    @Body() body: UpdateDomainDto,
  ) {
    return this.change(principal, params.name, query, body, { replaceRecords: false, custody: 'SERVICE' });
  }

  @Put('domains/:name')
  @Documented({
    summary: 'Replace the records of (only those sent remain), or move, a domain of a custodial wallet of the account',
    answer: 'DomainOperationResult',
    refuses: CUSTODIAL_CHANGE_REFUSALS,
  })
  replace(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainNameParams,
    @Query() query: PreviewQuery,
    @Body() body: UpdateDomainDto,
  ) {
    return this.change(principal, params.name, query, body, { replaceRecords: true, custody: 'SERVICE' });
  }

  @Delete('domains/:name')
  @Idempotent()
  @Documented({
    summary: 'Return a domain claimed within the return window; its price is credited back',
    answer: 'DomainOperationResult',
    refuses: ['FORBIDDEN', 'UNSUPPORTED_BLOCKCHAIN', 'CONCURRENT_OPERATION', 'BAD_GATEWAY'],
  })
  async giveBack(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainNameParams,
    @Query() query: PreviewQuery,
  ) {
    const op = await this.commands.execute(
      new ReturnWeb3Domain(
        principal.accountId,
        nameOf(params.name, this.settings.supportedTlds),
        query.$preview === 'true',
      ),
    );
    return operationResult(this.settings.namespace, 'DomainOperationResult', op);
  }

  @Patch('external/domains/:name')
  @Documented({
    summary: "Merge records into, or move, a self-custody domain: each change waits for the owner's signature",
    answer: 'DomainOperationResult',
    refuses: SELF_CUSTODY_CHANGE_REFUSALS,
  })
  mergeExternal(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainNameParams,
    @Query() query: PreviewQuery,
    @Body() body: UpdateDomainDto,
  ) {
    return this.change(principal, params.name, query, body, { replaceRecords: false, custody: 'SELF' });
  }

  @Put('external/domains/:name')
  @Documented({
    summary: "Replace the records of, or move, a self-custody domain: each change waits for the owner's signature",
    answer: 'DomainOperationResult',
    refuses: SELF_CUSTODY_CHANGE_REFUSALS,
  })
  replaceExternal(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainNameParams,
    @Query() query: PreviewQuery,
    @Body() body: UpdateDomainDto,
  ) {
    return this.change(principal, params.name, query, body, { replaceRecords: true, custody: 'SELF' });
  }

  /** Unfinished operations on the domain across all accounts; another account's shows without its id. */
  @Get('domains/:name/pending-operations')
  @Documented({
    summary:
      "The unfinished operation on the domain, across accounts (another account's without its id), and foreign transactions in the chain's pool",
    answer: 'PendingOperationList',
  })
  async pending(@CurrentPrincipal() principal: Principal, @Param() params: DomainNameParams, @Query() _query: NoQuery) {
    const { name } = nameOf(params.name, this.settings.supportedTlds);
    const [pending, foreign] = await Promise.all([
      this.queries.execute(new ListPendingOperations(name)),
      this.locator.foreignPendingTransactions(name),
    ]);
    const ours = pending.map((op) => ({
      '@type': partnerType(this.settings.namespace, 'DomainPendingOperation'),
      ...(op.accountId === principal.accountId ? { id: op.id } : {}),
      type: op.surface === 'web3' ? op.type : 'UNKNOWN',
      status: op.status,
      lastUpdatedTimestamp: op.updatedAt,
    }));
    // transactions on the domain the API did not start, still in the chain's pool
    const theirs = foreign.map((hash) => ({
      '@type': partnerType(this.settings.namespace, 'DomainPendingOperation'),
      type: 'UNKNOWN',
      status: 'PROCESSING',
      transaction: { hash },
    }));
    return list(this.settings.namespace, [...ours, ...theirs]);
  }

  private async change(
    principal: Principal,
    raw: string,
    query: PreviewQuery,
    body: UpdateDomainDto,
    mode: { replaceRecords: boolean; custody: Custody },
  ) {
    const name = nameOf(raw, this.settings.supportedTlds);
    const records = recordsOf(body.records, this.settings.recordKeys);
    const change = { records, owner: this.ownerOf(body.owner), replaceRecords: mode.replaceRecords };
    const op = await this.commands.execute(
      new UpdateWeb3Domain(principal.accountId, name, change, mode.custody, query.$preview === 'true'),
    );
    return operationResult(this.settings.namespace, 'DomainOperationResult', op);
  }

  private ownerOf(owner: OwnerDto | undefined): RequestedOwner | undefined {
    return owner && { type: owner.type, address: addressOf(owner.address, 'owner.address') };
  }

  private expansionsOf(query: { $expand?: string[] }): Set<DomainExpansion> {
    return new Set((query.$expand ?? []) as DomainExpansion[]);
  }

  /** Names are taken as they are; labels get every ending asked for. */
  private namesOf(queries: readonly string[], endings: readonly string[]): Web3Name[] {
    const names = queries.flatMap((query, index) => {
      const trimmed = query.trim().toLowerCase();
      if (LABEL_DOTS.test(trimmed)) return [nameOf(trimmed, this.settings.knownTlds, `query[${index}]`)];
      return endings.map((ending) => nameOf(`${trimmed}.${ending}`, this.settings.knownTlds, `query[${index}]`));
    });
    return [...new Map(names.map((name) => [name.name, name])).values()];
  }
}
