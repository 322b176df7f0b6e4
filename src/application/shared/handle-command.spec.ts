import { randomUUID } from 'node:crypto';
import { domainActivityDecider, domainActivityStream } from '../../domain/operations/domain-activity';
import { Decider } from '../../domain/shared/decider';
import { ConcurrentOperation } from '../../domain/shared/errors';
import { InMemoryEventStore } from '../../infrastructure/memory/in-memory-event-store';
import { EventStore } from './event-store.port';
import { handleCommand } from './handle-command';

/** Another process on the same store: same events, a cache of its own, and a count of its stream reads. */
const processOn = (shared: EventStore) => {
  const reads: string[] = [];
  const view: EventStore = {
    append: (writes, metadata) => shared.append(writes, metadata),
    readStream: (streamId, after) => (reads.push(streamId), shared.readStream(streamId, after)),
    readStreams: (streamIds) => (reads.push(...streamIds), shared.readStreams(streamIds)),
    readLast: (streamId) => shared.readLast(streamId),
    readLastOfEach: (streamIds) => shared.readLastOfEach(streamIds),
    readAll: (after, limit) => shared.readAll(after, limit),
    head: () => shared.head(),
    countBetween: (after, upTo) => shared.countBetween(after, upTo),
    readMatching: (criteria, limit) => shared.readMatching(criteria, limit),
    onAppended: (listener) => shared.onAppended(listener),
  };
  return { store: view, reads };
};

const stream = domainActivityStream('example.com');

/** Two processes on one store; `me` wrote op-1's claim (and cached it), then `other` moved the stream on. */
const afterOtherWrote = async (...others: ReturnType<typeof claim | typeof release>[]) => {
  const shared = new InMemoryEventStore();
  const me = processOn(shared);
  const other = processOn(shared);
  await handleCommand(me.store, stream, domainActivityDecider, claim('op-1'));
  for (const command of others) await handleCommand(other.store, stream, domainActivityDecider, command);
  return { shared, me };
};
const claim = (operationId: string) => ({
  type: 'ClaimDomain' as const,
  data: { domain: 'example.com', operationId, accountId: 'acct-1', at: 1 },
});
const release = (operationId: string) => ({
  type: 'ReleaseDomain' as const,
  data: { domain: 'example.com', operationId, at: 2 },
});

describe('handleCommand', () => {
  it('folds, decides and appends, and answers the state after', async () => {
    const { store } = processOn(new InMemoryEventStore());
    const outcome = await handleCommand(store, stream, domainActivityDecider, claim('op-1'));
    expect(outcome.state).toEqual({ openOperationId: 'op-1', holderAccountId: 'acct-1' });
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['DomainOperationStarted']);
  });

  it('applies a repeated command id once', async () => {
    const { store } = processOn(new InMemoryEventStore());
    const counter: Decider<{ type: 'Add'; data: { n: number } }, { type: 'Added'; data: { total: number } }, number> = {
      initialState: () => 0,
      evolve: (_total, event) => event.data.total,
      decide: (command, total) => [{ type: 'Added', data: { total: total + command.data.n } }],
    };
    const commandId = randomUUID();
    await handleCommand(store, 'counter-1', counter, { type: 'Add', data: { n: 5 } }, { commandId });
    const again = await handleCommand(store, 'counter-1', counter, { type: 'Add', data: { n: 5 } }, { commandId });
    expect(again).toMatchObject({ duplicate: true, events: [], state: 5 });
    expect(await store.readStream('counter-1')).toHaveLength(1);
  });

  it('decides a command on a stream it wrote last without reading it again', async () => {
    const me = processOn(new InMemoryEventStore());
    await handleCommand(me.store, stream, domainActivityDecider, claim('op-1'));
    me.reads.length = 0;
    await handleCommand(me.store, stream, domainActivityDecider, release('op-1'));
    expect(me.reads).toEqual([]);
  });

  it('reads again and decides again when another process wrote since', async () => {
    const { shared, me } = await afterOtherWrote(release('op-1'), claim('op-2'));
    // my cache still says op-1 holds the domain: the append conflicts, and the fresh state refuses op-3
    await expect(handleCommand(me.store, stream, domainActivityDecider, claim('op-3'))).rejects.toBeInstanceOf(
      ConcurrentOperation,
    );
    expect((await shared.readStream(stream)).map((event) => event.data)).toEqual([
      claim('op-1').data,
      release('op-1').data,
      claim('op-2').data,
    ]);
  });

  it('does not trust a refusal made on a cached state', async () => {
    const { me } = await afterOtherWrote(release('op-1'));
    // cached: op-1 holds it, which would refuse op-2; stored: it is free
    const outcome = await handleCommand(me.store, stream, domainActivityDecider, claim('op-2'));
    expect(outcome.state).toEqual({ openOperationId: 'op-2', holderAccountId: 'acct-1' });
  });

  it('does not trust a "nothing to do" decided on a cached state', async () => {
    const { me } = await afterOtherWrote(release('op-1'), claim('op-2'));
    // cached: op-1 holds it, so releasing op-2 looks like nothing to do; stored: op-2 holds it
    const outcome = await handleCommand(me.store, stream, domainActivityDecider, release('op-2'));
    expect(outcome.events).toHaveLength(1);
    expect(outcome.state).toEqual({ openOperationId: null, holderAccountId: null });
  });
});
