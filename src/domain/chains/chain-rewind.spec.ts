/**
 * Equivalent mutants, given how a chain stream is written:
 * - `isLog` taking a `DomainRewound` for a log: the indexer appends each one just before its `ChainRewound`, which
 *   drops every log past its block, and a `DomainRewound` has no block.
 * - the `ChainBlocksIndexed` case falling through to the `ChainRewound` one: a batch indexed ends past every log and
 *   anchor before it, so keeping those below its block and anchoring at it is what the case does.
 */
import { indexedHistoryOf, rewindTo, tokenOfLog } from './chain-rewind';
import { ChainStreamEvent, RegistryLogEvent } from './registry-log.events';

const place = (blockNumber: number) => ({
  blockchain: 'MATIC' as const,
  networkId: 137,
  registry: '0xa9a6a3626993d487d2dbda3173cf58ca1a9d9e9f' as const,
  blockNumber,
  blockTimestamp: blockNumber * 1000,
  transactionHash: `0x${blockNumber}`,
  logIndex: 0,
});
const minted = (tokenId: string, block: number): RegistryLogEvent => ({
  type: 'DomainTransferred',
  data: {
    ...place(block),
    tokenId,
    from: '0x0000000000000000000000000000000000000000',
    to: '0x1111111111111111111111111111111111111111',
  },
});
const record = (tokenId: string, block: number, value: string): RegistryLogEvent => ({
  type: 'DomainRecordSet',
  data: { ...place(block), tokenId, key: 'ipfs.html.value', value },
});
const keyAdded = (block: number): RegistryLogEvent => ({ type: 'RecordKeyAdded', data: { ...place(block), key: 'k' } });
const indexed = (fromBlock: number, toBlock: number): ChainStreamEvent => ({
  type: 'ChainBlocksIndexed',
  data: { blockchain: 'MATIC', fromBlock, toBlock, toBlockHash: `0xhash${toBlock}` },
});

describe('going back on a reorganised chain', () => {
  const stream: ChainStreamEvent[] = [
    minted('0xa', 2),
    record('0xa', 3, 'one'),
    indexed(1, 3),
    record('0xa', 5, 'two'),
    minted('0xb', 5),
    keyAdded(6),
    indexed(4, 6),
  ];

  it('reads a stream as its logs and the blocks it stored up to', () =>
    expect(indexedHistoryOf(stream)).toEqual({
      logs: stream.filter((event) => event.type !== 'ChainBlocksIndexed'),
      anchors: [
        { block: 3, hash: '0xhash3' },
        { block: 6, hash: '0xhash6' },
      ],
    }));

  it('tells again every token a dropped log touched, from the logs still on the chain, then records the rewind', () =>
    expect(rewindTo(indexedHistoryOf(stream), { block: 3, hash: '0xhash3', time: 3000 }, 6, 'MATIC')).toEqual([
      {
        type: 'DomainRewound',
        data: { blockchain: 'MATIC', tokenId: '0xa', replay: [minted('0xa', 2), record('0xa', 3, 'one')] },
      },
      { type: 'DomainRewound', data: { blockchain: 'MATIC', tokenId: '0xb', replay: [] } },
      {
        type: 'ChainRewound',
        data: { blockchain: 'MATIC', toBlock: 3, toBlockHash: '0xhash3', toBlockTime: 3000, orphanedThrough: 6 },
      },
    ]));

  it('tells nothing again when no log was dropped', () =>
    expect(rewindTo(indexedHistoryOf(stream), { block: 6, hash: '0xhash6', time: 6000 }, 7, 'MATIC')).toEqual([
      {
        type: 'ChainRewound',
        data: { blockchain: 'MATIC', toBlock: 6, toBlockHash: '0xhash6', toBlockTime: 6000, orphanedThrough: 7 },
      },
    ]));

  it('forgets what an earlier rewind dropped, with the anchors past it, and anchors at the block it kept', () => {
    const afterRewind: ChainStreamEvent[] = [
      ...stream,
      ...rewindTo(indexedHistoryOf(stream), { block: 3, hash: '0xhash3', time: 3000 }, 6, 'MATIC'),
      record('0xa', 4, 'three'),
      indexed(4, 5),
    ];
    expect(indexedHistoryOf(afterRewind)).toEqual({
      logs: [minted('0xa', 2), record('0xa', 3, 'one'), record('0xa', 4, 'three')],
      anchors: [
        { block: 3, hash: '0xhash3' },
        { block: 5, hash: '0xhash5' },
      ],
    });
  });

  it('goes back before anything when no stored block is left: every token touched is gone', () =>
    expect(
      rewindTo(indexedHistoryOf(stream), { block: -1, hash: '', time: 0 }, 6, 'MATIC').map((event) => [
        event.type,
        event.type === 'DomainRewound' ? event.data.replay.length : event.data.toBlock,
      ]),
    ).toEqual([
      ['DomainRewound', 0],
      ['DomainRewound', 0],
      ['ChainRewound', -1],
    ]));

  it('names the token of a log, and none for a key added to the registry', () => {
    expect(tokenOfLog(record('0xa', 1, 'x'))).toBe('0xa');
    expect(tokenOfLog(keyAdded(1))).toBeNull();
  });

  it('keeps the anchors before the block it goes back to, and tells again no token whose logs end at that block', () => {
    const longer: ChainStreamEvent[] = [
      minted('0xa', 1),
      indexed(1, 1),
      minted('0xc', 3),
      indexed(2, 3),
      ...stream.slice(3),
    ];
    const rewound = rewindTo(indexedHistoryOf(longer), { block: 3, hash: '0xhash3', time: 3000 }, 6, 'MATIC');
    expect(rewound.map((event) => (event.type === 'DomainRewound' ? event.data.tokenId : event.type))).toEqual([
      '0xa',
      '0xb',
      'ChainRewound',
    ]);
    expect(indexedHistoryOf([...longer, ...rewound]).anchors).toEqual([
      { block: 1, hash: '0xhash1' },
      { block: 3, hash: '0xhash3' },
    ]);
  });
});
