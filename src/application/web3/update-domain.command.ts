import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Address } from '../../domain/chains/blockchain';
import { ExistingOperation } from '../../domain/operations/operation';
import { DependencySpec } from '../../domain/operations/operation.events';
import { Refused } from '../../domain/shared/errors';
import { newId } from '../../domain/shared/ids';
import { walletTypeOf, Web3Account } from '../../domain/web3-accounts/web3-account';
import { RequestOperation } from '../operations/request-operation.command';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { CommandBus } from '@nestjs/cqrs';
import { RequestedOwner } from './claim-domain.command';
import { DomainLocator, LocatedDomain } from './domain-locator';
import { PREVIEW_VALIDITY_MS } from './preview';
import { loadWeb3Account } from './web3-streams';

/**
 * Who signs a change: `SERVICE` for domains in the account's custodial wallets (`/domains/{name}`), `SELF` for
 * domains in its verified external wallets (`/external/domains/{name}`), whose owner signs every transaction.
 */
export type Custody = 'SERVICE' | 'SELF';

export interface DomainChange {
  readonly records?: Readonly<Record<string, string>>;
  readonly owner?: RequestedOwner;
  /** `PUT`: only the records sent remain; `PATCH`: they are merged into what is there. */
  readonly replaceRecords: boolean;
}

/** `PATCH`/`PUT /domains/{name}` and their `/external` twins: records, then the owner, in one operation. */
export class UpdateWeb3Domain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: string,
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
    private readonly commands: CommandBus,
  ) {}

  async execute({ accountId, name, change, custody, preview }: UpdateWeb3Domain): Promise<ExistingOperation> {
    const domain = await this.locator.writable(name, Object.keys(change.records ?? {}));
    const account = await loadWeb3Account(this.store, accountId);
    assertManages(account, domain, custody);
    const dependencies = changesOf(account, domain, change, custody);
    const at = this.clock.now();
    return this.commands.execute(new RequestOperation({
      accountId, surface: 'web3', type: 'DOMAIN_UPDATE', domain: name, preview, validUntil: preview ? at + PREVIEW_VALIDITY_MS : null, dependencies,
    }, { accountId }));
  }
}

/** An account acts only on domains its own wallets hold, through the route of the wallet's custody. */
export const assertManages = (account: Web3Account, domain: LocatedDomain & { owner: Address }, custody: Custody): void => {
  const held = walletTypeOf(account, domain.owner);
  if (custody === 'SERVICE' && held === 'EXTERNAL') {
    throw new Refused('CUSTODY_REQUIRED', `${domain.name} is held by a self-custody wallet: change it through /external/domains/${domain.name}`, { owner: domain.owner });
  }
  if (custody === 'SELF' && held === 'SELF') {
    throw new Refused('BAD_REQUEST', `${domain.name} is held by a custodial wallet of this account: change it through /domains/${domain.name}`);
  }
  if (custody === 'SELF' && held === undefined) {
    throw new Refused('WALLET_VERIFICATION_REQUIRED', `verify wallet ${domain.owner} (GET /account/wallets/${domain.owner}/verification) before managing ${domain.name}`, { owner: domain.owner });
  }
  if (held === undefined) throw new Refused('FORBIDDEN', `${domain.name} is not held by a wallet of this account`);
};

const changesOf = (account: Web3Account, domain: LocatedDomain & { owner: Address }, change: DomainChange, custody: Custody): DependencySpec[] => {
  const base = { blockchain: domain.blockchain, name: domain.name, custody, ownerAddress: domain.owner };
  const dependencies: DependencySpec[] = [];
  const records = change.records ?? {};
  const recordsChange = change.replaceRecords || Object.entries(records).some(([key, value]) => (domain.records[key] ?? '') !== value);
  if (recordsChange) {
    dependencies.push({ id: newId('blockchainDependency'), type: 'UPDATE_RECORDS', parameters: { ...base, recordUpdates: records, resetRecords: change.replaceRecords } });
  }
  if (change.owner && change.owner.address !== domain.owner) {
    if (change.owner.type === 'SELF' && walletTypeOf(account, change.owner.address) !== 'SELF') {
      throw new Refused('NOT_FOUND', `wallet ${change.owner.address} is not a custodial wallet of this account`, { address: change.owner.address });
    }
    // the records stay with the token; after an EXTERNAL owner the domain is outside the service's management for good
    dependencies.push({ id: newId('blockchainDependency'), type: 'TRANSFER', parameters: { ...base, toAddress: change.owner.address, resetRecords: false } });
  }
  if (dependencies.length === 0) throw new Refused('NO_CHANGE', `${domain.name} already has these records and this owner`);
  return dependencies;
};
