import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { billingDecider, billingStream } from '../../domain/billing/billing-account';
import { Address } from '../../domain/chains/blockchain';
import { ExistingOperation } from '../../domain/operations/operation';
import { Refused } from '../../domain/shared/errors';
import { newId } from '../../domain/shared/ids';
import { walletTypeOf } from '../../domain/web3-accounts/web3-account';
import { availabilityOf } from '../../domain/web3-domains/availability';
import { domainClaimDecider, domainClaimStream } from '../../domain/web3-domains/domain-claim';
import { parseWeb3Name } from '../../domain/web3-domains/names';
import { ChainReader } from '../chains/chain-reader.port';
import { operationRequestWrites } from '../operations/request-operation.command';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { DomainLocator } from './domain-locator';
import { PREVIEW_VALIDITY_MS } from './preview';
import { loadWeb3Account } from './web3-streams';
import { Web3Settings } from './web3-settings';

export interface RequestedOwner {
  readonly type: 'SELF' | 'EXTERNAL';
  readonly address: Address;
}

/** `POST /domains`: mints a name to a wallet of the account (its default one unless told) and charges its price. */
export class ClaimWeb3Domain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: string,
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
    const parsed = parseWeb3Name(name, [...this.settings.supportedTlds, ...this.settings.comingSoonTlds]);
    const blockchain = parsed.ok ? this.settings.registrationChainOf(parsed.name) : undefined;
    if (blockchain === 'ETH') throw new Refused('UNSUPPORTED_BLOCKCHAIN', `names under .${parsed.ok ? parsed.tld : ''} are registered on ETH, which is read-only for now`);
    const located = parsed.ok && blockchain ? await this.locator.locate(parsed.name) : undefined;
    if (located?.blockchain === 'ETH') throw new Refused('UNSUPPORTED_BLOCKCHAIN', `${name} is on ETH, which is read-only for now`);
    const availability = availabilityOf({
      parsed, comingSoonTlds: this.settings.comingSoonTlds, onChainOwner: located?.owner ?? null, serviceAddress: this.chain.serviceAddress(), heldByOpenClaim: false,
    });
    if (!parsed.ok || !blockchain || availability.status !== 'AVAILABLE') {
      throw new Refused('NOT_AVAILABLE', `${name} cannot be claimed: ${availability.status}`, { availability: availability.status });
    }
    const toAddress = await this.ownerAddress(accountId, owner);
    const at = this.clock.now();
    const operationId = newId('operation');
    const priceCents = availability.price.subTotalCents;
    const request = {
      operationId, accountId, surface: 'web3' as const, type: 'DOMAIN_CLAIM', domain: parsed.name, preview,
      validUntil: preview ? at + PREVIEW_VALIDITY_MS : null,
      dependencies: [{
        id: newId('blockchainDependency'), type: 'MINT',
        parameters: { blockchain, name: parsed.name, custody: 'SERVICE', toAddress, initialRecords: records, price: availability.price },
      }],
      quote: [{ type: 'CHARGE' as const, reason: 'DOMAIN_CLAIM', amountCents: priceCents }],
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const { writes, state } = await operationRequestWrites(streams, request, at);
      const claim = await streams.load(domainClaimStream(parsed.name), domainClaimDecider);
      const claimed = domainClaimDecider.decide({ type: 'RequestClaim', data: { name: parsed.name, operationId, accountId, priceCents, at } }, claim.state);
      const billing = await streams.load(billingStream(accountId), billingDecider);
      const charged = billingDecider.decide({
        type: 'RecordCharge',
        data: { accountId, transactionId: newId('billingTransaction'), kind: 'DOMAIN_CLAIM', amountCents: priceCents, operationId, domain: parsed.name, at, creditLimitCents: this.settings.creditLimitCents },
      }, billing.state);
      // a preview is decided exactly as the claim (taken name, credit limit) and stores only itself
      return { writes: preview ? writes : [...writes, writeAfter(claim, claimed), writeAfter(billing, charged)], result: state };
    });
    return result;
  }

  /** The wallet the name goes to: one of the account's custodial wallets, or an outside address it names. */
  private async ownerAddress(accountId: string, owner: RequestedOwner | undefined): Promise<Address> {
    const account = await loadWeb3Account(this.store, accountId);
    if (!owner) {
      if (!account.defaultWallet) throw new Refused('CUSTODY_REQUIRED', 'the account has no wallet yet: create one with POST /account/wallets, or name an owner');
      return account.defaultWallet;
    }
    if (owner.type === 'SELF' && walletTypeOf(account, owner.address) !== 'SELF') {
      throw new Refused('NOT_FOUND', `wallet ${owner.address} is not a custodial wallet of this account`, { address: owner.address });
    }
    return owner.address;
  }
}
