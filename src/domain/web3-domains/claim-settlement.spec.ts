import { decisionSpec } from '../../../test/support/decision-spec';
import { billingDecider, BillingEvent } from '../billing/billing-account';
import { existing, ExistingOperation } from '../operations/operation';
import { operationDecider } from '../operations/operation.decider';
import { OperationEvent, OperationRequested } from '../operations/operation.events';
import { fold } from '../shared/decider';
import { settleClaim, settlesClaim } from './claim-settlement';
import { DomainClaimEvent, domainClaimDecider } from './domain-claim';

const at = 1_700_000_000_000;
const claimedAt = at - 86_400_000;
const accountId = 'acc-1';
const name = 'alice.crypto';

const requested = (operationId: string, change: Partial<OperationRequested['data']> = {}): OperationEvent => ({
  type: 'OperationRequested',
  data: {
    operationId,
    accountId,
    surface: 'web3',
    type: 'DOMAIN_CLAIM',
    domain: name,
    preview: false,
    validUntil: null,
    dependencies: [{ id: 'bcd-1', type: 'MINT', parameters: {} }],
    quote: [],
    at: claimedAt,
    ...change,
  },
});
const ran = (operationId: string, type: string, outcome: 'COMPLETED' | 'FAILED' | 'CANCELLED'): OperationEvent[] => {
  const ended: Record<typeof outcome, OperationEvent[]> = {
    COMPLETED: [{ type: 'DependencyCompleted', data: { operationId, dependencyId: 'bcd-1', result: {}, at } }],
    FAILED: [
      {
        type: 'DependencyFailed',
        data: { operationId, dependencyId: 'bcd-1', error: { code: 'CHAIN', message: 'reverted' }, at },
      },
    ],
    CANCELLED: [],
  };
  const started: OperationEvent[] =
    outcome === 'CANCELLED' ? [] : [{ type: 'DependencyStarted', data: { operationId, dependencyId: 'bcd-1', at } }];
  return [
    requested(operationId, { type }),
    ...started,
    ...ended[outcome],
    { type: 'OperationFinished', data: { operationId, status: outcome, at } },
  ];
};
const claimRan = (outcome: 'COMPLETED' | 'FAILED' | 'CANCELLED') => ran('op-1', 'DOMAIN_CLAIM', outcome);
const returnRan = (outcome: 'COMPLETED' | 'FAILED') => ran('op-2', 'DOMAIN_RETURN', outcome);

const claimRequested = (priceCents = 4000): DomainClaimEvent => ({
  type: 'ClaimRequested',
  data: { name, operationId: 'op-1', accountId, priceCents, at: claimedAt },
});
const claimConfirmed: DomainClaimEvent = { type: 'ClaimConfirmed', data: { name, operationId: 'op-1', at } };
const claimAbandoned: DomainClaimEvent = { type: 'ClaimAbandoned', data: { name, operationId: 'op-1', at } };
const returnRequested: DomainClaimEvent = {
  type: 'ReturnRequested',
  data: { name, operationId: 'op-2', accountId, at },
};
const returnConfirmed = (creditCents = 4000): DomainClaimEvent => ({
  type: 'ReturnConfirmed',
  data: { name, operationId: 'op-2', at, creditCents },
});
const charged = (amountCents = 4000): BillingEvent => ({
  type: 'ChargeRecorded',
  data: {
    accountId,
    transactionId: 'btx-1',
    kind: 'DOMAIN_CLAIM',
    amountCents,
    operationId: 'op-1',
    domain: name,
    at: claimedAt,
  },
});
const credited = (kind: 'CLAIM_REFUND' | 'DOMAIN_RETURN', operationId: string, amountCents = 4000): BillingEvent => ({
  type: 'CreditRecorded',
  data: { accountId, transactionId: 'btx-2', kind, amountCents, operationId, domain: name, at },
});

describe('settlesClaim', () => {
  const finished = (change: Partial<OperationRequested['data']>): ExistingOperation =>
    existing(fold(operationDecider, [requested('op-1', change)]));
  it('settles the claims and returns of surface C', () => {
    expect(settlesClaim(finished({ type: 'DOMAIN_CLAIM' }))).toBe(true);
    expect(settlesClaim(finished({ type: 'DOMAIN_RETURN' }))).toBe(true);
  });
  it('settles nothing else', () => {
    expect(settlesClaim(finished({ type: 'DOMAIN_UPDATE' }))).toBe(false);
    expect(settlesClaim(finished({ surface: 'reseller' }))).toBe(false);
    expect(settlesClaim(finished({ domain: null }))).toBe(false);
  });
});

