import { decisionSpec } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { ConcurrentOperation, IllegalTransition } from '../shared/errors';
import { DomainActivityEvent, domainActivityDecider } from './domain-activity';
import { operationDecider } from './operation.decider';
import { OperationEvent, OperationRequested } from './operation.events';
import { requestOperation } from './operation-request';

const at = 1_700_000_000_000;
const domain = 'alice.crypto';
const update = { id: 'bcd-1', type: 'UPDATE_RECORDS', parameters: { name: domain } };

const request = (change: Partial<OperationRequested['data']> = {}): OperationRequested['data'] => ({
  operationId: 'op-1',
  accountId: 'acc-1',
  surface: 'web3',
  type: 'DOMAIN_UPDATE',
  domain,
  preview: false,
  validUntil: null,
  dependencies: [update],
  quote: [],
  at,
  ...change,
});
const requested = (change: Partial<OperationRequested['data']> = {}): OperationEvent => ({
  type: 'OperationRequested',
  data: request(change),
});
const finished: OperationEvent = { type: 'OperationFinished', data: { operationId: 'op-1', status: 'COMPLETED', at } };
const started = (operationId: string, accountId: string, when = at): DomainActivityEvent => ({
  type: 'DomainOperationStarted',
  data: { domain, operationId, accountId, at: when },
});
const released = (operationId: string, when = at): DomainActivityEvent => ({
  type: 'DomainOperationReleased',
  data: { domain, operationId, at: when },
});

describe('requesting an operation', () => {
  const given = decisionSpec(
    { operation: operationDecider, activity: domainActivityDecider },
    (data: OperationRequested['data'], { operation, activity }) => requestOperation(data, operation, activity),
  );
  const busy = {
    code: 'CONCURRENT_OPERATION',
    message: /^domain alice.crypto has an unfinished operation$/,
    context: { domain },
  } as const;

  it('requests the operation and holds its domain for it', () =>
    given()
      .when(request())
      .then({ operation: [requested()], activity: [started('op-1', 'acc-1')] }));
  it('holds the domain for the requesting account while the operation is queued', () =>
    given()
      .when(request())
      .thenState({
        operation: { status: 'QUEUED', id: 'op-1' },
        activity: { openOperationId: 'op-1', holderAccountId: 'acc-1' },
      }));
  it('answers the operation as the request leaves it', () => {
    expect(requestOperation(request(), { status: 'NONE' }).state).toEqual(fold(operationDecider, [requested()]));
    expect(requestOperation(request({ dependencies: [] }), { status: 'NONE' }).state).toEqual(
      fold(operationDecider, [requested({ dependencies: [] }), finished]),
    );
  });
  it('takes a domain whose last operation gave it back', () =>
    given({ activity: [started('op-0', 'acc-2', at - 1000), released('op-0', at - 500)] })
      .when(request())
      .then({ operation: [requested()], activity: [started('op-1', 'acc-1')] }));
  it('takes a domain nobody has touched when the caller loaded no activity for it', () =>
    expect(requestOperation(request(), { status: 'NONE' })).toEqual({
      operation: [requested()],
      activity: [started('op-1', 'acc-1')],
      state: fold(operationDecider, [requested()]),
    }));

  describe('an operation with nothing to do', () => {
    it('finishes at once and gives its domain back at the same moment', () =>
      given()
        .when(request({ dependencies: [] }))
        .then({
          operation: [requested({ dependencies: [] }), finished],
          activity: [started('op-1', 'acc-1'), released('op-1')],
        }));
    it('leaves the domain free', () =>
      given()
        .when(request({ dependencies: [] }))
        .thenState({ operation: { status: 'COMPLETED' }, activity: { openOperationId: null, holderAccountId: null } }));
  });

  describe('a domain another unfinished operation holds', () => {
    it('refuses the operation without naming the holder to another account', () =>
      given({ activity: [started('op-0', 'acc-2')] })
        .when(request())
        .thenThrows(ConcurrentOperation, busy));
    it('names the holder to its own account', () =>
      given({ activity: [started('op-0', 'acc-1')] })
        .when(request())
        .thenThrows(ConcurrentOperation, { ...busy, context: { domain, operationId: 'op-0' } }));
    it('refuses even an operation with nothing to do', () =>
      given({ activity: [started('op-0', 'acc-2')] })
        .when(request({ dependencies: [] }))
        .thenThrows(ConcurrentOperation, busy));
    it('refuses a preview exactly like the operation', () =>
      given({ activity: [started('op-0', 'acc-1')] })
        .when(request({ preview: true, validUntil: at + 1 }))
        .thenThrows(ConcurrentOperation, { ...busy, context: { domain, operationId: 'op-0' } }));
  });

  describe('a preview', () => {
    const preview = { preview: true, validUntil: at + 900_000 };
    it('stores the operation and holds nothing', () =>
      given()
        .when(request(preview))
        .then({ operation: [requested(preview)] }));
    it('leaves the domain free', () =>
      given()
        .when(request(preview))
        .thenState({ operation: { status: 'PREVIEW' }, activity: { openOperationId: null, holderAccountId: null } }));
    it('with nothing to do stays a preview, holding nothing', () =>
      given()
        .when(request({ ...preview, dependencies: [] }))
        .then({ operation: [requested({ ...preview, dependencies: [] })] }));
  });

  describe('an operation that names no domain', () => {
    it('holds nothing', () =>
      given()
        .when(request({ domain: null }))
        .then({ operation: [requested({ domain: null })] }));
    it('holds nothing, even finished at once', () =>
      given()
        .when(request({ domain: null, dependencies: [] }))
        .then({ operation: [requested({ domain: null, dependencies: [] }), { ...finished }] }));
    it('ignores whatever activity it is handed', () =>
      given({ activity: [started('op-0', 'acc-2')] })
        .when(request({ domain: null }))
        .then({ operation: [requested({ domain: null })] }));
  });

  it('refuses an id that exists before it looks at the domain', () =>
    given({ operation: [requested()], activity: [started('op-0', 'acc-2')] })
      .when(request())
      .thenThrows(IllegalTransition, {
        code: 'ILLEGAL_TRANSITION',
        message: /^operation op-1 exists already$/,
        context: {},
      }));
});
