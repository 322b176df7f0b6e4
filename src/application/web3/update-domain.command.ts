import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { Custody, DomainChange } from '../../domain/web3-domains/custody';
import { Web3Name } from '../../domain/web3-domains/names';
import { decideUpdate } from '../../domain/web3-domains/update-decision';
import { loadRequestStreams, requestStatesOf, requestWrites } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact } from '../shared/handle-command';
import { DomainLocator } from './domain-locator';
import { loadWeb3Account } from './web3-streams';

/** `PATCH`/`PUT /domains/{name}` and their `/external` twins: records, then the owner, in one operation. */
export class UpdateWeb3Domain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: Web3Name,
    readonly change: DomainChange,
    readonly custody: Custody,
    readonly preview: boolean,
  ) {
    super();
  }
}

@CommandHandler(UpdateWeb3Domain)
export class UpdateWeb3DomainHandler implements ICommandHandler<UpdateWeb3Domain> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly locator: DomainLocator,
  ) {}

  async execute({ accountId, name, change, custody, preview }: UpdateWeb3Domain): Promise<ExistingOperation> {
    const account = await loadWeb3Account(this.store, accountId);
    const request = {
      accountId,
      change,
      custody,
      preview,
      at: this.clock.now(),
      operationId: keyedRequests.newOperationId(),
      dependencyIds: { records: newId('blockchainDependency'), transfer: newId('blockchainDependency') },
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const requested = await loadRequestStreams(streams, request.operationId, name.name);
      // the chain is read after the name's activity, at each attempt: a transfer that finished while this one waited
      // to try again shows its new owner. The records read are the ones the change names: unchanged values make no
      // transaction
      const domain = await this.locator.writable(name.name, Object.keys(change.records ?? {}));
      const decision = decideUpdate(request, domain, { account, ...requestStatesOf(requested) });
      return { writes: requestWrites(requested, decision), result: decision.state };
    });
    return result;
  }
}
