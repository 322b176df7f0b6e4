import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { billingDecider, billingStream } from '../../domain/billing/billing-account';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { decideClaim } from '../../domain/web3-domains/claim-decision';
import { RequestedOwner } from '../../domain/web3-domains/custody';
import { domainClaimDecider, domainClaimStream } from '../../domain/web3-domains/domain-claim';
import { Web3Name } from '../../domain/web3-domains/names';
import { ChainReader } from '../chains/chain-reader.port';
import { loadRequestStreams, requestStatesOf, requestWrites } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { DomainLocator } from './domain-locator';
import { loadWeb3Account } from './web3-streams';
import { Web3Settings } from './web3-settings';

/** `POST /domains`: mints a name to a wallet of the account (its default one unless told) and charges its price. */
export class ClaimWeb3Domain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: Web3Name,
    readonly records: Readonly<Record<string, string>>,
    readonly owner: RequestedOwner | undefined,
    readonly preview: boolean,
  ) {
    super();
  }
}

@CommandHandler(ClaimWeb3Domain)
export class ClaimWeb3DomainHandler implements ICommandHandler<ClaimWeb3Domain> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly settings: Web3Settings,
    private readonly locator: DomainLocator,
    private readonly chain: ChainReader,
  ) {}

  async execute({ accountId, name, records, owner, preview }: ClaimWeb3Domain): Promise<ExistingOperation> {
    const registrationChain = this.settings.registrationChainOf(name.name);
    const account = await loadWeb3Account(this.store, accountId);
    const request = {
      accountId,
      name,
      records,
      owner,
      preview,
      at: this.clock.now(),
      operationId: keyedRequests.newOperationId(),
      dependencyId: newId('blockchainDependency'),
      transactionId: newId('billingTransaction'),
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const requested = await loadRequestStreams(streams, request.operationId, name.name);
      const claim = await streams.load(domainClaimStream(name.name), domainClaimDecider);
      // the chain is read after the name's claim, at each attempt: a claim that finished while this one waited to
      // try again shows as the name's owner, so a retry never claims a name twice
      const facts = {
        registrationChain,
        located: registrationChain ? await this.locator.locate(name.name) : undefined,
        comingSoonTlds: this.settings.comingSoonTlds,
        serviceAddress: this.chain.serviceAddress(),
        creditLimitCents: this.settings.creditLimitCents,
      };
      const billing = await streams.load(billingStream(accountId), billingDecider);
      const decision = decideClaim(request, facts, {
        account,
        ...requestStatesOf(requested),
        claim: claim.state,
        billing: billing.state,
      });
      return {
        writes: [
          ...requestWrites(requested, decision),
          writeAfter(claim, decision.claim),
          writeAfter(billing, decision.billing),
        ],
        result: decision.state,
      };
    });
    return result;
  }
}
