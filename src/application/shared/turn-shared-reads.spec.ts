import { TurnSharedReads } from './turn-shared-reads';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnSharedReads', () => {
  it('given callers in one turn, when they read one key, then one read is sent and each gets its answer', async () => {
    const reads = new TurnSharedReads<number>();
    let sent = 0;
    const send = async () => ++sent;
    const answers = await Promise.all([reads.read('a', send), reads.read('a', send), reads.read('b', send)]);
    expect(answers).toEqual([1, 1, 2]);
    expect(sent).toBe(2);
  });

  it('given a caller in a later turn, when it reads the same key, then it sends a read of its own', async () => {
    const reads = new TurnSharedReads<number>();
    let sent = 0;
    const send = async () => ++sent;
    expect(await reads.read('a', send)).toBe(1);
    await nextTurn();
    expect(await reads.read('a', send)).toBe(2);
  });
});
