import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { domainClaimDecider, domainClaimStream } from '../../domain/web3-domains/domain-claim';
import { operationRequestWrites } from '../operations/request-operation.command';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { DomainLocator } from './domain-locator';
import { PREVIEW_VALIDITY_MS } from './preview';
import { assertManages } from './update-domain.command';
import { loadWeb3Account } from './web3-streams';
import { Web3Settings } from './web3-settings';

/** `DELETE /domains/{name}`: gives a domain claimed within the return window back to the service for its price. */
export class ReturnWeb3Domain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: string,
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
    const domain = await this.locator.writable(name);
    assertManages(await loadWeb3Account(this.store, accountId), domain, 'SERVICE');
    const at = this.clock.now();
    const operationId = newId('operation');
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const claim = await streams.load(domainClaimStream(name), domainClaimDecider);
      // checked for a preview too: a preview says whether the return would be accepted
      const returning = domainClaimDecider.decide({ type: 'RequestReturn', data: { name, operationId, accountId, at, returnWindowMs: this.settings.returnWindowMs } }, claim.state);
      const creditCents = claim.state.status === 'CLAIMED' ? claim.state.priceCents : 0;
      const request = {
        operationId, accountId, surface: 'web3' as const, type: 'DOMAIN_RETURN', domain: name, preview, validUntil: preview ? at + PREVIEW_VALIDITY_MS : null,
        dependencies: [{ id: newId('blockchainDependency'), type: 'RETURN', parameters: { blockchain: domain.blockchain, name, custody: 'SERVICE', ownerAddress: domain.owner } }],
        quote: [{ type: 'CREDIT' as const, reason: 'DOMAIN_RETURN', amountCents: creditCents }],
      };
      const { writes, state } = await operationRequestWrites(streams, request, at);
      return { writes: preview ? writes : [...writes, writeAfter(claim, returning)], result: state };
    });
    return result;
  }
}
