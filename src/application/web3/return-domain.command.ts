import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { domainClaimDecider, domainClaimStream } from '../../domain/web3-domains/domain-claim';
import { Web3Name } from '../../domain/web3-domains/names';
import { decideReturn } from '../../domain/web3-domains/return-decision';
import { loadRequestStreams, requestStatesOf, requestWrites } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { DomainLocator } from './domain-locator';
import { loadWeb3Account } from './web3-streams';
import { Web3Settings } from './web3-settings';

/** `DELETE /domains/{name}`: gives a domain claimed within the return window back to the service for its price. */
export class ReturnWeb3Domain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: Web3Name,
    readonly preview: boolean,
  ) {
    super();
  }
}

@CommandHandler(ReturnWeb3Domain)
export class ReturnWeb3DomainHandler implements ICommandHandler<ReturnWeb3Domain> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly settings: Web3Settings,
    private readonly locator: DomainLocator,
  ) {}

  async execute({ accountId, name, preview }: ReturnWeb3Domain): Promise<ExistingOperation> {
    const domain = await this.locator.writable(name.name);
    const account = await loadWeb3Account(this.store, accountId);
    const request = {
      accountId,
      preview,
      at: this.clock.now(),
      returnWindowMs: this.settings.returnWindowMs,
      operationId: keyedRequests.newOperationId(),
      dependencyId: newId('blockchainDependency'),
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const requested = await loadRequestStreams(streams, request.operationId, domain.name);
      const claim = await streams.load(domainClaimStream(domain.name), domainClaimDecider);
      const decision = decideReturn(request, domain, { account, ...requestStatesOf(requested), claim: claim.state });
      return {
        writes: [...requestWrites(requested, decision), writeAfter(claim, decision.claim)],
        result: decision.state,
      };
    });
    return result;
  }
}
