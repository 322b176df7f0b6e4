import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { decideMarketTransfer, MarketTransferRequest } from '../../domain/marketplace/market-transfer';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { loadRequestStreams, requestStatesOf, requestWrites } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact } from '../shared/handle-command';
import { keyedRequests } from '../shared/idempotency';

/**
 * Starts the operation that moves a name between accounts on the marketplace (`market-transfer.ts`): its id comes
 * from the request's key when it has one, so the same line or lease step always names the same operation.
 */
export class StartMarketTransfer extends Command<ExistingOperation> {
  constructor(readonly request: Omit<MarketTransferRequest, 'operationId' | 'dependencyId' | 'at'>) {
    super();
  }
}

@CommandHandler(StartMarketTransfer)
export class StartMarketTransferHandler implements ICommandHandler<StartMarketTransfer> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ request }: StartMarketTransfer): Promise<ExistingOperation> {
    const asked: MarketTransferRequest = {
      ...request,
      operationId: keyedRequests.newOperationId(),
      dependencyId: newId('platformDependency'),
      at: this.clock.now(),
    };
    const { result } = await transact(this.store, { accountId: request.accountId }, async (streams) => {
      const requested = await loadRequestStreams(streams, asked.operationId, asked.name);
      const domain = await streams.load(dnsDomainStream(asked.name), dnsDomainDecider);
      const decision = decideMarketTransfer(asked, { ...requestStatesOf(requested), domain: domain.state });
      return { writes: requestWrites(requested, decision), result: decision.state };
    });
    return result;
  }
}
