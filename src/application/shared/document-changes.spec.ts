import { documentChangesOf, targetsOf } from './document-changes';
import { StoredEvent } from './event-store.port';
import { AnyProjection } from './projection';

/** A tally of `Counted` events per stream; `Reset` deletes the tally; `Ignored` is handled but names no document. */
const tally: AnyProjection = {
  name: 'tally',
  version: 1,
  handles: ['Counted', 'Reset', 'Ignored'],
  idOf: (event) => (event.type === 'Ignored' ? null : event.streamId),
  evolve: (row, event) => (event.type === 'Reset' ? null : { count: ((row as { count?: number })?.count ?? 0) + 1 }),
};

const at = (position: number) => ({ transactionId: 1n, position: BigInt(position) });
const event = (type: string, streamId: string, position: number) =>
  ({ type, data: {}, streamId, checkpoint: at(position) }) as unknown as StoredEvent;

describe('documentChangesOf', () => {
  it('given new documents, when a batch counts into them, then each is written once with its last event', () => {
    const events = [event('Counted', 'a', 1), event('Counted', 'b', 2), event('Counted', 'a', 3)];
    expect(documentChangesOf(tally, events, new Map())).toEqual([
      { id: 'a', row: { count: 2 }, last: at(3) },
      { id: 'b', row: { count: 1 }, last: at(2) },
    ]);
  });

  it('given a held document, when the batch goes on from it, then it continues from its row', () => {
    const held = new Map([['a', { row: { count: 5 }, last: at(4) }]]);
    expect(documentChangesOf(tally, [event('Counted', 'a', 7)], held)).toEqual([
      { id: 'a', row: { count: 6 }, last: at(7) },
    ]);
  });

  it('given a batch delivered again, when applied, then the events a document has seen change nothing', () => {
    const held = new Map([['a', { row: { count: 2 }, last: at(3) }]]);
    const again = [event('Counted', 'a', 1), event('Counted', 'a', 3)];
    expect(documentChangesOf(tally, again, held)).toEqual([]);
    expect(documentChangesOf(tally, [...again, event('Counted', 'a', 4)], held)).toEqual([
      { id: 'a', row: { count: 3 }, last: at(4) },
    ]);
  });

  it('given an event that ends a document, when applied, then it is deleted (row undefined)', () => {
    const held = new Map([['a', { row: { count: 2 }, last: at(3) }]]);
    expect(documentChangesOf(tally, [event('Reset', 'a', 5)], held)).toEqual([
      { id: 'a', row: undefined, last: at(5) },
    ]);
  });

  it('given events it does not handle or that name no document, when applied, then nothing changes', () => {
    expect(documentChangesOf(tally, [event('Other', 'a', 1), event('Ignored', 'a', 2)], new Map())).toEqual([]);
    expect(targetsOf(tally, [event('Other', 'a', 1), event('Ignored', 'a', 2)])).toEqual([]);
  });

  it('given an event for several documents, when applied, then each of them changes', () => {
    const both: AnyProjection = { ...tally, idOf: () => ['x', 'y'] };
    expect(documentChangesOf(both, [event('Counted', 's', 1)], new Map())).toEqual([
      { id: 'x', row: { count: 1 }, last: at(1) },
      { id: 'y', row: { count: 1 }, last: at(1) },
    ]);
  });
});
