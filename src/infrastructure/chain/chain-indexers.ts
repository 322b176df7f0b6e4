import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ChainIndex } from '../../application/chains/chain-index.port';
import { EventStore } from '../../application/shared/event-store.port';
import { Blockchain } from '../../domain/chains/blockchain';
import { AppConfig } from '../config/config';
import { Engine } from '../engine/engine.service';
import { Runtime } from '../runtime';
import { ChainIndexer } from './chain-indexer';

/** How long a blockchain dependency waits for its block to be indexed before it is retried later. */
const INDEX_WAIT_MS = 120_000;

/** One indexer per configured chain, in the processes that run the asynchronous half (`worker`, `all`). */
@Injectable()
export class ChainIndexers implements ChainIndex, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('ChainIndexer');
  readonly indexers: readonly ChainIndexer[];

  constructor(
    private readonly runtime: Runtime,
    store: EventStore,
    config: AppConfig,
    private readonly engine: Engine,
  ) {
    const { chainConfirmations, indexerPollMs, indexerBlockRange } = config.values;
    const log = {
      info: (message: string) => this.log.log(message),
      warn: (message: string, error?: unknown) =>
        this.log.warn(`${message}: ${(error as Error | undefined)?.message ?? ''}`),
    };
    this.indexers = runtime.chains.networks.map(
      (network) =>
        new ChainIndexer(network, store, {
          confirmations: chainConfirmations,
          pollMs: indexerPollMs,
          blockRange: indexerBlockRange,
          log,
        }),
    );
  }

  onApplicationBootstrap(): void {
    if (!this.runtime.runsWorkers) return;
    for (const indexer of this.indexers) indexer.start();
    // settled() also waits for the chains: what a test did on-chain is in the read models before it looks
    this.engine.addSettler(async () =>
      (await Promise.all(this.indexers.map((indexer) => indexer.caughtUp()))).join(','),
    );
  }

  async indexed(blockchain: Blockchain, block: number | null): Promise<void> {
    const indexer = this.indexers.find((candidate) => candidate.network.blockchain === blockchain);
    if (!indexer) throw new Error(`no chain ${blockchain} is configured`);
    // an indexer that cannot read the chain must not hold the worker: the dependency is tried again later, and its
    // write, already recorded, is not sent twice
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`${blockchain} was not indexed through block ${block ?? 'head'} within ${INDEX_WAIT_MS} ms`),
          ),
        INDEX_WAIT_MS,
      );
    });
    try {
      await Promise.race([indexer.indexedThrough(block === null ? null : BigInt(block)), gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.indexers.map((indexer) => indexer.stop()));
  }
}
