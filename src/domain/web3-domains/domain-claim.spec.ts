import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { Refused } from '../shared/errors';
import {
  ClaimConfirmed,
  ClaimRequested,
  DomainClaimCommand,
  domainClaimDecider,
  ReturnConfirmed,
  ReturnRequested,
} from './domain-claim';

// Equivalent mutants: the guards in evolve (`claim.status === 'PENDING' ?` for ClaimConfirmed, `=== 'CLAIMED' ?` for
// ReturnRequested, `=== 'RETURNING' ?` for ReturnAbandoned): the decider records each of these events only from that
// very status, so the other branch is never taken.

const at = 1_700_000_000_000;
const hour = 3_600_000;
const day = 86_400_000;
const name = 'alice.crypto';

describe('domain claim decider', () => {
  const given = deciderSpec(domainClaimDecider);
  const requested: ClaimRequested = {
    type: 'ClaimRequested',
    data: { name, operationId: 'op-1', accountId: 'acc-1', priceCents: 4000, at },
  };
  const confirmed: ClaimConfirmed = { type: 'ClaimConfirmed', data: { name, operationId: 'op-1', at } };
  const returning: ReturnRequested = {
    type: 'ReturnRequested',
    data: { name, operationId: 'op-2', accountId: 'acc-1', at: at + day },
  };
  const returned: ReturnConfirmed = {
    type: 'ReturnConfirmed',
    data: { name, operationId: 'op-2', at, creditCents: 4000 },
  };
  const returnWindowMs = 14 * day;
  const requestReturn = (when: number, accountId = 'acc-1'): DomainClaimCommand => ({
    type: 'RequestReturn',
    data: { name, operationId: 'op-2', accountId, at: when, returnWindowMs },
  });
  const finishClaim = (operationId: string, succeeded: boolean): DomainClaimCommand => ({
    type: 'FinishClaim',
    data: { name, operationId, at, succeeded },
  });
  const finishReturn = (operationId: string, succeeded: boolean): DomainClaimCommand => ({
    type: 'FinishReturn',
    data: { name, operationId, at, succeeded },
  });
  const notHeld = {
    code: 'FORBIDDEN',
    message: /alice.crypto was not claimed by this account, or is not held since its claim/,
    context: { name },
  } as const;

  describe('RequestClaim', () => {
    it('claims a name nobody holds', () =>
      given().when({ type: 'RequestClaim', data: requested.data }).then(requested));
    it('holds the name for the claiming account at its price while the claim runs', () =>
      given()
        .when({ type: 'RequestClaim', data: requested.data })
        .thenState({ status: 'PENDING', accountId: 'acc-1', operationId: 'op-1', priceCents: 4000, claimedAt: at }));
    it('refuses a second claim while one is pending', () =>
      given(requested)
        .when({ type: 'RequestClaim', data: { ...requested.data, operationId: 'op-9', accountId: 'acc-2' } })
        .thenThrows(Refused, {
          code: 'NOT_AVAILABLE',
          message: /alice.crypto is being claimed or returned/,
          context: { name },
        }));
    it('refuses a claim while a return is in progress', () =>
      given(requested, confirmed, returning)
        .when({ type: 'RequestClaim', data: { ...requested.data, operationId: 'op-9', accountId: 'acc-2' } })
        .thenThrows(Refused, { code: 'NOT_AVAILABLE' }));
    it('lets a returned name be claimed again', () =>
      given(requested, confirmed, returning, returned)
        .when({ type: 'RequestClaim', data: { ...requested.data, operationId: 'op-3' } })
        .then({ type: 'ClaimRequested', data: { ...requested.data, operationId: 'op-3' } }));
    it('lets a name be claimed again once a claim of it failed', () =>
      given(requested, { type: 'ClaimAbandoned', data: { name, operationId: 'op-1', at } })
        .when({ type: 'RequestClaim', data: { ...requested.data, operationId: 'op-3', accountId: 'acc-2' } })
        .then({ type: 'ClaimRequested', data: { ...requested.data, operationId: 'op-3', accountId: 'acc-2' } }));
  });

  describe('FinishClaim', () => {
    it('confirms a claim that succeeded', () => given(requested).when(finishClaim('op-1', true)).then(confirmed));
    it('holds the name from the moment the claim is confirmed', () =>
      given(requested)
        .when({ type: 'FinishClaim', data: { name, operationId: 'op-1', at: at + hour, succeeded: true } })
        .thenState({ status: 'CLAIMED', accountId: 'acc-1', claimedAt: at + hour }));
    it('settles a claim once', () => given(requested, confirmed).when(finishClaim('op-1', true)).thenNothing());
    it('frees the name when the claim fails', () =>
      given(requested)
        .when(finishClaim('op-1', false))
        .then({ type: 'ClaimAbandoned', data: { name, operationId: 'op-1', at } }));
    it('holds nothing once the claim failed', () =>
      given(requested).when(finishClaim('op-1', false)).thenState({ status: 'NONE' }));
    it('ignores the end of another operation', () => given(requested).when(finishClaim('op-9', true)).thenNothing());
  });

  describe('RequestReturn', () => {
    it('returns within the window', () =>
      given(requested, confirmed)
        .when(requestReturn(at + day))
        .then(returning));
    it('returns at the window’s very end', () =>
      given(requested, confirmed)
        .when(requestReturn(at + returnWindowMs))
        .then({ ...returning, data: { ...returning.data, at: at + returnWindowMs } }));
    it('counts the window from the claim’s confirmation, not its request', () =>
      given(requested, { ...confirmed, data: { ...confirmed.data, at: at + hour } })
        .when(requestReturn(at + hour + returnWindowMs))
        .then({ ...returning, data: { ...returning.data, at: at + hour + returnWindowMs } }));
    it('holds the name for the return operation while it runs', () =>
      given(requested, confirmed)
        .when(requestReturn(at + day))
        .thenState({ status: 'RETURNING', operationId: 'op-2', accountId: 'acc-1', priceCents: 4000 }));
    it('refuses a return after the window', () =>
      given(requested, confirmed)
        .when(requestReturn(at + returnWindowMs + 1))
        .thenThrows(Refused, {
          code: 'FORBIDDEN',
          message: /alice.crypto can be returned only within 14 days of its claim/,
          context: { name, claimedAt: at },
        }));
    it('refuses a return by another account', () =>
      given(requested, confirmed).when(requestReturn(at, 'acc-2')).thenThrows(Refused, notHeld));
    it('refuses a return while the claim is still running', () =>
      given(requested).when(requestReturn(at)).thenThrows(Refused, notHeld));
    it('refuses a return of a name returned already', () =>
      given(requested, confirmed, returning, returned)
        .when(requestReturn(at + day))
        .thenThrows(Refused, notHeld));
  });

  describe('FinishReturn', () => {
    it('credits the price the claim was charged', () =>
      given(requested, confirmed, returning).when(finishReturn('op-2', true)).then(returned));
    it('holds nothing once returned', () =>
      given(requested, confirmed, returning).when(finishReturn('op-2', true)).thenState({ status: 'RETURNED' }));
    it('keeps the name claimed when the return fails', () =>
      given(requested, confirmed, returning)
        .when(finishReturn('op-2', false))
        .then({ type: 'ReturnAbandoned', data: { name, operationId: 'op-2', at } }));
    it('lets the owner return it again after a failed return, within the window', () =>
      given(requested, confirmed, returning, { type: 'ReturnAbandoned', data: { name, operationId: 'op-2', at } })
        .when({
          type: 'RequestReturn',
          data: { name, operationId: 'op-3', accountId: 'acc-1', at: at + 2 * day, returnWindowMs },
        })
        .then({ type: 'ReturnRequested', data: { name, operationId: 'op-3', accountId: 'acc-1', at: at + 2 * day } }));
    it('ignores the end of another operation, the claim’s own above all', () => {
      given(requested, confirmed, returning).when(finishReturn('op-1', true)).thenNothing();
      given(requested, confirmed).when(finishReturn('op-2', true)).thenNothing();
    });
    it('credits nothing when a failed return is told again to have succeeded', () =>
      given(requested, confirmed, returning, { type: 'ReturnAbandoned', data: { name, operationId: 'op-2', at } })
        .when(finishReturn('op-2', true))
        .thenNothing());
  });

  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'TransferClaim', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(domainClaimDecider, [{ type: 'ClaimTransferred', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });
});
