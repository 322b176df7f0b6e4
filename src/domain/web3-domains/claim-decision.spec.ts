import { decidedOperation } from '../../../test/support/operation-events';
import { decisionSpec, exactly, pastCreditLimit } from '../../../test/support/decision-spec';
import { billingDecider, BillingEvent } from '../billing/billing-account';
import { Address } from '../chains/blockchain';
import { domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { OperationRequested } from '../operations/operation.events';
import { ConcurrentOperation, Refused } from '../shared/errors';
import { web3AccountDecider, Web3AccountEvent } from '../web3-accounts/web3-account';
import { ClaimFacts, ClaimRequest, decideClaim } from './claim-decision';
import { DomainClaimEvent, domainClaimDecider } from './domain-claim';
import { Web3Name } from './names';

// Equivalent mutants:
// - `if (facts.registrationChain)` → `if (true)`: without a registration chain assertWritableChain(name, undefined)
//   finds no read-only chain and refuses nothing; the name is refused as NOT_AVAILABLE next all the same.

const at = 1_700_000_000_000;
const minute = 60_000;
const accountId = 'acc-1';
const wallet: Address = '0x1111111111111111111111111111111111111111';
const stranger: Address = '0x3333333333333333333333333333333333333333';
const service: Address = '0x5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e';
const web3Name = (label: string, tld = 'crypto'): Web3Name => ({
  name: `${label}.${tld}`,
  unicode: `${label}.${tld}`,
  label,
  tld,
});
const alice = web3Name('alice');
const domain = alice.name;
const records = { 'crypto.ETH.address': '0xabc' };
const price = { type: 'STANDARD', listPriceCents: 4000, subTotalCents: 4000 };

const request = (change: Partial<ClaimRequest> = {}): ClaimRequest => ({
  accountId,
  operationId: 'op-1',
  at,
  preview: false,
  name: alice,
  records,
  owner: undefined,
  dependencyId: 'bcd-1',
  transactionId: 'btx-1',
  ...change,
});
const facts = (change: Partial<ClaimFacts> = {}): ClaimFacts => ({
  registrationChain: 'MATIC',
  located: { blockchain: 'MATIC', owner: null },
  comingSoonTlds: ['x'],
  serviceAddress: service,
  creditLimitCents: 10_000,
  ...change,
});
const claiming = (requestChange: Partial<ClaimRequest> = {}, factsChange: Partial<ClaimFacts> = {}) => ({
  request: request(requestChange),
  facts: facts(factsChange),
});

const custodialWallet: Web3AccountEvent[] = [
  { type: 'CustodialWalletRequested', data: { accountId, dependencyId: 'bcd-w1', at: at - minute } },
  { type: 'CustodialWalletCreated', data: { accountId, dependencyId: 'bcd-w1', address: wallet, at: at - minute } },
  { type: 'DefaultWalletSet', data: { accountId, address: wallet, at: at - minute } },
];
const mint = (toAddress: Address = wallet, blockchain = 'MATIC') => ({
  id: 'bcd-1',
  type: 'MINT',
  parameters: { blockchain, name: domain, custody: 'SERVICE', toAddress, initialRecords: records, price },
});
const operation = decidedOperation({
  operationId: 'op-1',
  accountId,
  surface: 'web3',
  type: 'DOMAIN_CLAIM',
  domain,
  quote: [{ type: 'CHARGE', reason: 'DOMAIN_CLAIM', amountCents: 4000 }],
  at,
});
const requested = (change: Partial<OperationRequested['data']> = {}) => operation.requested([mint()], change);
const { started } = operation;
const claimRequested = (operationId = 'op-1', priceCents = 4000): DomainClaimEvent => ({
  type: 'ClaimRequested',
  data: { name: domain, operationId, accountId, priceCents, at },
});
const charged = (amountCents = 4000, transactionId = 'btx-1', operationId = 'op-1'): BillingEvent => ({
  type: 'ChargeRecorded',
  data: { accountId, transactionId, kind: 'DOMAIN_CLAIM', amountCents, operationId, domain, at },
});

describe('deciding a claim', () => {
  const given = decisionSpec(
    {
      account: web3AccountDecider,
      operation: operationDecider,
      activity: domainActivityDecider,
      claim: domainClaimDecider,
      billing: billingDecider,
    },
    ({ request: claim, facts: known }: { request: ClaimRequest; facts: ClaimFacts }, states) =>
      decideClaim(claim, known, states),
  );
  const withWallet = { account: custodialWallet };
  const unavailable = (status: string) =>
    ({
      code: 'NOT_AVAILABLE',
      message: exactly(`alice.crypto cannot be claimed: ${status}`),
      context: { availability: status },
    }) as const;
  const readOnly = {
    code: 'UNSUPPORTED_BLOCKCHAIN',
    message: exactly('alice.crypto is registered on ETH, which is read-only for now'),
    context: { blockchain: 'ETH' },
  } as const;
  const busy = {
    code: 'CONCURRENT_OPERATION',
    message: exactly('domain alice.crypto has an unfinished operation'),
    context: { domain },
  } as const;
  const beingClaimed = {
    code: 'NOT_AVAILABLE',
    message: exactly('alice.crypto is being claimed or returned'),
    context: { name: domain },
  } as const;
  const noWallet = {
    code: 'CUSTODY_REQUIRED',
    message: exactly('the account has no wallet yet: create one with POST /account/wallets, or name an owner'),
    context: {},
  } as const;

  describe('a claim', () => {
    it('mints the name to the default wallet, holds the name and the domain, and charges its price', () =>
      given(withWallet)
        .when(claiming())
        .then({ operation: [requested()], activity: [started()], claim: [claimRequested()], billing: [charged()] }));
    it('leaves the claim pending at its price, the balance owing it and the domain held', () =>
      given({ ...withWallet, billing: [charged(1500, 'btx-0', 'op-0')] })
        .when(claiming())
        .thenState({
          operation: {
            status: 'QUEUED',
            quote: [{ type: 'CHARGE', reason: 'DOMAIN_CLAIM', amountCents: 4000 }],
            dependencies: [{ id: 'bcd-1', status: 'QUEUED' }],
          },
          activity: { openOperationId: 'op-1', holderAccountId: accountId },
          claim: { status: 'PENDING', accountId, operationId: 'op-1', priceCents: 4000, claimedAt: at },
          billing: { balanceCents: 5500 },
        }));
    it('answers the operation it requested', () =>
      expect(
        decideClaim(request({ owner: { type: 'EXTERNAL', address: stranger } }), facts(), {
          account: web3AccountDecider.initialState(),
          operation: { status: 'NONE' },
          activity: domainActivityDecider.initialState(),
          claim: { status: 'NONE' },
          billing: { balanceCents: 0 },
        }).state,
      ).toMatchObject({ id: 'op-1', status: 'QUEUED', type: 'DOMAIN_CLAIM', domain, createdAt: at }));
    it('mints to the owner the claim names, even without a wallet of its own', () =>
      given()
        .when(claiming({ owner: { type: 'EXTERNAL', address: stranger } }))
        .then({
          operation: [requested({ dependencies: [mint(stranger)] })],
          activity: [started()],
          claim: [claimRequested()],
          billing: [charged()],
        }));
    it('charges the price of the name', () => {
      const bob = web3Name('bob');
      const bobMint = {
        id: 'bcd-1',
        type: 'MINT',
        parameters: {
          blockchain: 'MATIC',
          name: 'bob.crypto',
          custody: 'SERVICE',
          toAddress: wallet,
          initialRecords: records,
          price: { type: 'STANDARD', listPriceCents: 100_000, subTotalCents: 100_000 },
        },
      };
      given(withWallet)
        .when(claiming({ name: bob }, { creditLimitCents: 100_000 }))
        .then({
          operation: [
            requested({
              domain: 'bob.crypto',
              dependencies: [bobMint],
              quote: [{ type: 'CHARGE', reason: 'DOMAIN_CLAIM', amountCents: 100_000 }],
            }),
          ],
          activity: [
            { type: 'DomainOperationStarted', data: { domain: 'bob.crypto', operationId: 'op-1', accountId, at } },
          ],
          claim: [
            {
              type: 'ClaimRequested',
              data: { name: 'bob.crypto', operationId: 'op-1', accountId, priceCents: 100_000, at },
            },
          ],
          billing: [
            {
              type: 'ChargeRecorded',
              data: {
                accountId,
                transactionId: 'btx-1',
                kind: 'DOMAIN_CLAIM',
                amountCents: 100_000,
                operationId: 'op-1',
                domain: 'bob.crypto',
                at,
              },
            },
          ],
        });
    });
    it('mints on the chain its ending registers on', () =>
      given(withWallet)
        .when(claiming({}, { registrationChain: 'BASE', located: { blockchain: 'BASE', owner: null } }))
        .then({
          operation: [requested({ dependencies: [mint(wallet, 'BASE')] })],
          activity: [started()],
          claim: [claimRequested()],
          billing: [charged()],
        }));
    it('claims a name the service holds (returned, or minted ahead)', () =>
      given(withWallet)
        .when(claiming({}, { located: { blockchain: 'MATIC', owner: service } }))
        .then({ operation: [requested()], activity: [started()], claim: [claimRequested()], billing: [charged()] }));
    it('counts a name it did not look up as never minted', () =>
      given(withWallet)
        .when(claiming({}, { located: undefined }))
        .then({ operation: [requested()], activity: [started()], claim: [claimRequested()], billing: [charged()] }));
    it('claims a name again once its last claim failed or it was returned', () => {
      const earlier = { name: domain, operationId: 'op-0', at };
      given({ ...withWallet, claim: [claimRequested('op-0'), { type: 'ClaimAbandoned', data: earlier }] })
        .when(claiming())
        .then({ operation: [requested()], activity: [started()], claim: [claimRequested()], billing: [charged()] });
      given({
        ...withWallet,
        claim: [
          claimRequested('op-0'),
          { type: 'ClaimConfirmed', data: earlier },
          { type: 'ReturnRequested', data: { ...earlier, accountId } },
          { type: 'ReturnConfirmed', data: { ...earlier, creditCents: 4000 } },
        ],
      })
        .when(claiming({}, { located: { blockchain: 'MATIC', owner: service } }))
        .then({ operation: [requested()], activity: [started()], claim: [claimRequested()], billing: [charged()] });
    });
    it('charges up to the credit limit exactly', () =>
      given({ ...withWallet, billing: [charged(6000, 'btx-0', 'op-0')] })
        .when(claiming())
        .then({ operation: [requested()], activity: [started()], claim: [claimRequested()], billing: [charged()] }));
  });

  describe('its refusals, in their order', () => {
    it('refuses a name whose ending registers on a read-only chain, before it asks whether the name can be claimed', () => {
      given(withWallet)
        .when(claiming({}, { registrationChain: 'ETH', located: { blockchain: 'ETH', owner: null } }))
        .thenThrows(Refused, readOnly);
      given(withWallet)
        .when(claiming({}, { registrationChain: 'ETH', located: undefined }))
        .thenThrows(Refused, readOnly);
      given(withWallet)
        .when(
          claiming(
            { name: web3Name('scam') },
            { registrationChain: 'ETH', located: { blockchain: 'MATIC', owner: null } },
          ),
        )
        .thenThrows(Refused, {
          ...readOnly,
          message: exactly('scam.crypto is registered on ETH, which is read-only for now'),
        });
    });
    it('refuses a name minted on a read-only chain, even one someone else holds', () => {
      given(withWallet)
        .when(claiming({}, { located: { blockchain: 'ETH', owner: null } }))
        .thenThrows(Refused, readOnly);
      given(withWallet)
        .when(claiming({}, { located: { blockchain: 'ETH', owner: stranger } }))
        .thenThrows(Refused, readOnly);
    });
    it('refuses a name someone else holds', () =>
      given(withWallet)
        .when(claiming({}, { located: { blockchain: 'MATIC', owner: stranger } }))
        .thenThrows(Refused, unavailable('REGISTERED')));
    it('refuses a name under an ending coming soon', () =>
      given(withWallet)
        .when(claiming({ name: web3Name('alice', 'x') }, { registrationChain: undefined, located: undefined }))
        .thenThrows(Refused, {
          ...unavailable('COMING_SOON'),
          message: exactly('alice.x cannot be claimed: COMING_SOON'),
        }));
    it('refuses a name under an ending with no registration chain, whatever its availability says', () =>
      given(withWallet)
        .when(claiming({}, { registrationChain: undefined, located: undefined }))
        .thenThrows(Refused, unavailable('AVAILABLE')));
    it('refuses a disallowed, protected or reserved name', () => {
      const refusedAs = (label: string, status: string) =>
        given(withWallet)
          .when(claiming({ name: web3Name(label) }))
          .thenThrows(Refused, {
            code: 'NOT_AVAILABLE',
            message: exactly(`${label}.crypto cannot be claimed: ${status}`),
            context: { availability: status },
          });
      refusedAs('scam', 'DISALLOWED');
      refusedAs('google', 'PROTECTED');
      refusedAs('admin', 'RESERVED');
    });
    it('refuses a name that cannot be claimed before it looks for a wallet', () =>
      given()
        .when(claiming({}, { located: { blockchain: 'MATIC', owner: stranger } }))
        .thenThrows(Refused, unavailable('REGISTERED')));
    it('refuses a claim with no wallet to mint to', () => given().when(claiming()).thenThrows(Refused, noWallet));
    it('does not find a custodial wallet the account does not have', () =>
      given(withWallet)
        .when(claiming({ owner: { type: 'SELF', address: stranger } }))
        .thenThrows(Refused, {
          code: 'NOT_FOUND',
          message: exactly(`wallet ${stranger} is not a custodial wallet of this account`),
          context: { address: stranger },
        }));
    it('refuses a claim with no wallet to mint to before it looks at the domain', () =>
      given({ activity: [started('op-0', 'acc-2')] })
        .when(claiming())
        .thenThrows(Refused, noWallet));
    it('refuses a domain another operation holds, naming it only to its own account', () => {
      given({ ...withWallet, activity: [started('op-0', 'acc-2')] })
        .when(claiming())
        .thenThrows(ConcurrentOperation, busy);
      given({ ...withWallet, activity: [started('op-0')] })
        .when(claiming())
        .thenThrows(ConcurrentOperation, { ...busy, context: { domain, operationId: 'op-0' } });
    });
    it('refuses a busy domain before a pending claim of the name', () =>
      given({ ...withWallet, activity: [started('op-0', 'acc-2')], claim: [claimRequested('op-0')] })
        .when(claiming())
        .thenThrows(ConcurrentOperation, busy));
    it('refuses a name being claimed once the domain is free again', () =>
      given({
        ...withWallet,
        activity: [started('op-0'), { type: 'DomainOperationReleased', data: { domain, operationId: 'op-0', at } }],
        claim: [claimRequested('op-0')],
      })
        .when(claiming())
        .thenThrows(Refused, beingClaimed));
    it('refuses a name being claimed before it looks at the balance', () =>
      given({ ...withWallet, claim: [claimRequested('op-0')], billing: [charged(9000, 'btx-0', 'op-0')] })
        .when(claiming())
        .thenThrows(Refused, beingClaimed));
    it('refuses a charge one cent past the credit limit', () =>
      given({ ...withWallet, billing: [charged(6001, 'btx-0', 'op-0')] })
        .when(claiming())
        .thenThrows(Refused, pastCreditLimit(4000, 6001, 10_000)));
  });

  describe('a preview', () => {
    const preview = { preview: true };
    const previewed = requested({ preview: true, validUntil: at + 15 * minute });
    it('stores its operation alone, its quote valid for 15 minutes', () =>
      given(withWallet)
        .when(claiming(preview))
        .then({ operation: [previewed] }));
    it('holds nothing and charges nothing', () =>
      given({ ...withWallet, billing: [charged(1500, 'btx-0', 'op-0')] })
        .when(claiming(preview))
        .thenState({
          operation: {
            status: 'PREVIEW',
            validUntil: at + 15 * minute,
            dependencies: [{ id: 'bcd-1', status: 'PREVIEW' }],
          },
          activity: { openOperationId: null },
          claim: { status: 'NONE' },
          billing: { balanceCents: 1500 },
        }));
    it('is refused exactly like the claim', () => {
      given(withWallet)
        .when(claiming(preview, { located: { blockchain: 'ETH', owner: null } }))
        .thenThrows(Refused, readOnly);
      given(withWallet)
        .when(claiming(preview, { located: { blockchain: 'MATIC', owner: stranger } }))
        .thenThrows(Refused, unavailable('REGISTERED'));
      given().when(claiming(preview)).thenThrows(Refused, noWallet);
      given({ ...withWallet, activity: [started('op-0', 'acc-2')] })
        .when(claiming(preview))
        .thenThrows(ConcurrentOperation, busy);
      given({ ...withWallet, claim: [claimRequested('op-0')] })
        .when(claiming(preview))
        .thenThrows(Refused, beingClaimed);
      given({ ...withWallet, billing: [charged(6001, 'btx-0', 'op-0')] })
        .when(claiming(preview))
        .thenThrows(Refused, {
          code: 'INSUFFICIENT_BALANCE',
          message: /past its limit/,
          context: { balanceCents: 6001, limitCents: 10_000 },
        });
    });
  });
});
