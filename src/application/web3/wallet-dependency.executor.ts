import { Injectable } from '@nestjs/common';
import { Address } from '../../domain/chains/blockchain';
import { web3AccountDecider, web3AccountStream } from '../../domain/web3-accounts/web3-account';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';
import { CustodialKeyring } from './custodial-keyring.port';

/**
 * The platform dependencies of wallets: `WALLET_CREATE` makes a key and records the wallet (the keyring keys the
 * key by dependency, the account stream ignores a second record), `WALLET_SET_DEFAULT` moves the default.
 */
@Injectable()
export class WalletDependencyExecutor implements DependencyExecutor {
  readonly handles = ['WALLET_CREATE', 'WALLET_SET_DEFAULT'];

  constructor(
    private readonly store: EventStore,
    private readonly keyring: CustodialKeyring,
    private readonly clock: Clock,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const stream = web3AccountStream(job.accountId);
    const at = this.clock.now();
    if (job.type === 'WALLET_CREATE') {
      const address = await this.keyring.create(job.accountId, job.dependencyId);
      await handleCommand(this.store, stream, web3AccountDecider, {
        type: 'RecordCustodialWallet',
        data: { accountId: job.accountId, dependencyId: job.dependencyId, address, at },
      });
      return { kind: 'completed', result: { wallet: { address, type: 'SELF' } } };
    }
    const address = job.parameters.address as Address;
    await handleCommand(this.store, stream, web3AccountDecider, {
      type: 'SetDefaultWallet',
      data: { accountId: job.accountId, address, at },
    });
    return { kind: 'completed', result: { defaultWalletAddress: address } };
  }
}
