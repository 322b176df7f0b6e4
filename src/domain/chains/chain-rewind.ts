import { Blockchain } from './blockchain';
import { ChainRewound, ChainStreamEvent, DomainRewound, RegistryLogEvent } from './registry-log.events';

/** A block the indexer stored up to, by number and hash: where the chain can be checked to still be the same. */
export interface Anchor {
  readonly block: number;
  readonly hash: string;
}

/** The anchor the chain went back to, with its block's time (epoch milliseconds). */
export interface Ancestor extends Anchor {
  readonly time: number;
}

/**
 * A chain stream read as the chain it now stands for: the logs still on it (those a rewind dropped are gone), and the
 * anchors still valid, oldest first.
 */
export interface IndexedHistory {
  readonly logs: readonly RegistryLogEvent[];
  readonly anchors: readonly Anchor[];
}

const isLog = (event: ChainStreamEvent): event is RegistryLogEvent =>
  event.type !== 'ChainBlocksIndexed' && event.type !== 'ChainRewound' && event.type !== 'DomainRewound';

/** Folds a chain stream into the history it now stands for: each `ChainRewound` drops what came after its block. */
export const indexedHistoryOf = (events: readonly ChainStreamEvent[]): IndexedHistory =>
  events.reduce<IndexedHistory>(
    ({ logs, anchors }, event) => {
      if (isLog(event)) return { logs: [...logs, event], anchors };
      switch (event.type) {
        case 'ChainBlocksIndexed':
          return { logs, anchors: [...anchors, { block: event.data.toBlock, hash: event.data.toBlockHash }] };
        case 'ChainRewound':
          return {
            logs: logs.filter((log) => log.data.blockNumber <= event.data.toBlock),
            anchors: [
              ...anchors.filter((anchor) => anchor.block < event.data.toBlock),
              { block: event.data.toBlock, hash: event.data.toBlockHash },
            ],
          };
        default:
          return { logs, anchors };
      }
    },
    { logs: [], anchors: [] },
  );

/** The token a log is about; none for a record key added to the registry's list. */
export const tokenOfLog = (log: RegistryLogEvent): string | null => ('tokenId' in log.data ? log.data.tokenId : null);

/**
 * What the indexer appends when the chain went back to `ancestor` (the newest anchor it still has): every token a
 * dropped log touched, told again from the logs still on the chain, then the rewind itself. `lastBlock` is the last
 * block the stream held.
 */
export const rewindTo = (
  history: IndexedHistory,
  ancestor: Ancestor,
  lastBlock: number,
  blockchain: Blockchain,
): (DomainRewound | ChainRewound)[] => {
  const kept = history.logs.filter((log) => log.data.blockNumber <= ancestor.block);
  const dropped = history.logs.filter((log) => log.data.blockNumber > ancestor.block);
  const touched = [...new Set(dropped.map(tokenOfLog).filter((tokenId): tokenId is string => tokenId !== null))];
  return [
    ...touched.map((tokenId): DomainRewound => ({
      type: 'DomainRewound',
      data: { blockchain, tokenId, replay: kept.filter((log) => tokenOfLog(log) === tokenId) },
    })),
    {
      type: 'ChainRewound',
      data: {
        blockchain,
        toBlock: ancestor.block,
        toBlockHash: ancestor.hash,
        toBlockTime: ancestor.time,
        orphanedThrough: lastBlock,
      },
    },
  ];
};
