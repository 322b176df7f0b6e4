import { domainActivityStream } from '../../domain/operations/domain-activity';
import { ConcurrentOperation } from '../../domain/shared/errors';
import { InMemoryEventStore } from '../../infrastructure/memory/in-memory-event-store';
import { Clock } from '../shared/clock';
import { OperationRequest, RequestOperation, RequestOperationHandler } from './request-operation.command';

const clock: Clock = { now: () => 1_000 };
const request = (accountId: string, preview: boolean): OperationRequest => ({
  accountId,
  surface: 'web3',
  type: 'DOMAIN_UPDATE',
  domain: 'busy.crypto',
  preview,
  dependencies: [{ id: `bc-${accountId}-${preview}`, type: 'UPDATE_RECORDS', parameters: {} }],
});

describe('requesting an operation', () => {
  it('refuses a preview on a domain another operation holds, as it refuses the operation, and stores nothing', async () => {
    const store = new InMemoryEventStore();
    const handler = new RequestOperationHandler(store, clock);
    await handler.execute(new RequestOperation(request('acct-1', false)));
    const before = await store.head();
    await expect(handler.execute(new RequestOperation(request('acct-2', true)))).rejects.toBeInstanceOf(
      ConcurrentOperation,
    );
    await expect(handler.execute(new RequestOperation(request('acct-2', false)))).rejects.toBeInstanceOf(
      ConcurrentOperation,
    );
    expect(await store.head()).toEqual(before);
  });

  it('holds nothing for a preview: the operation after it takes the domain', async () => {
    const store = new InMemoryEventStore();
    const handler = new RequestOperationHandler(store, clock);
    expect((await handler.execute(new RequestOperation(request('acct-1', true)))).status).toBe('PREVIEW');
    expect(await store.readStream(domainActivityStream('busy.crypto'))).toEqual([]);
    expect((await handler.execute(new RequestOperation(request('acct-1', false)))).status).toBe('QUEUED');
  });
});
