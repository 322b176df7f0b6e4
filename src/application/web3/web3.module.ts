import { Module, OnModuleInit } from '@nestjs/common';
import { DependencyExecutors } from '../operations/dependency-executors';
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

/** Surface C's engine side: wallets, claims and their billing, domain changes, signatures. */
@Module({
  providers: [
    DomainLocator,
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
  ],
  exports: [WalletChallenges, DomainLocator],
})
export class Web3Module implements OnModuleInit {
  constructor(
    private readonly executors: DependencyExecutors,
    private readonly walletExecutor: WalletDependencyExecutor,
    private readonly finishers: OperationFinishers,
    private readonly settlement: ClaimSettlement,
  ) {}

  onModuleInit(): void {
    this.executors.register(this.walletExecutor);
    this.finishers.register(this.settlement);
  }
}