describe('settling a claim', () => {
  // as the settlement runs: the credit it decides is recorded on the account's billing stream
  const given = decisionSpec(
    { operation: operationDecider, claim: domainClaimDecider, billing: billingDecider },
    (_: 'settle', { operation, claim, billing }) => {
      const settled = settleClaim(existing(operation) as ExistingOperation & { domain: string }, claim, 'btx-2', at);
      return {
        claim: settled.claim,
        billing: settled.credit ? billingDecider.decide({ type: 'RecordCredit', data: settled.credit }, billing) : [],
      };
    },
  );

  describe('its claim', () => {
    it('is confirmed when the claim completed, and its charge stands', () =>
      given({ operation: claimRan('COMPLETED'), claim: [claimRequested()], billing: [charged()] })
        .when('settle')
        .then({ claim: [claimConfirmed] }));
    it('is held from its confirmation', () =>
      given({ operation: claimRan('COMPLETED'), claim: [claimRequested()], billing: [charged()] })
        .when('settle')
        .thenState({ claim: { status: 'CLAIMED', claimedAt: at, priceCents: 4000 }, billing: { balanceCents: 4000 } }));
    it('is abandoned when the claim failed, its charge refunded', () =>
      given({ operation: claimRan('FAILED'), claim: [claimRequested()], billing: [charged()] })
        .when('settle')
        .then({ claim: [claimAbandoned], billing: [credited('CLAIM_REFUND', 'op-1')] }));
    it('is abandoned when the claim was cancelled, its charge refunded', () =>
      given({ operation: claimRan('CANCELLED'), claim: [claimRequested()], billing: [charged()] })
        .when('settle')
        .then({ claim: [claimAbandoned], billing: [credited('CLAIM_REFUND', 'op-1')] }));
    it('refunds the price the claim was charged, leaving the name free and the account owing nothing', () =>
      given({ operation: claimRan('FAILED'), claim: [claimRequested(12_345)], billing: [charged(12_345)] })
        .when('settle')
        .thenState({ claim: { status: 'NONE' }, billing: { balanceCents: 0 } }));
    it('is settled once, whatever told it twice', () => {
      given({ operation: claimRan('COMPLETED'), claim: [claimRequested(), claimConfirmed], billing: [charged()] })
        .when('settle')
        .then({});
      given({
        operation: claimRan('FAILED'),
        claim: [claimRequested(), claimAbandoned],
        billing: [charged(), credited('CLAIM_REFUND', 'op-1')],
      })
        .when('settle')
        .then({});
    });
  });

  describe('its return', () => {
    const returning = [claimRequested(), claimConfirmed, returnRequested];
    it('is confirmed when the return completed, crediting the price the name was claimed at', () =>
      given({ operation: returnRan('COMPLETED'), claim: returning, billing: [charged()] })
        .when('settle')
        .then({ claim: [returnConfirmed()], billing: [credited('DOMAIN_RETURN', 'op-2')] }));
    it('leaves the name returned and the account owing nothing', () =>
      given({
        operation: returnRan('COMPLETED'),
        claim: [claimRequested(12_345), claimConfirmed, returnRequested],
        billing: [charged(12_345)],
      })
        .when('settle')
        .thenState({ claim: { status: 'RETURNED' }, billing: { balanceCents: 0 } }));
    it('is abandoned when the return failed, crediting nothing', () =>
      given({ operation: returnRan('FAILED'), claim: returning, billing: [charged()] })
        .when('settle')
        .then({ claim: [{ type: 'ReturnAbandoned', data: { name, operationId: 'op-2', at } }] }));
    it('leaves the name claimed when the return failed', () =>
      given({ operation: returnRan('FAILED'), claim: returning, billing: [charged()] })
        .when('settle')
        .thenState({
          claim: { status: 'CLAIMED', accountId, priceCents: 4000, claimedAt: at },
          billing: { balanceCents: 4000 },
        }));
    it('is settled once, whatever told it twice', () =>
      given({
        operation: returnRan('COMPLETED'),
        claim: [...returning, returnConfirmed()],
        billing: [charged(), credited('DOMAIN_RETURN', 'op-2')],
      })
        .when('settle')
        .then({}));
  });
});
