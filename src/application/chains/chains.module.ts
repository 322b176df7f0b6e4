import { Module, OnModuleInit } from '@nestjs/common';
import { DependencyExecutors } from '../operations/dependency-executors';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { BlockchainDependencyExecutor } from './blockchain-dependency.executor';
import { DroppedWritesReactor } from './dropped-writes.reactor';

/**
 * The web3 side of the operation engine: blockchain dependencies run through the chain reader and writer (custodial
 * keys: CustodyModule).
 */
@Module({ providers: [BlockchainDependencyExecutor, DroppedWritesReactor] })
export class ChainsModule implements OnModuleInit {
  constructor(
    private readonly executors: DependencyExecutors,
    private readonly executor: BlockchainDependencyExecutor,
    private readonly consumers: ConsumerRegistry,
    private readonly droppedWrites: DroppedWritesReactor,
  ) {}

  onModuleInit(): void {
    this.executors.register(this.executor);
    this.consumers.addReactor(this.droppedWrites);
  }
}
