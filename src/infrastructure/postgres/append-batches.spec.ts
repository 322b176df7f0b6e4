import { StreamWrite } from '../../application/shared/event-store.port';
import { Queued, takeBatch } from './append-batches';

const on = (...streams: string[]): Queued => ({
  writes: streams.map((streamId): StreamWrite => ({ streamId, expectedVersion: 'any', events: [] })),
  metadata: { commandId: streams.join('+'), correlationId: 'c', causationId: 'c', accountId: null },
  settle: () => undefined,
});
const names = (queue: readonly Queued[]): string[] => queue.map((queued) => queued.metadata.commandId);

describe('takeBatch', () => {
  it('given appends on distinct streams, when a batch is taken, then it holds them all, ordered by stream', () => {
    const waiting = [on('c'), on('a'), on('b')];
    expect(names(takeBatch(waiting, new Map(), 64))).toEqual(['a', 'b', 'c']);
    expect(waiting).toEqual([]);
  });

  it('given two appends on one stream, when a batch is taken, then the second waits, in its place, for the next', () => {
    const waiting = [on('a'), on('b'), on('a'), on('c'), on('b')];
    expect(names(takeBatch(waiting, new Map(), 64))).toEqual(['a', 'b', 'c']);
    expect(names(waiting)).toEqual(['a', 'b']);
  });

  it('given a stream of a batch in flight, when a batch is taken, then its appends wait', () => {
    const waiting = [on('a'), on('b')];
    expect(names(takeBatch(waiting, new Map([['a', 1]]), 64))).toEqual(['b']);
    expect(names(waiting)).toEqual(['a']);
  });

  it('given a command on several streams, when one of them is taken, then the whole command waits', () => {
    const waiting = [on('b'), on('a', 'b'), on('a')];
    expect(names(takeBatch(waiting, new Map(), 64))).toEqual(['a', 'b']);
    expect(names(waiting)).toEqual(['a+b']);
  });

  it('given more appends than a batch holds, when a batch is taken, then the first ones go and the rest wait', () => {
    const waiting = [on('d'), on('c'), on('b'), on('a')];
    expect(names(takeBatch(waiting, new Map(), 2))).toEqual(['c', 'd']);
    expect(names(waiting)).toEqual(['b', 'a']);
  });

  it('given nothing waiting, when a batch is taken, then it is empty', () => {
    expect(takeBatch([], new Map(), 64)).toEqual([]);
  });
});
