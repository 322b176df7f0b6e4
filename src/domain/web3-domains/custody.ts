import { Address, Blockchain, isHeld, isReadOnly } from '../chains/blockchain';
import { DependencySpec } from '../operations/operation.events';
import { NotFound, Refused } from '../shared/errors';
import { walletTypeOf, Web3Account } from '../web3-accounts/web3-account';

/**
 * Who signs a change: `SERVICE` for domains in the account's custodial wallets (`/domains/{name}`), `SELF` for
 * domains in its verified external wallets (`/external/domains/{name}`), whose owner signs every transaction.
 */
export type Custody = 'SERVICE' | 'SELF';

/** A wallet a domain is to go to: a custodial wallet of the account (`SELF`) or any outside address (`EXTERNAL`). */
export interface RequestedOwner {
  readonly type: 'SELF' | 'EXTERNAL';
  readonly address: Address;
}

export interface DomainChange {
  readonly records?: Readonly<Record<string, string>>;
  readonly owner?: RequestedOwner;
  /** `PUT`: only the records sent remain; `PATCH`: they are merged into what is there. */
  readonly replaceRecords: boolean;
}

/** Where a name is minted and who holds it, as its chain says now (`owner` null when it was never minted). */
export interface LocatedName {
  readonly name: string;
  readonly blockchain: Blockchain;
  readonly owner: Address | null;
  readonly records: Readonly<Record<string, string>>;
}

export type HeldDomain = LocatedName & { readonly owner: Address };

/** Refuses a name whose chain the service does not write. */
export const assertWritableChain = (name: string, blockchain: Blockchain): void => {
  if (isReadOnly(blockchain))
    throw new Refused('UNSUPPORTED_BLOCKCHAIN', `${name} is registered on ${blockchain}, which is read-only for now`, {
      blockchain,
    });
};

/** A domain the service may change: someone holds it, on a chain the service writes. */
export const writableDomain = <D extends LocatedName>(located: D): D & { readonly owner: Address } => {
  if (!isHeld(located.owner)) throw new NotFound('domain', located.name);
  assertWritableChain(located.name, located.blockchain);
  return located as D & { readonly owner: Address };
};

/** An account acts only on domains its own wallets hold, through the route of the wallet's custody. */
export const assertManages = (account: Web3Account, domain: HeldDomain, custody: Custody): void => {
  const held = walletTypeOf(account, domain.owner);
  if (custody === 'SERVICE' && held === 'EXTERNAL') {
    throw new Refused(
      'CUSTODY_REQUIRED',
      `${domain.name} is held by a self-custody wallet: change it through /external/domains/${domain.name}`,
      { owner: domain.owner },
    );
  }
  if (custody === 'SELF' && held === 'SELF') {
    throw new Refused(
      'BAD_REQUEST',
      `${domain.name} is held by a custodial wallet of this account: change it through /domains/${domain.name}`,
    );
  }
  if (custody === 'SELF' && held === undefined) {
    throw new Refused(
      'WALLET_VERIFICATION_REQUIRED',
      `verify wallet ${domain.owner} (GET /account/wallets/${domain.owner}/verification) before managing ${domain.name}`,
      { owner: domain.owner },
    );
  }
  if (held === undefined) throw new Refused('FORBIDDEN', `${domain.name} is not held by a wallet of this account`);
};

/** The address a domain goes to: any outside one, or a custodial wallet that is the account's own. */
export const receiverOf = (account: Web3Account, owner: RequestedOwner): Address => {
  if (owner.type === 'SELF' && walletTypeOf(account, owner.address) !== 'SELF') {
    throw new Refused('NOT_FOUND', `wallet ${owner.address} is not a custodial wallet of this account`, {
      address: owner.address,
    });
  }
  return owner.address;
};

/** Where a claimed name goes: the owner the claim names, else the account's default wallet. */
export const claimantOf = (account: Web3Account, owner: RequestedOwner | undefined): Address => {
  if (owner) return receiverOf(account, owner);
  if (!account.defaultWallet)
    throw new Refused(
      'CUSTODY_REQUIRED',
      'the account has no wallet yet: create one with POST /account/wallets, or name an owner',
    );
  return account.defaultWallet;
};

/**
 * The chain work a change needs, records before owner; a change that changes nothing is refused (NO_CHANGE).
 * Records stay with the token when it moves; after an EXTERNAL owner the domain is outside the service's hands.
 */
export const changesOf = (
  account: Web3Account,
  domain: HeldDomain,
  change: DomainChange,
  custody: Custody,
  ids: Readonly<{ records: string; transfer: string }>,
): DependencySpec[] => {
  const base = { blockchain: domain.blockchain, name: domain.name, custody, ownerAddress: domain.owner };
  const dependencies: DependencySpec[] = [];
  const records = change.records ?? {};
  const recordsChange =
    change.replaceRecords || Object.entries(records).some(([key, value]) => (domain.records[key] ?? '') !== value);
  if (recordsChange) {
    dependencies.push({
      id: ids.records,
      type: 'UPDATE_RECORDS',
      parameters: { ...base, recordUpdates: records, resetRecords: change.replaceRecords },
    });
  }
  if (change.owner && change.owner.address !== domain.owner) {
    const toAddress = receiverOf(account, change.owner);
    dependencies.push({ id: ids.transfer, type: 'TRANSFER', parameters: { ...base, toAddress, resetRecords: false } });
  }
  if (dependencies.length === 0)
    throw new Refused('NO_CHANGE', `${domain.name} already has these records and this owner`);
  return dependencies;
};
