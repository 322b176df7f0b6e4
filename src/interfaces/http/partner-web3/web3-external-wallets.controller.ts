import { Body, Controller, Get, HttpCode, NotFoundException, Param, Patch, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Principal } from '../../../application/identity/authenticator';
import { EventStore } from '../../../application/shared/event-store.port';
import { SetPrimaryDomain } from '../../../application/web3/wallet.commands';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { loadWeb3Account } from '../../../application/web3/web3-streams';
import { Address } from '../../../domain/chains/blockchain';
import { Web3DomainReader } from '../../../projections/web3-domains/web3-domain.reader';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { operationResult } from '../shared/operation-results';
import { cursorList } from '../shared/partner-lists';
import { NoQuery } from '../shared/request-params';
import { addressOf, primaryDomainOf } from './web3-input';
import { AddressParams, ExternalWalletQuery, ExternalWalletsQuery } from './web3-params.dto';
import { WalletUpdateDto } from './web3.dto';
import { AccountWallet, walletPage, walletsOf, walletView } from './web3-wallets';

/**
 * The account's self-custody wallets (`EXTERNAL`, verified through `/account/wallets/{address}/verification`): their
 * list, one of them, and its primary domain, which the owner signs for. Custodial wallets are `/account/wallets`'.
 */
@Controller('partner/v3/external/wallets')
@Access({ surface: 'partner', profile: 'web3' })
export class Web3ExternalWalletsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: EventStore,
    private readonly reader: Web3DomainReader,
    private readonly settings: Web3Settings,
  ) {}

  @Get()
  @Documented({
    summary: "The account's verified self-custody wallets; `$expand=primarydomain` adds each one's primary domain",
    answer: 'WalletMinimalCursorList',
    refuses: ['EXCEEDS_LIMIT'],
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ExternalWalletsQuery) {
    // `type` as on /account/wallets: this list holds EXTERNAL wallets only, so SELF alone finds none
    const asked = query.type ?? [];
    const wallets = asked.length === 0 || asked.includes('EXTERNAL') ? await this.externalWallets(principal) : [];
    const page = walletPage(wallets, query.$cursor);
    return cursorList(this.settings.namespace, await this.views(page.items, query.$expand), page.next);
  }

  @Get(':address')
  @Documented({ summary: 'One verified self-custody wallet of the account', answer: 'WalletMinimal' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AddressParams,
    @Query() query: ExternalWalletQuery,
  ) {
    const [view] = await this.views([await this.externalWallet(principal, addressOf(params.address))], query.$expand);
    return view;
  }

  @Patch(':address')
  @Documented({
    summary:
      "Set or remove (null) a self-custody wallet's primary domain, its reverse resolution: the operation waits for the owner's signature",
    answer: 'WalletUpdateResult',
    refuses: ['FORBIDDEN', 'NO_CHANGE', 'UNSUPPORTED_BLOCKCHAIN', 'CONCURRENT_OPERATION', 'BAD_GATEWAY'],
  })
  @HttpCode(200)
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AddressParams,
    @Query() _query: NoQuery,
    @Body() body: WalletUpdateDto,
  ) {
    const primaryDomain = primaryDomainOf(body.primaryDomain, this.settings.supportedTlds);
    const op = await this.commands.execute(
      new SetPrimaryDomain(principal.accountId, addressOf(params.address), primaryDomain, 'EXTERNAL'),
    );
    return operationResult(this.settings.namespace, 'WalletUpdateResult', op);
  }

  private async externalWallets(principal: Principal): Promise<AccountWallet[]> {
    return walletsOf(await loadWeb3Account(this.store, principal.accountId)).filter(
      (wallet) => wallet.type === 'EXTERNAL',
    );
  }

  private async externalWallet(principal: Principal, address: Address): Promise<AccountWallet> {
    const wallet = (await this.externalWallets(principal)).find((candidate) => candidate.address === address);
    if (!wallet) throw new NotFoundException(`wallet ${address} is not a self-custody wallet of this account`);
    return wallet;
  }

  private async views(wallets: readonly AccountWallet[], expand: string | undefined) {
    if (!expand) return wallets.map((wallet) => walletView(this.settings.namespace, wallet, undefined));
    const primary = await this.reader.primaryDomains(wallets.map((wallet) => wallet.address));
    return wallets.map((wallet) => walletView(this.settings.namespace, wallet, primary.get(wallet.address) ?? null));
  }
}
