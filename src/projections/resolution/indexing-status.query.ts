import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainHeads } from '../../application/chains/chain-heads';
import { ChainRpc } from '../../application/chains/chain-rpc.port';
import { EventStore } from '../../application/shared/event-store.port';
import { ResolutionSettings } from '../../application/resolution/resolution-settings';
import { Blockchain } from '../../domain/chains/blockchain';
import { MirrorStatus, mirrorStatusOf } from '../../domain/chains/mirror-status';
import { ChainBlocksIndexed, chainStream } from '../../domain/chains/registry-log.events';

export interface IndexingStatus {
  readonly status: 'ok';
  readonly blockchains: Readonly<
    Record<string, { readonly latestIndexedBlock: number | null; readonly indexedAt: string | null }>
  >;
  /** The same against each chain's head, in the shape of the published resolution API's status. */
  readonly blockchain: Readonly<Record<string, MirrorStatus>>;
}

/** How far the indexer has read each chain: the last block stored and when, and how far behind the head that is. */
export class GetIndexingStatus extends Query<IndexingStatus> {
  constructor(readonly blockchains: readonly Blockchain[]) {
    super();
  }
}

@QueryHandler(GetIndexingStatus)
export class GetIndexingStatusHandler implements IQueryHandler<GetIndexingStatus> {
  constructor(
    private readonly store: EventStore,
    private readonly rpc: ChainRpc,
    private readonly heads: ChainHeads,
    private readonly settings: ResolutionSettings,
  ) {}

  async execute({ blockchains }: GetIndexingStatus): Promise<IndexingStatus> {
    const entries = await Promise.all(
      blockchains.map(async (blockchain) => {
        const [last, head] = await Promise.all([
          this.store.readLast(chainStream(blockchain)),
          this.heads.headOf(blockchain),
        ]);
        const data = last?.data as ChainBlocksIndexed['data'] | undefined;
        const indexed = data?.toBlock ?? null;
        return {
          blockchain,
          indexed: { latestIndexedBlock: indexed, indexedAt: last?.recordedAt.toISOString() ?? null },
          mirror: mirrorStatusOf(this.rpc.chainIdOf(blockchain), head, indexed, this.settings.acceptableDelayInBlocks),
        };
      }),
    );
    return {
      status: 'ok',
      blockchains: Object.fromEntries(entries.map((entry) => [entry.blockchain, entry.indexed])),
      blockchain: Object.fromEntries(entries.map((entry) => [entry.blockchain, entry.mirror])),
    };
  }
}
