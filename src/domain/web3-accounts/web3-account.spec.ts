import { deciderSpec } from '../../../test/support/decider-spec';
import { Refused } from '../shared/errors';
import { CustodialWalletCreated, CustodialWalletRequested, ExternalWalletVerified, web3AccountDecider } from './web3-account';

const at = 1_700_000_000_000;
const accountId = 'acc-1';
const custodial = '0x00000000000000000000000000000000000000c1';
const external = '0x00000000000000000000000000000000000000e1';

describe('web3 account decider', () => {
  const given = deciderSpec(web3AccountDecider);
  const requested: CustodialWalletRequested = { type: 'CustodialWalletRequested', data: { accountId, dependencyId: 'plop_1', at } };
  const created: CustodialWalletCreated = { type: 'CustodialWalletCreated', data: { accountId, dependencyId: 'plop_1', address: custodial, at } };
  const verified: ExternalWalletVerified = { type: 'ExternalWalletVerified', data: { accountId, address: external, method: 'EOA', operationId: 'op-1', at } };

  it('counts a requested wallet toward the limit at once', () =>
    given(requested).when({ type: 'RequestCustodialWallet', data: { accountId, dependencyId: 'plop_2', limit: 1, at } }).thenThrows(Refused, /at most 1/));
  it('asks once per dependency', () => given(requested).when({ type: 'RequestCustodialWallet', data: { accountId, dependencyId: 'plop_1', limit: 1, at } }).thenNothing());
  it('makes the first wallet the default one', () =>
    given(requested).when({ type: 'RecordCustodialWallet', data: { accountId, dependencyId: 'plop_1', address: custodial, at } })
      .then(created, { type: 'DefaultWalletSet', data: { accountId, address: custodial, at } }));
  it('records a creation that ran twice once', () =>
    given(requested, created).when({ type: 'RecordCustodialWallet', data: { accountId, dependencyId: 'plop_1', address: '0x00000000000000000000000000000000000000c2', at } }).thenNothing());
  it('verifies an external wallet once', () => given(verified).when({ type: 'VerifyExternalWallet', data: verified.data }).thenThrows(Refused, /already/));
  it('refuses to verify its own custodial wallet as external', () =>
    given(requested, created).when({ type: 'VerifyExternalWallet', data: { ...verified.data, address: custodial } }).thenThrows(Refused));
  it('sets only a custodial wallet as default', () =>
    given(verified).when({ type: 'SetDefaultWallet', data: { accountId, address: external, at } }).thenThrows(Refused, /not a custodial wallet/));
});
