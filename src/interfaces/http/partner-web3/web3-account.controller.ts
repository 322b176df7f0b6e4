import { Body, Controller, Get, HttpCode, NotFoundException, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../application/identity/authenticator';
import { EventStore } from '../../../application/shared/event-store.port';
import { partnerType } from '../../../application/shared/partner-type';
import { VerifyWallet, WalletChallenges } from '../../../application/web3/wallet-verification';
import { CreateCustodialWallet, SetDefaultWallet, SetPrimaryDomain } from '../../../application/web3/wallet.commands';
import { Web3DomainReader } from '../../../projections/web3-domains/web3-domain.reader';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { loadWeb3Account } from '../../../application/web3/web3-streams';
import { WebhookSecret } from '../../../application/webhooks/webhook-secret.command';
import {
  GetBillingBalance,
  ListBillingTransactions,
  isTransactionPosition,
} from '../../../projections/billing/billing.queries';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { EmptyBodyPipe } from '../shared/empty-body.pipe';
import { Idempotent } from '../shared/idempotent';
import { Documented } from '../shared/openapi/documented';
import { CursorQuery, NoQuery } from '../shared/request-params';
import { cursorList, decodeCursor } from '../shared/partner-lists';
import { addressOf, primaryDomainOf, signatureOf } from './web3-input';
import { AddressParams, WalletsQuery } from './web3-params.dto';
import { walletPage, walletsOf, walletView } from './web3-wallets';
import { operationResult } from '../shared/operation-results';
import { AccountUpdateDto, WalletUpdateDto, WalletVerificationDto } from './web3.dto';

const PAGE = 50;

/** The partner account: summary and default wallet, billing, custodial and verified wallets. */
@Controller('partner/v3/account')
@Access({ surface: 'partner', profile: 'web3' })
export class Web3AccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly store: EventStore,
    private readonly reader: Web3DomainReader,
    private readonly challenges: WalletChallenges,
    private readonly settings: Web3Settings,
  ) {}

  @Get()
  @Documented({ summary: 'The account: its default wallet and its webhook secret', answer: 'AccountSummary' })
  async summary(@CurrentPrincipal() principal: Principal, @Query() _query: NoQuery) {
    const account = await loadWeb3Account(this.store, principal.accountId);
    return {
      '@type': partnerType(this.settings.namespace, 'AccountSummary'),
      id: principal.accountId,
      defaultWalletAddress: account.defaultWallet ?? null,
      // the key receivers check `x-svc-signature` with (decisions.md §6); only this account's own key reads it
      webhookSecret: await this.commands.execute(new WebhookSecret(principal.accountId)),
    };
  }

  @Patch()
  @Documented({
    summary: 'Make a custodial wallet the default one',
    answer: 'AccountUpdateResult',
    refuses: ['NO_CHANGE'],
  })
  async update(@CurrentPrincipal() principal: Principal, @Query() _query: NoQuery, @Body() body: AccountUpdateDto) {
    const op = await this.commands.execute(
      new SetDefaultWallet(principal.accountId, addressOf(body.defaultWalletAddress, 'defaultWalletAddress')),
    );
    return operationResult(this.settings.namespace, 'AccountUpdateResult', op);
  }

  @Get('billing')
  @Documented({ summary: 'The running balance and the credit limit', answer: 'AccountBilling' })
  async billing(@CurrentPrincipal() principal: Principal, @Query() _query: NoQuery) {
    const balance = await this.queries.execute(new GetBillingBalance(principal.accountId));
    return {
      '@type': partnerType(this.settings.namespace, 'AccountBilling'),
      balance: { usdCents: balance.balanceCents },
      creditLimit: { usdCents: this.settings.creditLimitCents },
      currency: 'USD',
    };
  }

  @Get('billing/transactions')
  @Documented({ summary: 'Charges and credits, newest first', answer: 'BillingTransactionCursorList' })
  async transactions(@CurrentPrincipal() principal: Principal, @Query() query: CursorQuery) {
    const page = await this.queries.execute(
      new ListBillingTransactions(principal.accountId, PAGE, decodeCursor(query.$cursor, isTransactionPosition)),
    );
    const items = page.items.map((row) => ({
      '@type': partnerType(this.settings.namespace, 'BillingTransaction'),
      id: row.id,
      type: row.direction,
      reason: row.kind,
      amount: { usdCents: row.amountCents },
      operationId: row.operationId,
      domain: row.domain,
      createdTimestamp: row.at,
    }));
    return cursorList(this.settings.namespace, items, page.next);
  }

  @Get('wallets')
  @Documented({
    summary: "The account's custodial (SELF) and verified self-custody (EXTERNAL) wallets",
    answer: 'WalletMinimalCursorList',
    refuses: ['EXCEEDS_LIMIT'],
  })
  async wallets(@CurrentPrincipal() principal: Principal, @Query() query: WalletsQuery) {
    const types = query.type ?? [];
    const all = walletsOf(await loadWeb3Account(this.store, principal.accountId)).filter(
      (wallet) => types.length === 0 || types.includes(wallet.type),
    );
    const page = walletPage(all, query.$cursor);
    const primary = await this.reader.primaryDomains(page.items.map((wallet) => wallet.address));
    const items = page.items.map((wallet) => walletView(this.settings.namespace, wallet, primary.get(wallet.address)));
    return cursorList(this.settings.namespace, items, page.next);
  }

  @Post('wallets')
  @Idempotent()
  @Documented({
    summary: 'Create a custodial wallet (the first becomes the default one)',
    answer: 'InternalWalletCreateResult',
    refuses: ['WALLET_LIMIT_REACHED'],
  })
  async createWallet(
    @CurrentPrincipal() principal: Principal,
    @Query() _query: NoQuery,
    @Body(EmptyBodyPipe) _body: Record<string, never>,
  ) {
    const op = await this.commands.execute(new CreateCustodialWallet(principal.accountId));
    return operationResult(this.settings.namespace, 'InternalWalletCreateResult', op);
  }

  @Get('wallets/:address')
  @Documented({ summary: 'One wallet of the account, with its primary domain', answer: 'WalletMinimal' })
  async wallet(@CurrentPrincipal() principal: Principal, @Param() params: AddressParams, @Query() _query: NoQuery) {
    const address = addressOf(params.address);
    const wallet = walletsOf(await loadWeb3Account(this.store, principal.accountId)).find(
      (candidate) => candidate.address === address,
    );
    if (!wallet) throw new NotFoundException(`wallet ${address} is not a wallet of this account`);
    return walletView(this.settings.namespace, wallet, (await this.reader.primaryDomains([address])).get(address));
  }

  @Patch('wallets/:address')
  @Documented({
    summary: "Set or remove (null) the wallet's primary domain: its reverse resolution on chain",
    answer: 'WalletUpdateResult',
    refuses: ['FORBIDDEN', 'NO_CHANGE', 'CONCURRENT_OPERATION', 'BAD_GATEWAY'],
  })
  @HttpCode(200)
  async updateWallet(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AddressParams,
    @Query() _query: NoQuery,
    @Body() body: WalletUpdateDto,
  ) {
    const primaryDomain = primaryDomainOf(body.primaryDomain, this.settings.supportedTlds);
    const op = await this.commands.execute(
      new SetPrimaryDomain(principal.accountId, addressOf(params.address), primaryDomain),
    );
    return operationResult(this.settings.namespace, 'WalletUpdateResult', op);
  }

  @Get('wallets/:address/verification')
  @Documented({
    summary: 'The message a self-custody wallet signs to join the account',
    answer: 'WalletUnsignedVerification',
  })
  verificationMessage(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AddressParams,
    @Query() _query: NoQuery,
  ) {
    return {
      '@type': partnerType(this.settings.namespace, 'WalletUnsignedVerification'),
      message: this.challenges.current(principal.accountId, addressOf(params.address)),
    };
  }

  @Post('wallets/:address/verification')
  @Documented({
    summary:
      'Join a self-custody wallet to the account with its signature of the message (EIP-191, or ERC-1271 for contract wallets)',
    answer: 'WalletVerificationResult',
    refuses: ['SIGNATURE_INVALID', 'WALLET_ALREADY_VERIFIED'],
  })
  async verify(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AddressParams,
    @Query() _query: NoQuery,
    @Body() body: WalletVerificationDto,
  ) {
    const op = await this.commands.execute(
      new VerifyWallet(
        principal.accountId,
        addressOf(params.address),
        signatureOf(body.signature, 'signature'),
        body.message,
      ),
    );
    return operationResult(this.settings.namespace, 'WalletVerificationResult', op);
  }
}
