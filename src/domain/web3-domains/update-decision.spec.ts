import { decidedOperation } from '../../../test/support/operation-events';
import { decisionSpec, exactly } from '../../../test/support/decision-spec';
import { Address } from '../chains/blockchain';
import { domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { DependencySpec } from '../operations/operation.events';
import { ConcurrentOperation, Refused } from '../shared/errors';
import { web3AccountDecider, Web3AccountEvent } from '../web3-accounts/web3-account';
import { Custody, DomainChange, HeldDomain } from './custody';
import { decideUpdate, UpdateRequest } from './update-decision';

const at = 1_700_000_000_000;
const minute = 60_000;
const accountId = 'acc-1';
const name = 'alice.crypto';
const wallet: Address = '0x1111111111111111111111111111111111111111';
const otherWallet: Address = '0x1212121212121212121212121212121212121212';
const selfCustody: Address = '0x2222222222222222222222222222222222222222';
const stranger: Address = '0x3333333333333333333333333333333333333333';

const custodialWallet = (dependencyId: string, address: Address): Web3AccountEvent[] => [
  { type: 'CustodialWalletRequested', data: { accountId, dependencyId, at } },
  { type: 'CustodialWalletCreated', data: { accountId, dependencyId, address, at } },
];
const account: Web3AccountEvent[] = [
  ...custodialWallet('bcd-w1', wallet),
  ...custodialWallet('bcd-w2', otherWallet),
  { type: 'ExternalWalletVerified', data: { accountId, address: selfCustody, method: 'EOA', operationId: 'op-v', at } },
];
const records = { 'crypto.ETH.address': '0xabc', 'ipfs.html.value': 'Qm1' };
const heldBy = (owner: Address): HeldDomain => ({ name, blockchain: 'BASE', owner, records });

const request = (
  change: DomainChange,
  custody: Custody = 'SERVICE',
  more: Partial<UpdateRequest> = {},
): UpdateRequest => ({
  accountId,
  operationId: 'op-1',
  at,
  preview: false,
  change,
  custody,
  dependencyIds: { records: 'bcd-r', transfer: 'bcd-t' },
  ...more,
});
const updating = (
  change: DomainChange,
  owner: Address = wallet,
  custody: Custody = 'SERVICE',
  more: Partial<UpdateRequest> = {},
) => ({ request: request(change, custody, more), domain: heldBy(owner) });

const base = (custody: Custody = 'SERVICE', ownerAddress: Address = wallet) => ({
  blockchain: 'BASE',
  name,
  custody,
  ownerAddress,
});
const updateRecords = (
  recordUpdates: Record<string, string>,
  resetRecords = false,
  custody: Custody = 'SERVICE',
  owner: Address = wallet,
): DependencySpec => ({
  id: 'bcd-r',
  type: 'UPDATE_RECORDS',
  parameters: { ...base(custody, owner), recordUpdates, resetRecords },
});
const transfer = (toAddress: Address, custody: Custody = 'SERVICE', owner: Address = wallet): DependencySpec => ({
  id: 'bcd-t',
  type: 'TRANSFER',
  parameters: { ...base(custody, owner), toAddress, resetRecords: false },
});
const { requested, started } = decidedOperation({
  operationId: 'op-1',
  accountId,
  surface: 'web3',
  type: 'DOMAIN_UPDATE',
  domain: name,
  quote: [],
  at,
});

describe('deciding an update', () => {
  const given = decisionSpec(
    { account: web3AccountDecider, operation: operationDecider, activity: domainActivityDecider },
    ({ request: ask, domain }: { request: UpdateRequest; domain: HeldDomain }, states) =>
      decideUpdate(ask, domain, states),
  );
  const newValue = { 'ipfs.html.value': 'Qm2' };
  const noChange = {
    code: 'NO_CHANGE',
    message: exactly('alice.crypto already has these records and this owner'),
    context: {},
  } as const;
  const busy = {
    code: 'CONCURRENT_OPERATION',
    message: exactly('domain alice.crypto has an unfinished operation'),
    context: { domain: name },
  } as const;

  describe('an update', () => {
    it('updates the records of a domain in a custodial wallet, quoting nothing', () =>
      given({ account })
        .when(updating({ records: newValue, replaceRecords: false }))
        .then({ operation: [requested([updateRecords(newValue)])], activity: [started('op-1')] }));
    it('updates the records, then transfers, in one operation', () =>
      given({ account })
        .when(updating({ records: newValue, owner: { type: 'EXTERNAL', address: stranger }, replaceRecords: false }))
        .then({ operation: [requested([updateRecords(newValue), transfer(stranger)])], activity: [started('op-1')] }));
    it('queues the records before the transfer and holds the domain while they run', () =>
      given({ account })
        .when(updating({ records: newValue, owner: { type: 'SELF', address: otherWallet }, replaceRecords: false }))
        .thenState({
          operation: {
            status: 'QUEUED',
            dependencies: [
              { id: 'bcd-r', type: 'UPDATE_RECORDS', status: 'QUEUED' },
              { id: 'bcd-t', type: 'TRANSFER', status: 'QUEUED', parameters: { toAddress: otherWallet } },
            ],
          },
          activity: { openOperationId: 'op-1', holderAccountId: accountId },
        }));
    it('has the owner sign what changes a domain in a self-custody wallet', () =>
      given({ account })
        .when(
          updating(
            { records: newValue, owner: { type: 'EXTERNAL', address: stranger }, replaceRecords: false },
            selfCustody,
            'SELF',
          ),
        )
        .then({
          operation: [
            requested([updateRecords(newValue, false, 'SELF', selfCustody), transfer(stranger, 'SELF', selfCustody)]),
          ],
          activity: [started('op-1')],
        }));
    it('replaces the records even with the ones the domain has', () =>
      given({ account })
        .when(updating({ records, replaceRecords: true }))
        .then({ operation: [requested([updateRecords(records, true)])], activity: [started('op-1')] }));
    it('transfers alone to the same records', () =>
      given({ account })
        .when(updating({ records, owner: { type: 'SELF', address: otherWallet }, replaceRecords: false }))
        .then({ operation: [requested([transfer(otherWallet)])], activity: [started('op-1')] }));
  });

  describe('its refusals, in their order', () => {
    it('sends a domain to the route of its custody before it asks what changes', () => {
      given({ account })
        .when(updating({ records, replaceRecords: false }, selfCustody, 'SERVICE'))
        .thenThrows(Refused, {
          code: 'CUSTODY_REQUIRED',
          message: exactly(
            'alice.crypto is held by a self-custody wallet: change it through /external/domains/alice.crypto',
          ),
          context: { owner: selfCustody },
        });
      given({ account })
        .when(updating({ records, replaceRecords: false }, wallet, 'SELF'))
        .thenThrows(Refused, {
          code: 'BAD_REQUEST',
          message: exactly(
            'alice.crypto is held by a custodial wallet of this account: change it through /domains/alice.crypto',
          ),
          context: {},
        });
    });
    it('asks to verify an unknown wallet on the external route, refuses it on the custodial one', () => {
      given({ account })
        .when(updating({ records: newValue, replaceRecords: false }, stranger, 'SELF'))
        .thenThrows(Refused, {
          code: 'WALLET_VERIFICATION_REQUIRED',
          message: /^verify wallet 0x3{40} /,
          context: { owner: stranger },
        });
      given({ account })
        .when(updating({ records: newValue, replaceRecords: false }, stranger, 'SERVICE'))
        .thenThrows(Refused, {
          code: 'FORBIDDEN',
          message: exactly('alice.crypto is not held by a wallet of this account'),
          context: {},
        });
    });
    it('refuses a change that changes nothing', () =>
      given({ account })
        .when(updating({ records, replaceRecords: false }))
        .thenThrows(Refused, noChange));
    it('counts the owner the domain has as no transfer', () =>
      given({ account })
        .when(updating({ owner: { type: 'SELF', address: wallet }, replaceRecords: false }))
        .thenThrows(Refused, noChange));
    it('refuses a change that changes nothing before it looks at the domain', () =>
      given({ account, activity: [started('op-0', 'acc-2')] })
        .when(updating({ records, replaceRecords: false }))
        .thenThrows(Refused, noChange));
    it('does not find a custodial wallet the account does not have, before it looks at the domain', () =>
      given({ account, activity: [started('op-0', 'acc-2')] })
        .when(updating({ owner: { type: 'SELF', address: stranger }, replaceRecords: false }))
        .thenThrows(Refused, {
          code: 'NOT_FOUND',
          message: exactly(`wallet ${stranger} is not a custodial wallet of this account`),
          context: { address: stranger },
        }));
    it('refuses a domain another operation holds', () => {
      given({ account, activity: [started('op-0', 'acc-2')] })
        .when(updating({ records: newValue, replaceRecords: false }))
        .thenThrows(ConcurrentOperation, busy);
      given({ account, activity: [started('op-0')] })
        .when(updating({ records: newValue, replaceRecords: false }))
        .thenThrows(ConcurrentOperation, { ...busy, context: { domain: name, operationId: 'op-0' } });
    });
  });

  describe('a preview', () => {
    const preview = { preview: true };
    it('stores its operation alone, valid for 15 minutes', () =>
      given({ account })
        .when(updating({ records: newValue, replaceRecords: false }, wallet, 'SERVICE', preview))
        .then({ operation: [requested([updateRecords(newValue)], { preview: true, validUntil: at + 15 * minute })] }));
    it('leaves the domain free', () =>
      given({ account })
        .when(updating({ records: newValue, replaceRecords: false }, wallet, 'SERVICE', preview))
        .thenState({
          operation: { status: 'PREVIEW', dependencies: [{ id: 'bcd-r', status: 'PREVIEW' }] },
          activity: { openOperationId: null },
        }));
    it('is refused exactly like the update', () => {
      given({ account })
        .when(updating({ records, replaceRecords: false }, wallet, 'SERVICE', preview))
        .thenThrows(Refused, noChange);
      given({ account, activity: [started('op-0', 'acc-2')] })
        .when(updating({ records: newValue, replaceRecords: false }, wallet, 'SERVICE', preview))
        .thenThrows(ConcurrentOperation, busy);
    });
  });
});
