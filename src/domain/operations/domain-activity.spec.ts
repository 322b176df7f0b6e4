import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { ConcurrentOperation } from '../shared/errors';
import { domainActivityDecider, DomainActivityEvent } from './domain-activity';

const at = 1_700_000_000_000;
const domain = 'fresh.com';
const started = (operationId: string, accountId = 'acc-1'): DomainActivityEvent => ({
  type: 'DomainOperationStarted',
  data: { domain, operationId, accountId, at },
});
const released = (operationId: string): DomainActivityEvent => ({
  type: 'DomainOperationReleased',
  data: { domain, operationId, at },
});
const claim = (operationId: string, accountId = 'acc-1') => ({
  type: 'ClaimDomain' as const,
  data: { domain, operationId, accountId, at },
});
const release = (operationId: string) => ({ type: 'ReleaseDomain' as const, data: { domain, operationId, at } });

describe('the activity of a domain', () => {
  const given = deciderSpec(domainActivityDecider);

  it('is held by no operation at first', () => given().thenState({ openOperationId: null, holderAccountId: null }));

  it('is held by the operation that claims it, for its account', () => {
    given().when(claim('op-1')).then(started('op-1'));
    given().when(claim('op-1')).thenState({ openOperationId: 'op-1', holderAccountId: 'acc-1' });
  });

  it('says nothing when its operation claims it again', () => given(started('op-1')).when(claim('op-1')).thenNothing());

  it('refuses another operation while one holds it, naming the holder to its own account only', () => {
    given(started('op-1'))
      .when(claim('op-2', 'acc-2'))
      .thenThrows(ConcurrentOperation, {
        code: 'CONCURRENT_OPERATION',
        message: /^domain fresh\.com has an unfinished operation$/,
        context: { domain },
      });
    given(started('op-1'))
      .when(claim('op-2'))
      .thenThrows(ConcurrentOperation, { context: { domain, operationId: 'op-1' } });
  });

  it('is given back by its operation, and then taken by the next', () => {
    given(started('op-1')).when(release('op-1')).then(released('op-1'));
    given(started('op-1'), released('op-1')).thenState({ openOperationId: null, holderAccountId: null });
    given(started('op-1'), released('op-1')).when(claim('op-2', 'acc-2')).then(started('op-2', 'acc-2'));
  });

  it('is given back by no other operation, nor twice', () => {
    given(started('op-1')).when(release('op-2')).thenNothing();
    given(started('op-1'), released('op-1')).when(release('op-1')).thenNothing();
    given().when(release('op-1')).thenNothing();
  });

  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'TransferDomainActivity', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(domainActivityDecider, [{ type: 'DomainActivityMoved', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });
});
