import { exactly, expectRefusal } from '../../../test/support/decision-spec';
import { Address, ZERO_ADDRESS } from '../chains/blockchain';
import { fold } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { web3AccountDecider, Web3AccountEvent } from '../web3-accounts/web3-account';
import {
  assertManages,
  assertWritableChain,
  changesOf,
  claimantOf,
  Custody,
  DomainChange,
  HeldDomain,
  LocatedName,
  receiverOf,
  writableDomain,
} from './custody';

const at = 1_700_000_000_000;
const name = 'alice.crypto';
const accountId = 'acc-1';
const firstWallet: Address = '0x1111111111111111111111111111111111111111';
const defaultWallet: Address = '0x1212121212121212121212121212121212121212';
const selfCustody: Address = '0x2222222222222222222222222222222222222222';
const stranger: Address = '0x3333333333333333333333333333333333333333';

const custodialWallet = (dependencyId: string, address: Address): Web3AccountEvent[] => [
  { type: 'CustodialWalletRequested', data: { accountId, dependencyId, at } },
  { type: 'CustodialWalletCreated', data: { accountId, dependencyId, address, at } },
  { type: 'DefaultWalletSet', data: { accountId, address, at } },
];
const verified: Web3AccountEvent = {
  type: 'ExternalWalletVerified',
  data: { accountId, address: selfCustody, method: 'EOA', operationId: 'op-v', at },
};
// two custodial wallets (the second the default), a wallet still being created and a verified self-custody one
const account = fold(web3AccountDecider, [
  ...custodialWallet('bcd-w1', firstWallet),
  ...custodialWallet('bcd-w2', defaultWallet),
  { type: 'CustodialWalletRequested', data: { accountId, dependencyId: 'bcd-w3', at } },
  verified,
]);
const walletless = fold(web3AccountDecider, [verified]);

const records = { 'crypto.ETH.address': '0xabc', 'ipfs.html.value': 'Qm1' };
const held = (owner: Address): HeldDomain => ({ name, blockchain: 'MATIC', owner, records });
const located = (owner: Address | null, blockchain: LocatedName['blockchain'] = 'MATIC'): LocatedName => ({
  name,
  blockchain,
  owner,
  records,
});

