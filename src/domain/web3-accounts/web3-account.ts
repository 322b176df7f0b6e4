import { Address, isHeld } from '../chains/blockchain';
import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * The wallets of a web3 partner (surface C): custodial ones (`SELF`: the service holds the key) and external
 * ones the partner proved it controls (`EXTERNAL`: the owner signs every change), and the default wallet claims go
 * to. A custodial wallet is asked for first (it counts toward the limit at once) and created by the operation's
 * dependency, which may run twice: the dependency id makes the creation happen once.
 */
export const web3AccountStream = (accountId: string): string => `web3-account-${accountId}`;

export type WalletType = 'SELF' | 'EXTERNAL';
export type VerificationMethod = 'EOA' | 'ERC1271';

type Of<Data> = MessageData<{ accountId: string }, Data>;
export type CustodialWalletRequested = DomainEvent<'CustodialWalletRequested', Of<{ dependencyId: string }>>;
export type CustodialWalletCreated = DomainEvent<
  'CustodialWalletCreated',
  Of<{ dependencyId: string; address: Address }>
>;
export type ExternalWalletVerified = DomainEvent<
  'ExternalWalletVerified',
  Of<{ address: Address; method: VerificationMethod; operationId: string }>
>;
export type DefaultWalletSet = DomainEvent<'DefaultWalletSet', Of<{ address: Address }>>;
export type Web3AccountEvent =
  CustodialWalletRequested | CustodialWalletCreated | ExternalWalletVerified | DefaultWalletSet;

export const WEB3_ACCOUNT_EVENT_TYPES: readonly Web3AccountEvent['type'][] = [
  'CustodialWalletRequested',
  'CustodialWalletCreated',
  'ExternalWalletVerified',
  'DefaultWalletSet',
];

export type RequestCustodialWallet = DomainCommand<
  'RequestCustodialWallet',
  Of<{ dependencyId: string; limit: number }>
>;
export type RecordCustodialWallet = DomainCommand<
  'RecordCustodialWallet',
  Of<{ dependencyId: string; address: Address }>
>;
export type VerifyExternalWallet = DomainCommand<'VerifyExternalWallet', ExternalWalletVerified['data']>;
export type SetDefaultWallet = DomainCommand<'SetDefaultWallet', DefaultWalletSet['data']>;
export type Web3AccountCommand =
  RequestCustodialWallet | RecordCustodialWallet | VerifyExternalWallet | SetDefaultWallet;

export interface Web3Account {
  /** Custodial wallets by the dependency that created them; null while the creation has not run yet. */
  readonly custodial: ReadonlyMap<string, Address | null>;
  readonly external: ReadonlySet<Address>;
  readonly defaultWallet: Address | null;
}

export const walletTypeOf = (account: Web3Account, address: Address): WalletType | undefined => {
  if ([...account.custodial.values()].includes(address)) return 'SELF';
  return account.external.has(address) ? 'EXTERNAL' : undefined;
};

/**
 * Surface C's `owner.type` as the account sees it: SELF only for its custodial wallets (its verified ones are
 * self-custody).
 */
export type OwnerType = 'NONE' | 'SERVICE' | 'SELF' | 'EXTERNAL';

export const ownerTypeOf = (owner: Address | null, account: Web3Account, serviceAddress: Address): OwnerType => {
  if (!isHeld(owner)) return 'NONE';
  if (owner === serviceAddress) return 'SERVICE';
  return walletTypeOf(account, owner) === 'SELF' ? 'SELF' : 'EXTERNAL';
};

const evolve = (account: Web3Account, event: Web3AccountEvent): Web3Account => {
  switch (event.type) {
    case 'CustodialWalletRequested':
      return { ...account, custodial: new Map(account.custodial).set(event.data.dependencyId, null) };
    case 'CustodialWalletCreated':
      return { ...account, custodial: new Map(account.custodial).set(event.data.dependencyId, event.data.address) };
    case 'ExternalWalletVerified':
      return { ...account, external: new Set(account.external).add(event.data.address) };
    case 'DefaultWalletSet':
      return { ...account, defaultWallet: event.data.address };
    default:
      return assertNever(event);
  }
};

const requestCustodialWallet = (
  account: Web3Account,
  { limit, ...data }: RequestCustodialWallet['data'],
): Web3AccountEvent[] => {
  if (account.custodial.has(data.dependencyId)) return [];
  if (account.custodial.size >= limit)
    throw new Refused('WALLET_LIMIT_REACHED', `an account holds at most ${limit} custodial wallets`, { limit });
  return [{ type: 'CustodialWalletRequested', data }];
};

const recordCustodialWallet = (account: Web3Account, data: RecordCustodialWallet['data']): Web3AccountEvent[] => {
  if (account.custodial.get(data.dependencyId)) return []; // the dependency ran again: created already
  const created: Web3AccountEvent = { type: 'CustodialWalletCreated', data };
  // the first wallet is where claims go until the partner says otherwise
  const firstDefault: Web3AccountEvent[] = account.defaultWallet
    ? []
    : [{ type: 'DefaultWalletSet', data: { accountId: data.accountId, address: data.address, at: data.at } }];
  return [created, ...firstDefault];
};

const verifyExternalWallet = (account: Web3Account, data: VerifyExternalWallet['data']): Web3AccountEvent[] => {
  if (walletTypeOf(account, data.address))
    throw new Refused('WALLET_ALREADY_VERIFIED', `wallet ${data.address} is already one of this account's wallets`, {
      address: data.address,
    });
  return [{ type: 'ExternalWalletVerified', data }];
};

const setDefaultWallet = (account: Web3Account, data: SetDefaultWallet['data']): Web3AccountEvent[] => {
  if (walletTypeOf(account, data.address) !== 'SELF')
    throw new Refused('NOT_FOUND', `wallet ${data.address} is not a custodial wallet of this account`, {
      address: data.address,
    });
  return account.defaultWallet === data.address ? [] : [{ type: 'DefaultWalletSet', data }];
};

const decide = (command: Web3AccountCommand, account: Web3Account): Web3AccountEvent[] => {
  switch (command.type) {
    case 'RequestCustodialWallet':
      return requestCustodialWallet(account, command.data);
    case 'RecordCustodialWallet':
      return recordCustodialWallet(account, command.data);
    case 'VerifyExternalWallet':
      return verifyExternalWallet(account, command.data);
    case 'SetDefaultWallet':
      return setDefaultWallet(account, command.data);
    default:
      return assertNever(command);
  }
};

export const web3AccountDecider: Decider<Web3AccountCommand, Web3AccountEvent, Web3Account> = {
  initialState: () => ({ custodial: new Map(), external: new Set(), defaultWallet: null }),
  evolve,
  decide,
};
