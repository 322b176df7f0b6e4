import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EventStore } from '../../application/shared/event-store.port';
import { Blockchain } from '../../domain/chains/blockchain';
import { ChainBlocksIndexed, chainStream } from '../../domain/chains/registry-log.events';

export interface IndexingStatus {
  readonly status: 'ok';
  readonly blockchains: Readonly<
    Record<string, { readonly latestIndexedBlock: number | null; readonly indexedAt: string | null }>
  >;
}

/** How far the indexer has read each chain: the last block stored and when. */
export class GetIndexingStatus extends Query<IndexingStatus> {
  constructor(readonly blockchains: readonly Blockchain[]) {
    super();
  }
}

@QueryHandler(GetIndexingStatus)
export class GetIndexingStatusHandler implements IQueryHandler<GetIndexingStatus> {
  constructor(private readonly store: EventStore) {}

  async execute({ blockchains }: GetIndexingStatus): Promise<IndexingStatus> {
    const entries = await Promise.all(
      blockchains.map(async (blockchain) => {
        const last = await this.store.readLast(chainStream(blockchain));
        const data = last?.data as ChainBlocksIndexed['data'] | undefined;
        return [
          blockchain,
          { latestIndexedBlock: data?.toBlock ?? null, indexedAt: last?.recordedAt.toISOString() ?? null },
        ] as const;
      }),
    );
    return { status: 'ok', blockchains: Object.fromEntries(entries) };
  }
}
