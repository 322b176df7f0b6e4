import { StoredEvent } from '../../application/shared/event-store.port';
import { OperationRequested } from '../../domain/operations/operation.events';
import { analyticsFacts } from './analytics.projection';

const requested = (preview: boolean) =>
  ({
    type: 'OperationRequested',
    streamId: 'operation-op-1',
    data: {
      operationId: 'op-1',
      accountId: 'acc-1',
      surface: 'reseller',
      type: 'DOMAIN_ADMIN_UPDATE',
      domain: 'example.com',
      preview,
      validUntil: preview ? 1 : null,
      dependencies: [],
      at: 0,
    },
  }) as unknown as StoredEvent<OperationRequested>;

describe('analytics facts projection', () => {
  it('given a preview asked for, when its document is looked for, then there is none: previews are never counted', () => {
    expect(analyticsFacts.idOf(requested(true))).toBeNull();
  });

  it('given an operation asked for, when its document is looked for, then it is the operation’s', () => {
    expect(analyticsFacts.idOf(requested(false))).toBe('operation:op-1');
  });
});
