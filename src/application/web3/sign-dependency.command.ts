import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Address, isBlockchain } from '../../domain/chains/blockchain';
import { Dependency, ExistingOperation } from '../../domain/operations/operation';
import { NotFound, Refused } from '../../domain/shared/errors';
import { signingRequestOf } from '../chains/blockchain-dependency.executor';
import { ChainReader, ForwardRequest } from '../chains/chain-reader.port';
import { ChangeOperation } from '../operations/change-operation.command';
import { loadOperation } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';

/**
 * `PATCH /operations/{id}/dependencies/{depId}`: the owner's signature of a waiting dependency. It is checked
 * off-chain and by the registry itself against the request the owner was shown at the token's current nonce
 * before anything moves; a wrong, replayed or stale signature is refused and the dependency keeps waiting.
 */
export class SignDependency extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly operationId: string,
    readonly dependencyId: string,
    readonly signature: `0x${string}`,
  ) {
    super();
  }
}

@CommandHandler(SignDependency)
export class SignDependencyHandler implements ICommandHandler<SignDependency> {
  constructor(
    private readonly store: EventStore,
    private readonly chain: ChainReader,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, operationId, dependencyId, signature }: SignDependency): Promise<ExistingOperation> {
    const op = await loadOperation(this.store, operationId);
    if (op.status === 'NONE' || op.accountId !== accountId || op.surface !== 'web3')
      throw new NotFound('operation', operationId);
    const dependency = op.dependencies.find((candidate) => candidate.id === dependencyId);
    if (!dependency) throw new NotFound('dependency', dependencyId);
    if (dependency.status !== 'SIGNATURE_REQUIRED' || !dependency.transaction) {
      throw new Refused(
        'BAD_REQUEST',
        `dependency ${dependencyId} is ${dependency.status} and waits for no signature`,
        { status: dependency.status },
      );
    }
    const { blockchain, data, nonce, tokenId } = dependency.transaction as Record<string, string>;
    if (!isBlockchain(blockchain)) throw new Error(`dependency ${dependencyId} has no blockchain`);
    const request: ForwardRequest = {
      from: String(dependency.parameters.ownerAddress) as Address,
      nonce: BigInt(nonce),
      tokenId: BigInt(tokenId),
      data: data as `0x${string}`,
    };
    const verdict = await this.chain.verify(blockchain, request, signature);
    if (!verdict.offChain || !verdict.onChain) {
      const renewed = await this.renewIfStale(op, dependency, request.nonce);
      throw new Refused(
        'SIGNATURE_INVALID',
        "the signature does not authorise this request at the token's current nonce",
        {
          dependencyId,
          ...(renewed ? { renewed: true, messageToSign: renewed.messageToSign } : {}),
        },
      );
    }
    const commandId = `${dependencyId}:signed:${signature.slice(0, 18)}`;
    const { state } = await this.commands.execute(
      new ChangeOperation(
        operationId,
        {
          type: 'ResumeDependency',
          data: { dependencyId, input: { signature }, at: this.clock.now() },
        },
        { commandId, accountId },
      ),
    );
    return state;
  }

  /**
   * The owner changed the token since the request was made (its nonce moved): no signature of that request can
   * ever pass, so the dependency asks for the current one instead of waiting forever and holding the domain.
   */
  private async renewIfStale(op: ExistingOperation, dependency: Dependency, signedNonce: bigint) {
    const current = await signingRequestOf(this.chain, {
      dependencyId: dependency.id,
      type: dependency.type,
      parameters: dependency.parameters,
    });
    if (current.request.nonce === signedNonce) return undefined;
    await this.commands.execute(
      new ChangeOperation(
        op.id,
        {
          type: 'RenewSignatureRequest',
          data: { dependencyId: dependency.id, transaction: current.transaction, at: this.clock.now() },
        },
        { accountId: op.accountId },
      ),
    );
    return current.transaction;
  }
}
