import { Module, OnModuleInit } from '@nestjs/common';
import { DependencyExecutors } from '../operations/dependency-executors';
import { BlockchainDependencyExecutor } from './blockchain-dependency.executor';

/**
 * The web3 side of the operation engine: blockchain dependencies run through the chain reader and writer (custodial
 * keys: CustodyModule).
 */
@Module({ providers: [BlockchainDependencyExecutor] })
export class ChainsModule implements OnModuleInit {
  constructor(
    private readonly executors: DependencyExecutors,
    private readonly executor: BlockchainDependencyExecutor,
  ) {}

  onModuleInit(): void {
    this.executors.register(this.executor);
  }
}
