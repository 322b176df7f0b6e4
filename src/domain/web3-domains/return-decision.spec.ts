import { decidedOperation } from '../../../test/support/operation-events';
import { decisionSpec, exactly } from '../../../test/support/decision-spec';
import { Address } from '../chains/blockchain';
import { DomainActivityEvent, domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { OperationRequested } from '../operations/operation.events';
import { ConcurrentOperation, Refused } from '../shared/errors';
import { web3AccountDecider, Web3AccountEvent } from '../web3-accounts/web3-account';
import { HeldDomain } from './custody';
import { DomainClaimEvent, domainClaimDecider } from './domain-claim';
import { decideReturn, ReturnRequest } from './return-decision';

const claimedAt = 1_700_000_000_000;
const minute = 60_000;
const day = 86_400_000;
const returnWindowMs = 14 * day;
const at = claimedAt + day;
const accountId = 'acc-1';
const name = 'alice.crypto';
const wallet: Address = '0x1111111111111111111111111111111111111111';
const selfCustody: Address = '0x2222222222222222222222222222222222222222';
const stranger: Address = '0x3333333333333333333333333333333333333333';

const account: Web3AccountEvent[] = [
  { type: 'CustodialWalletRequested', data: { accountId, dependencyId: 'bcd-w1', at: claimedAt } },
  { type: 'CustodialWalletCreated', data: { accountId, dependencyId: 'bcd-w1', address: wallet, at: claimedAt } },
  {
    type: 'ExternalWalletVerified',
    data: { accountId, address: selfCustody, method: 'EOA', operationId: 'op-v', at: claimedAt },
  },
];
const claimed = (priceCents = 4000, confirmedAt = claimedAt, claimant = accountId): DomainClaimEvent[] => [
  {
    type: 'ClaimRequested',
    data: { name, operationId: 'op-1', accountId: claimant, priceCents, at: claimedAt - minute },
  },
  { type: 'ClaimConfirmed', data: { name, operationId: 'op-1', at: confirmedAt } },
];
const operation = decidedOperation({
  operationId: 'op-2',
  accountId,
  surface: 'web3',
  type: 'DOMAIN_RETURN',
  domain: name,
  quote: [{ type: 'CREDIT', reason: 'DOMAIN_RETURN', amountCents: 4000 }],
  at,
});
const started = (operationId: string, holder = accountId, when = at) => operation.started(operationId, holder, when);
const claimFinished: DomainActivityEvent[] = [
  started('op-1'),
  { type: 'DomainOperationReleased', data: { domain: name, operationId: 'op-1', at: claimedAt } },
];

const request = (change: Partial<ReturnRequest> = {}): ReturnRequest => ({
  accountId,
  operationId: 'op-2',
  at,
  preview: false,
  dependencyId: 'bcd-2',
  returnWindowMs,
  ...change,
});
const heldBy = (owner: Address): HeldDomain => ({
  name,
  blockchain: 'MATIC',
  owner,
  records: { 'crypto.ETH.address': '0xabc' },
});
const returning = (change: Partial<ReturnRequest> = {}, owner: Address = wallet) => ({
  request: request(change),
  domain: heldBy(owner),
});

const giveBack = {
  id: 'bcd-2',
  type: 'RETURN',
  parameters: { blockchain: 'MATIC', name, custody: 'SERVICE', ownerAddress: wallet },
};
const requested = (change: Partial<OperationRequested['data']> = {}) => operation.requested([giveBack], change);
const returnRequested = (when = at): DomainClaimEvent => ({
  type: 'ReturnRequested',
  data: { name, operationId: 'op-2', accountId, at: when },
});

describe('deciding a return', () => {
  const given = decisionSpec(
    {
      account: web3AccountDecider,
      operation: operationDecider,
      activity: domainActivityDecider,
      claim: domainClaimDecider,
    },
    ({ request: ask, domain }: { request: ReturnRequest; domain: HeldDomain }, states) =>
      decideReturn(ask, domain, states),
  );
  const claimedByAccount = { account, claim: claimed(), activity: claimFinished };
  const notHeld = {
    code: 'FORBIDDEN',
    message: exactly('alice.crypto was not claimed by this account, or is not held since its claim'),
    context: { name },
  } as const;
  const tooLate = {
    code: 'FORBIDDEN',
    message: exactly('alice.crypto can be returned only within 14 days of its claim'),
    context: { name, claimedAt },
  } as const;
  const busy = {
    code: 'CONCURRENT_OPERATION',
    message: exactly('domain alice.crypto has an unfinished operation'),
    context: { domain: name, operationId: 'op-9' },
  } as const;

  describe('a return', () => {
    it('gives the name back from its custodial wallet, quoting the price it was claimed at as a credit', () =>
      given(claimedByAccount)
        .when(returning())
        .then({ operation: [requested()], activity: [started('op-2')], claim: [returnRequested()] }));
    it('holds the name and the domain for the return while it runs', () =>
      given(claimedByAccount)
        .when(returning())
        .thenState({
          operation: { status: 'QUEUED', quote: [{ type: 'CREDIT', reason: 'DOMAIN_RETURN', amountCents: 4000 }] },
          activity: { openOperationId: 'op-2', holderAccountId: accountId },
          claim: { status: 'RETURNING', operationId: 'op-2', accountId, priceCents: 4000 },
        }));
    it('credits whatever the name was claimed at', () =>
      given({ ...claimedByAccount, claim: claimed(100_000) })
        .when(returning())
        .then({
          operation: [requested({ quote: [{ type: 'CREDIT', reason: 'DOMAIN_RETURN', amountCents: 100_000 }] })],
          activity: [started('op-2')],
          claim: [returnRequested()],
        }));
    it('returns at the window’s very end, counted from the claim’s confirmation', () => {
      given(claimedByAccount)
        .when(returning({ at: claimedAt + returnWindowMs }))
        .then({
          operation: [requested({ at: claimedAt + returnWindowMs })],
          activity: [started('op-2', accountId, claimedAt + returnWindowMs)],
          claim: [returnRequested(claimedAt + returnWindowMs)],
        });
      given({ ...claimedByAccount, claim: claimed(4000, claimedAt + minute) })
        .when(returning({ at: claimedAt + minute + returnWindowMs }))
        .thenState({ claim: { status: 'RETURNING' } });
    });
  });

  describe('its refusals, in their order', () => {
    it('sends a self-custody domain to its own route, before it looks at the claim', () =>
      given({ account })
        .when(returning({}, selfCustody))
        .thenThrows(Refused, {
          code: 'CUSTODY_REQUIRED',
          message: exactly(
            'alice.crypto is held by a self-custody wallet: change it through /external/domains/alice.crypto',
          ),
          context: { owner: selfCustody },
        }));
    it('refuses a domain no wallet of the account holds, before it looks at the claim', () =>
      given({ account })
        .when(returning({}, stranger))
        .thenThrows(Refused, {
          code: 'FORBIDDEN',
          message: exactly('alice.crypto is not held by a wallet of this account'),
          context: {},
        }));
    it('refuses a name this account did not claim', () => {
      given({ account }).when(returning()).thenThrows(Refused, notHeld);
      given({ ...claimedByAccount, claim: claimed(4000, claimedAt, 'acc-2') })
        .when(returning())
        .thenThrows(Refused, notHeld);
    });
    it('refuses a name whose claim is still running', () =>
      given({ account, claim: claimed().slice(0, 1) })
        .when(returning())
        .thenThrows(Refused, notHeld));
    it('refuses a return one ms after the window', () =>
      given(claimedByAccount)
        .when(returning({ at: claimedAt + returnWindowMs + 1 }))
        .thenThrows(Refused, tooLate));
    it('refuses a second return while one runs as a name no longer held, before it looks at the domain', () =>
      given({ account, claim: [...claimed(), returnRequested()], activity: [...claimFinished, started('op-2')] })
        .when(returning({ operationId: 'op-3' }))
        .thenThrows(Refused, notHeld));
    it('refuses a return after the window before it looks at the domain', () =>
      given({ ...claimedByAccount, activity: [...claimFinished, started('op-9')] })
        .when(returning({ at: claimedAt + returnWindowMs + 1 }))
        .thenThrows(Refused, tooLate));
    it('refuses a domain another operation holds', () =>
      given({ ...claimedByAccount, activity: [...claimFinished, started('op-9')] })
        .when(returning())
        .thenThrows(ConcurrentOperation, busy));
  });

  describe('a preview', () => {
    const previewed = requested({ preview: true, validUntil: at + 15 * minute });
    it('stores its operation alone, its quote valid for 15 minutes', () =>
      given(claimedByAccount)
        .when(returning({ preview: true }))
        .then({ operation: [previewed] }));
    it('leaves the name claimed and the domain free', () =>
      given(claimedByAccount)
        .when(returning({ preview: true }))
        .thenState({
          operation: { status: 'PREVIEW' },
          activity: { openOperationId: null },
          claim: { status: 'CLAIMED', operationId: 'op-1' },
        }));
    it('is refused exactly like the return', () => {
      given({ account })
        .when(returning({ preview: true }, stranger))
        .thenThrows(Refused, { code: 'FORBIDDEN', message: /not held by a wallet of this account/, context: {} });
      given({ account })
        .when(returning({ preview: true }))
        .thenThrows(Refused, notHeld);
      given(claimedByAccount)
        .when(returning({ preview: true, at: claimedAt + returnWindowMs + 1 }))
        .thenThrows(Refused, tooLate);
      given({ ...claimedByAccount, activity: [...claimFinished, started('op-9')] })
        .when(returning({ preview: true }))
        .thenThrows(ConcurrentOperation, busy);
    });
  });
});
