import { deciderSpec } from '../../../test/support/decider-spec';
import { Refused } from '../shared/errors';
import { ClaimConfirmed, ClaimRequested, domainClaimDecider, ReturnRequested } from './domain-claim';

const at = 1_700_000_000_000;
const day = 86_400_000;
const name = 'alice.crypto';

describe('domain claim decider', () => {
  const given = deciderSpec(domainClaimDecider);
  const requested: ClaimRequested = { type: 'ClaimRequested', data: { name, operationId: 'op-1', accountId: 'acc-1', priceCents: 4000, at } };
  const confirmed: ClaimConfirmed = { type: 'ClaimConfirmed', data: { name, operationId: 'op-1', at } };
  const returning: ReturnRequested = { type: 'ReturnRequested', data: { name, operationId: 'op-2', accountId: 'acc-1', at: at + day } };
  const returnWindowMs = 14 * day;

  it('refuses a second claim while one is pending', () =>
    given(requested).when({ type: 'RequestClaim', data: { ...requested.data, operationId: 'op-9', accountId: 'acc-2' } }).thenThrows(Refused, /being claimed/));
  it('settles a claim once', () => given(requested, confirmed).when({ type: 'FinishClaim', data: { name, operationId: 'op-1', at, succeeded: true } }).thenNothing());
  it('frees the name when the claim fails', () =>
    given(requested).when({ type: 'FinishClaim', data: { name, operationId: 'op-1', at, succeeded: false } }).then({ type: 'ClaimAbandoned', data: { name, operationId: 'op-1', at } }));
  it('returns within the window', () =>
    given(requested, confirmed).when({ type: 'RequestReturn', data: { name, operationId: 'op-2', accountId: 'acc-1', at: at + day, returnWindowMs } }).then(returning));
  it('refuses a return after the window', () =>
    given(requested, confirmed).when({ type: 'RequestReturn', data: { name, operationId: 'op-2', accountId: 'acc-1', at: at + 15 * day, returnWindowMs } }).thenThrows(Refused, /within 14 days/));
  it('refuses a return by another account', () =>
    given(requested, confirmed).when({ type: 'RequestReturn', data: { name, operationId: 'op-2', accountId: 'acc-2', at, returnWindowMs } }).thenThrows(Refused));
  it('credits the price the claim was charged', () =>
    given(requested, confirmed, returning).when({ type: 'FinishReturn', data: { name, operationId: 'op-2', at, succeeded: true } })
      .then({ type: 'ReturnConfirmed', data: { name, operationId: 'op-2', at, creditCents: 4000 } }));
  it('lets a returned name be claimed again', () =>
    given(requested, confirmed, returning, { type: 'ReturnConfirmed', data: { name, operationId: 'op-2', at, creditCents: 4000 } })
      .when({ type: 'RequestClaim', data: { ...requested.data, operationId: 'op-3' } }).then({ type: 'ClaimRequested', data: { ...requested.data, operationId: 'op-3' } }));
});
