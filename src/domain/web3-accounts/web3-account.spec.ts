import { deciderSpec } from '../../../test/support/decider-spec';
import { Address } from '../chains/blockchain';
import { fold } from '../shared/decider';
import { Refused } from '../shared/errors';
import {
  CustodialWalletCreated,
  CustodialWalletRequested,
  DefaultWalletSet,
  ExternalWalletVerified,
  WEB3_ACCOUNT_EVENT_TYPES,
  Web3AccountCommand,
  web3AccountDecider,
  Web3AccountEvent,
  ownerTypeOf,
  walletTypeOf,
} from './web3-account';

const at = 1_700_000_000_000;
const accountId = 'acc-1';
const custodial: Address = '0x00000000000000000000000000000000000000c1';
const second: Address = '0x00000000000000000000000000000000000000c2';
const external: Address = '0x00000000000000000000000000000000000000e1';

describe('web3 account decider', () => {
  const given = deciderSpec(web3AccountDecider);
  const requested: CustodialWalletRequested = {
    type: 'CustodialWalletRequested',
    data: { accountId, dependencyId: 'plop_1', at },
  };
  const created: CustodialWalletCreated = {
    type: 'CustodialWalletCreated',
    data: { accountId, dependencyId: 'plop_1', address: custodial, at },
  };
  const defaulted = (address: Address): DefaultWalletSet => ({
    type: 'DefaultWalletSet',
    data: { accountId, address, at },
  });
  const verified: ExternalWalletVerified = {
    type: 'ExternalWalletVerified',
    data: { accountId, address: external, method: 'EOA', operationId: 'op-1', at },
  };
  const requestWallet = (dependencyId: string, limit: number): Web3AccountCommand => ({
    type: 'RequestCustodialWallet',
    data: { accountId, dependencyId, limit, at },
  });
  const recordWallet = (dependencyId: string, address: Address): Web3AccountCommand => ({
    type: 'RecordCustodialWallet',
    data: { accountId, dependencyId, address, at },
  });
  const setDefault = (address: Address): Web3AccountCommand => ({
    type: 'SetDefaultWallet',
    data: { accountId, address, at },
  });
  const secondWallet: Web3AccountEvent[] = [
    requested,
    created,
    defaulted(custodial),
    { ...requested, data: { ...requested.data, dependencyId: 'plop_2' } },
    { ...created, data: { ...created.data, dependencyId: 'plop_2', address: second } },
  ];

  describe('RequestCustodialWallet', () => {
    it('asks for a custodial wallet', () => given().when(requestWallet('plop_1', 1)).then(requested));
    it('asks for another while the account is under its limit', () =>
      given(requested, created)
        .when(requestWallet('plop_2', 2))
        .then({ type: 'CustodialWalletRequested', data: { accountId, dependencyId: 'plop_2', at } }));
    it('counts a requested wallet toward the limit at once', () =>
      given(requested)
        .when(requestWallet('plop_2', 1))
        .thenThrows(Refused, {
          code: 'WALLET_LIMIT_REACHED',
          message: /at most 1 custodial wallets/,
          context: { limit: 1 },
        }));
    it('asks once per dependency', () => given(requested).when(requestWallet('plop_1', 1)).thenNothing());
    it('holds the request until the wallet is created', () =>
      given()
        .when(requestWallet('plop_1', 1))
        .thenState({ custodial: new Map([['plop_1', null]]) }));
  });

  describe('RecordCustodialWallet', () => {
    it('makes the first wallet the default one', () =>
      given(requested).when(recordWallet('plop_1', custodial)).then(created, defaulted(custodial)));
    it('keeps the default wallet when another is created', () =>
      given(...secondWallet.slice(0, 4))
        .when(recordWallet('plop_2', second))
        .then({ type: 'CustodialWalletCreated', data: { accountId, dependencyId: 'plop_2', address: second, at } }));
    it('holds the created wallet as the default one', () =>
      given(requested)
        .when(recordWallet('plop_1', custodial))
        .thenState({ custodial: new Map([['plop_1', custodial]]), external: new Set(), defaultWallet: custodial }));
    it('records a creation that ran twice once', () =>
      given(requested, created)
        .when(recordWallet('plop_1', '0x00000000000000000000000000000000000000c2'))
        .thenNothing());
  });

  describe('VerifyExternalWallet', () => {
    it('verifies an external wallet', () =>
      given(requested, created).when({ type: 'VerifyExternalWallet', data: verified.data }).then(verified));
    it('holds it as an external wallet, not the default', () =>
      given()
        .when({ type: 'VerifyExternalWallet', data: verified.data })
        .thenState({ external: new Set([external]), defaultWallet: null }));
    it('verifies an external wallet once', () =>
      given(verified)
        .when({ type: 'VerifyExternalWallet', data: verified.data })
        .thenThrows(Refused, {
          code: 'WALLET_ALREADY_VERIFIED',
          message: new RegExp(`wallet ${external} is already one of this account's wallets`),
          context: { address: external },
        }));
    it('refuses to verify its own custodial wallet as external', () =>
      given(requested, created)
        .when({ type: 'VerifyExternalWallet', data: { ...verified.data, address: custodial } })
        .thenThrows(Refused, { code: 'WALLET_ALREADY_VERIFIED' }));
  });

  describe('SetDefaultWallet', () => {
    it('makes another custodial wallet the default one', () =>
      given(...secondWallet)
        .when(setDefault(second))
        .then(defaulted(second)));
    it('sends claims to the new default from then on', () =>
      given(...secondWallet)
        .when(setDefault(second))
        .thenState({ defaultWallet: second }));
    it('says nothing when the wallet is the default already', () =>
      given(...secondWallet)
        .when(setDefault(custodial))
        .thenNothing());
    it('sets only a custodial wallet as default', () =>
      given(verified)
        .when(setDefault(external))
        .thenThrows(Refused, {
          code: 'NOT_FOUND',
          message: new RegExp(`wallet ${external} is not a custodial wallet of this account`),
          context: { address: external },
        }));
    it('refuses a wallet that is not the account’s', () =>
      given(...secondWallet)
        .when(setDefault('0x00000000000000000000000000000000000000ff'))
        .thenThrows(Refused, { code: 'NOT_FOUND' }));
  });

  it('tells custodial wallets from external ones', () => {
    const account = fold(web3AccountDecider, [requested, created, verified]);
    expect(walletTypeOf(account, custodial)).toBe('SELF');
    expect(walletTypeOf(account, external)).toBe('EXTERNAL');
    expect(walletTypeOf(account, second)).toBeUndefined();
  });

  it('tells who holds a name, as the account sees it', () => {
    const account = fold(web3AccountDecider, [requested, created, verified]);
    const service = '0x00000000000000000000000000000000000000aa';
    expect(ownerTypeOf(custodial, account, service)).toBe('SELF');
    expect(ownerTypeOf(service, account, service)).toBe('SERVICE');
    // the owner signs for its verified wallets itself, as for anyone else's
    expect(ownerTypeOf(external, account, service)).toBe('EXTERNAL');
    expect(ownerTypeOf('0x00000000000000000000000000000000000000ff', account, service)).toBe('EXTERNAL');
    expect(
      [null, '0x0000000000000000000000000000000000000000', '0x000000000000000000000000000000000000dead'].map((owner) =>
        ownerTypeOf(owner as Address | null, account, service),
      ),
    ).toEqual(['NONE', 'NONE', 'NONE']);
  });

  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'RemoveWallet', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(web3AccountDecider, [{ type: 'WalletRemoved', data: {} } as never])).toThrow(/unexpected value/);
  });

  it('tells its subscribers about every event it records', () => {
    const decided = (history: Web3AccountEvent[], command: Web3AccountCommand) =>
      web3AccountDecider.decide(command, fold(web3AccountDecider, history));
    const recorded = new Set(
      [
        ...decided([], requestWallet('plop_1', 1)),
        ...decided([requested], recordWallet('plop_1', custodial)),
        ...decided([], { type: 'VerifyExternalWallet', data: verified.data }),
        ...decided(secondWallet, setDefault(second)),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(WEB3_ACCOUNT_EVENT_TYPES.length);
    expect(new Set(WEB3_ACCOUNT_EVENT_TYPES)).toEqual(recorded);
  });
});
