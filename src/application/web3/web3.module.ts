import { Module, OnModuleInit } from '@nestjs/common';
import { Blockchain } from '../../domain/chains/blockchain';
import { AppConfig } from '../../infrastructure/config/config';
import { billingBalances, billingTransactions } from '../../projections/billing/billing.projection';
import { GetBillingBalanceHandler, ListBillingTransactionsHandler } from '../../projections/billing/billing.queries';
import { DependencyExecutors } from '../operations/dependency-executors';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { ClaimWeb3DomainHandler } from './claim-domain.command';
import { OperationFinishers } from '../operations/operation-finishers';
import { ClaimSettlement } from './claim-settlement';
import { DomainLocator } from './domain-locator';
import { ReturnWeb3DomainHandler } from './return-domain.command';
import { SignDependencyHandler } from './sign-dependency.command';
import { UpdateWeb3DomainHandler } from './update-domain.command';
import { CreateCustodialWalletHandler, SetDefaultWalletHandler, SetPrimaryDomainHandler } from './wallet.commands';
import { WalletDependencyExecutor } from './wallet-dependency.executor';
import { VerifyWalletHandler, WalletChallenges } from './wallet-verification';
import { Web3DomainReader } from './web3-domain.reader';
import { Web3Settings } from './web3-settings';

const settingsOf = ({ values }: AppConfig): Web3Settings =>
  new Web3Settings(
    values.typeNamespace,
    new Map<string, Blockchain>(values.web3Tlds.map(({ tld, blockchain }) => [tld, blockchain])),
    values.web3ComingSoonTlds === '' ? [] : values.web3ComingSoonTlds.split(','),
    values.web3WalletLimit,
    values.web3CreditLimitCents,
    values.web3ReturnDays * 86_400_000,
    values.walletVerificationTtlMinutes * 60_000,
  );

/** Surface C's engine side: wallets, claims and their billing, domain changes, signatures. */
@Module({
  providers: [
    { provide: Web3Settings, useFactory: settingsOf, inject: [AppConfig] },
    DomainLocator,
    Web3DomainReader,
    WalletChallenges,
    ClaimWeb3DomainHandler,
    UpdateWeb3DomainHandler,
    ReturnWeb3DomainHandler,
    CreateCustodialWalletHandler,
    SetDefaultWalletHandler,
    SetPrimaryDomainHandler,
    VerifyWalletHandler,
    SignDependencyHandler,
    WalletDependencyExecutor,
    ClaimSettlement,
    GetBillingBalanceHandler,
    ListBillingTransactionsHandler,
  ],
  exports: [Web3Settings, Web3DomainReader, WalletChallenges],
})
export class Web3Module implements OnModuleInit {
  constructor(
    private readonly registry: ConsumerRegistry,
    private readonly executors: DependencyExecutors,
    private readonly walletExecutor: WalletDependencyExecutor,
    private readonly finishers: OperationFinishers,
    private readonly settlement: ClaimSettlement,
  ) {}

  onModuleInit(): void {
    this.executors.register(this.walletExecutor);
    this.registry.addProjection(billingTransactions);
    this.registry.addProjection(billingBalances);
    this.finishers.register(this.settlement);
  }
}