describe('custody', () => {
  describe('assertWritableChain', () => {
    it('refuses a name on a read-only chain', () =>
      expectRefusal(() => assertWritableChain(name, 'ETH'), Refused, {
        code: 'UNSUPPORTED_BLOCKCHAIN',
        message: exactly('alice.crypto is registered on ETH, which is read-only for now'),
        context: { blockchain: 'ETH' },
      }));
    it('lets a name on a chain the service writes through', () => {
      expect(() => assertWritableChain(name, 'MATIC')).not.toThrow();
      expect(() => assertWritableChain(name, 'BASE')).not.toThrow();
    });
  });

  describe('writableDomain', () => {
    const notFound = {
      code: 'NOT_FOUND',
      message: exactly('domain alice.crypto was not found'),
      context: { id: name },
    } as const;
    it('answers a held domain on a written chain as it was located', () => {
      const domain = { ...located(firstWallet), tokenId: '0x01' };
      expect(writableDomain(domain)).toBe(domain);
    });
    it('does not find a name never minted', () =>
      expectRefusal(() => writableDomain(located(null)), NotFound, notFound));
    it('does not find a burnt name', () => {
      expectRefusal(() => writableDomain(located(ZERO_ADDRESS)), NotFound, notFound);
      expectRefusal(() => writableDomain(located('0x000000000000000000000000000000000000dEaD')), NotFound, notFound);
    });
    it('refuses a held domain on a read-only chain', () =>
      expectRefusal(() => writableDomain(located(firstWallet, 'ETH')), Refused, {
        code: 'UNSUPPORTED_BLOCKCHAIN',
        message: /registered on ETH/,
        context: { blockchain: 'ETH' },
      }));
    it('does not find a name never minted before it looks at its chain', () =>
      expectRefusal(() => writableDomain(located(null, 'ETH')), NotFound, notFound));
  });

  describe('assertManages', () => {
    const manages = (owner: Address, custody: Custody) => () => assertManages(account, held(owner), custody);
    it('lets the account change a domain of its custodial wallets through /domains', () => {
      expect(manages(firstWallet, 'SERVICE')).not.toThrow();
      expect(manages(defaultWallet, 'SERVICE')).not.toThrow();
    });
    it('lets the account change a domain of its self-custody wallets through /external/domains', () =>
      expect(manages(selfCustody, 'SELF')).not.toThrow());
    it('sends a self-custody domain to its own route', () =>
      expectRefusal(manages(selfCustody, 'SERVICE'), Refused, {
        code: 'CUSTODY_REQUIRED',
        message: exactly(
          'alice.crypto is held by a self-custody wallet: change it through /external/domains/alice.crypto',
        ),
        context: { owner: selfCustody },
      }));
    it('sends a custodial domain to its own route', () =>
      expectRefusal(manages(firstWallet, 'SELF'), Refused, {
        code: 'BAD_REQUEST',
        message: exactly(
          'alice.crypto is held by a custodial wallet of this account: change it through /domains/alice.crypto',
        ),
        context: {},
      }));
    it('asks to verify a wallet it does not know before the external route manages its domain', () =>
      expectRefusal(manages(stranger, 'SELF'), Refused, {
        code: 'WALLET_VERIFICATION_REQUIRED',
        message: exactly(
          `verify wallet ${stranger} (GET /account/wallets/${stranger}/verification) before managing alice.crypto`,
        ),
        context: { owner: stranger },
      }));
    it('refuses a domain no wallet of the account holds', () =>
      expectRefusal(manages(stranger, 'SERVICE'), Refused, {
        code: 'FORBIDDEN',
        message: exactly('alice.crypto is not held by a wallet of this account'),
        context: {},
      }));
  });

  describe('receiverOf', () => {
    const notCustodial = (address: Address) =>
      ({
        code: 'NOT_FOUND',
        message: exactly(`wallet ${address} is not a custodial wallet of this account`),
        context: { address },
      }) as const;
    it('sends to any custodial wallet of the account', () => {
      expect(receiverOf(account, { type: 'SELF', address: firstWallet })).toBe(firstWallet);
      expect(receiverOf(account, { type: 'SELF', address: defaultWallet })).toBe(defaultWallet);
    });
    it('sends to any outside address', () => {
      expect(receiverOf(account, { type: 'EXTERNAL', address: stranger })).toBe(stranger);
      expect(receiverOf(account, { type: 'EXTERNAL', address: firstWallet })).toBe(firstWallet);
    });
    it('does not find a custodial wallet the account does not have', () => {
      expectRefusal(() => receiverOf(account, { type: 'SELF', address: stranger }), Refused, notCustodial(stranger));
      // a verified wallet is the owner's, not one the service holds for the account
      expectRefusal(
        () => receiverOf(account, { type: 'SELF', address: selfCustody }),
        Refused,
        notCustodial(selfCustody),
      );
    });
  });

  describe('claimantOf', () => {
    it('mints to the owner the claim names', () => {
      expect(claimantOf(account, { type: 'SELF', address: firstWallet })).toBe(firstWallet);
      expect(claimantOf(walletless, { type: 'EXTERNAL', address: stranger })).toBe(stranger);
    });
    it('mints to the default wallet when the claim names none', () =>
      expect(claimantOf(account, undefined)).toBe(defaultWallet));
    it('refuses a claim naming no owner by an account with no custodial wallet', () =>
      expectRefusal(() => claimantOf(walletless, undefined), Refused, {
        code: 'CUSTODY_REQUIRED',
        message: exactly('the account has no wallet yet: create one with POST /account/wallets, or name an owner'),
        context: {},
      }));
    it('does not find a named custodial wallet the account does not have', () =>
      expectRefusal(() => claimantOf(walletless, { type: 'SELF', address: selfCustody }), Refused, {
        code: 'NOT_FOUND',
        message: /is not a custodial wallet/,
        context: { address: selfCustody },
      }));
  });

  describe('changesOf', () => {
    const ids = { records: 'bcd-r', transfer: 'bcd-t' };
    const changes =
      (change: DomainChange, owner: Address = firstWallet, custody: Custody = 'SERVICE') =>
      () =>
        changesOf(account, held(owner), change, custody, ids);
    const base = { blockchain: 'MATIC', name, custody: 'SERVICE', ownerAddress: firstWallet };
    const updateRecords = (recordUpdates: Record<string, string>, resetRecords = false) => ({
      id: 'bcd-r',
      type: 'UPDATE_RECORDS',
      parameters: { ...base, recordUpdates, resetRecords },
    });
    const transfer = (toAddress: Address) => ({
      id: 'bcd-t',
      type: 'TRANSFER',
      parameters: { ...base, toAddress, resetRecords: false },
    });
    const noChange = {
      code: 'NO_CHANGE',
      message: exactly('alice.crypto already has these records and this owner'),
      context: {},
    } as const;

    it('updates records that differ, merging what is sent', () =>
      expect(changes({ records: { 'ipfs.html.value': 'Qm2' }, replaceRecords: false })()).toEqual([
        updateRecords({ 'ipfs.html.value': 'Qm2' }),
      ]));
    it('updates when one of the records sent differs, sending them all', () =>
      expect(
        changes({ records: { 'crypto.ETH.address': '0xabc', 'ipfs.html.value': 'Qm2' }, replaceRecords: false })(),
      ).toEqual([updateRecords({ 'crypto.ETH.address': '0xabc', 'ipfs.html.value': 'Qm2' })]));
    it('updates a record the domain does not have yet', () =>
      expect(changes({ records: { 'crypto.BTC.address': 'bc1q' }, replaceRecords: false })()).toEqual([
        updateRecords({ 'crypto.BTC.address': 'bc1q' }),
      ]));
    it('clears a record with an empty value', () =>
      expect(changes({ records: { 'ipfs.html.value': '' }, replaceRecords: false })()).toEqual([
        updateRecords({ 'ipfs.html.value': '' }),
      ]));
    it('refuses records the domain has already', () =>
      expectRefusal(
        changes({ records: { 'crypto.ETH.address': '0xabc', 'ipfs.html.value': 'Qm1' }, replaceRecords: false }),
        Refused,
        noChange,
      ));
    it('counts an empty value for a record the domain does not have as no change', () =>
      expectRefusal(changes({ records: { 'crypto.BTC.address': '' }, replaceRecords: false }), Refused, noChange));
    it('refuses a change that names nothing', () => {
      expectRefusal(changes({ replaceRecords: false }), Refused, noChange);
      expectRefusal(changes({ records: {}, replaceRecords: false }), Refused, noChange);
    });
    it('replaces the records even with the ones the domain has: the others go', () =>
      expect(changes({ records, replaceRecords: true })()).toEqual([updateRecords(records, true)]));
    it('replaces the records with none', () =>
      expect(changes({ replaceRecords: true })()).toEqual([updateRecords({}, true)]));

    it('transfers to another owner, keeping the records', () =>
      expect(changes({ owner: { type: 'EXTERNAL', address: stranger }, replaceRecords: false })()).toEqual([
        transfer(stranger),
      ]));
    it('transfers to another custodial wallet of the account', () =>
      expect(changes({ owner: { type: 'SELF', address: defaultWallet }, replaceRecords: false })()).toEqual([
        transfer(defaultWallet),
      ]));
    it('counts the owner it has as no transfer', () =>
      expectRefusal(
        changes({ owner: { type: 'EXTERNAL', address: firstWallet }, replaceRecords: false }),
        Refused,
        noChange,
      ));
    it('counts the owner it has as no transfer before it asks what kind of wallet that is', () =>
      expectRefusal(
        changes({ owner: { type: 'SELF', address: selfCustody }, replaceRecords: false }, selfCustody, 'SELF'),
        Refused,
        noChange,
      ));
    it('does not find a custodial wallet the account does not have', () =>
      expectRefusal(changes({ owner: { type: 'SELF', address: stranger }, replaceRecords: false }), Refused, {
        code: 'NOT_FOUND',
        message: /is not a custodial wallet/,
        context: { address: stranger },
      }));
    it('transfers alone when the records sent are there already', () =>
      expect(changes({ records, owner: { type: 'EXTERNAL', address: stranger }, replaceRecords: false })()).toEqual([
        transfer(stranger),
      ]));
    it('updates the records before it transfers, signed by the owner on the external route', () => {
      const external = { ...base, custody: 'SELF', ownerAddress: selfCustody };
      expect(
        changes(
          {
            records: { 'ipfs.html.value': 'Qm2' },
            owner: { type: 'EXTERNAL', address: stranger },
            replaceRecords: false,
          },
          selfCustody,
          'SELF',
        )(),
      ).toEqual([
        {
          id: 'bcd-r',
          type: 'UPDATE_RECORDS',
          parameters: { ...external, recordUpdates: { 'ipfs.html.value': 'Qm2' }, resetRecords: false },
        },
        { id: 'bcd-t', type: 'TRANSFER', parameters: { ...external, toAddress: stranger, resetRecords: false } },
      ]);
    });
  });
});
