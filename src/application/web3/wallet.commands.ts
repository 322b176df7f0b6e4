import { keyedRequests } from '../shared/idempotency';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Address } from '../../domain/chains/blockchain';
import { ExistingOperation } from '../../domain/operations/operation';
import { NotFound, Refused } from '../../domain/shared/errors';
import { newId } from '../../domain/shared/ids';
import {
  walletTypeOf,
  WalletType,
  web3AccountDecider,
  web3AccountStream,
} from '../../domain/web3-accounts/web3-account';
import { operationRequestWrites, RequestOperation } from '../operations/request-operation.command';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { DomainLocator } from './domain-locator';
import { loadWeb3Account } from './web3-streams';
import { Web3Settings } from './web3-settings';

/** `POST /account/wallets`: a new custodial wallet, counted toward the limit at once and made by its dependency. */
export class CreateCustodialWallet extends Command<ExistingOperation> {
  constructor(readonly accountId: string) {
    super();
  }
}

@CommandHandler(CreateCustodialWallet)
export class CreateCustodialWalletHandler implements ICommandHandler<CreateCustodialWallet> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly settings: Web3Settings,
  ) {}

  async execute({ accountId }: CreateCustodialWallet): Promise<ExistingOperation> {
    const at = this.clock.now();
    const dependencyId = newId('platformDependency');
    const request = {
      operationId: keyedRequests.newOperationId(),
      accountId,
      surface: 'web3' as const,
      type: 'WALLET_CREATE',
      domain: null,
      dependencies: [{ id: dependencyId, type: 'WALLET_CREATE', parameters: {} }],
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const account = await streams.load(web3AccountStream(accountId), web3AccountDecider);
      const requested = web3AccountDecider.decide(
        { type: 'RequestCustodialWallet', data: { accountId, dependencyId, limit: this.settings.walletLimit, at } },
        account.state,
      );
      const { writes, state } = await operationRequestWrites(streams, request, at);
      return { writes: [...writes, writeAfter(account, requested)], result: state };
    });
    return result;
  }
}

/** `PATCH /account {defaultWalletAddress}`: where claims without an owner go. */
export class SetDefaultWallet extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly address: Address,
  ) {
    super();
  }
}

@CommandHandler(SetDefaultWallet)
export class SetDefaultWalletHandler implements ICommandHandler<SetDefaultWallet> {
  constructor(
    private readonly store: EventStore,
    private readonly commands: CommandBus,
  ) {}

  async execute({ accountId, address }: SetDefaultWallet): Promise<ExistingOperation> {
    const account = await loadWeb3Account(this.store, accountId);
    if (walletTypeOf(account, address) !== 'SELF')
      throw new Refused('NOT_FOUND', `wallet ${address} is not a custodial wallet of this account`, { address });
    if (account.defaultWallet === address)
      throw new Refused('NO_CHANGE', `wallet ${address} is the default wallet already`);
    return this.commands.execute(
      new RequestOperation(
        {
          accountId,
          surface: 'web3',
          type: 'ACCOUNT_UPDATE',
          domain: null,
          dependencies: [{ id: newId('platformDependency'), type: 'WALLET_SET_DEFAULT', parameters: { address } }],
        },
        { accountId },
      ),
    );
  }
}

/** `PATCH /account/wallets/{address} {primaryDomain}`: the wallet's reverse resolution, set or removed on chain. */
export class SetPrimaryDomain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly address: Address,
    readonly primaryDomain: string | null,
    /** Only a wallet of this type (`/external/wallets` serves self-custody ones); any of the account's if absent. */
    readonly walletType?: WalletType,
  ) {
    super();
  }
}

@CommandHandler(SetPrimaryDomain)
export class SetPrimaryDomainHandler implements ICommandHandler<SetPrimaryDomain> {
  constructor(
    private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly locator: DomainLocator,
  ) {}

  async execute(command: SetPrimaryDomain): Promise<ExistingOperation> {
    const { accountId, address, primaryDomain } = command;
    const walletType = walletTypeOf(await loadWeb3Account(this.store, accountId), address);
    if (!walletType || (command.walletType && walletType !== command.walletType)) throw new NotFound('wallet', address);
    // removing: the name the chain's reverse resolution points at now
    const name = primaryDomain ?? (await this.locator.primaryDomainOf(address));
    if (!name) throw new Refused('NO_CHANGE', `wallet ${address} has no primary domain`);
    const domain = await this.locator.writable(name);
    if (domain.owner !== address)
      throw new Refused('FORBIDDEN', `${name} is not held by wallet ${address}`, { owner: domain.owner });
    return this.commands.execute(
      new RequestOperation(
        {
          accountId,
          surface: 'web3',
          type: 'WALLET_UPDATE',
          domain: name,
          dependencies: [
            {
              id: newId('blockchainDependency'),
              type: 'SET_REVERSE',
              parameters: {
                blockchain: domain.blockchain,
                name,
                custody: walletType === 'SELF' ? 'SERVICE' : 'SELF',
                ownerAddress: address,
                primaryDomain,
              },
            },
          ],
        },
        { accountId },
      ),
    );
  }
}
