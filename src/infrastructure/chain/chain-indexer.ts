import { randomUUID } from 'node:crypto';
import { createPublicClient, http, PublicClient } from 'viem';
import { EventStore, WrongExpectedVersion } from '../../application/shared/event-store.port';
import { ChainBlocksIndexed, chainStream } from '../../domain/chains/registry-log.events';
import { ChainNetwork } from './chain-network';
import { registryEventsOf } from './registry-logs';
import { Log } from '../logging/log';

export interface IndexerOptions {
  readonly confirmations: number;
  readonly pollMs: number;
  readonly blockRange: number;
  readonly log: Pick<Log, 'info' | 'warn'>;
}

interface Progress {
  /** The chain stream's version (its event count); 0 before the first append. */
  readonly version: number;
  /** The last block stored; the next read starts after it. */
  readonly lastBlock: bigint;
}

/**
 * Follows one chain's registry logs into its stream `chain-<NAME>`. Each step reads the logs of a range of blocks
 * at least `confirmations` deep and appends them with a closing `ChainBlocksIndexed` in one append at the stream's
 * version: a crash loses the whole step or nothing, a restart goes on after the last stored block, and a second
 * indexer of the same chain (another process) loses the version race instead of storing a range twice.
 */
export class ChainIndexer {
  private readonly client: PublicClient;
  private progress: Progress | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** A waiter arrived while a step ran: step again at once instead of after the poll interval. */
  private wanted = false;
  private readonly waiters: { block: bigint; resolve: () => void }[] = [];

  constructor(
    readonly network: ChainNetwork,
    private readonly store: EventStore,
    private readonly options: IndexerOptions,
  ) {
    this.client = createPublicClient({ transport: http(network.rpcUrl, { batch: true }) }) as PublicClient;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Resolves once every block up to the chain's safe head as of now is stored; returns the last block stored. */
  async caughtUp(): Promise<bigint> {
    const safe = await this.safeHead();
    const lastBlock = (await this.loadProgress()).lastBlock;
    if (lastBlock >= safe) return lastBlock;
    await new Promise<void>((resolve) => this.waiters.push({ block: safe, resolve }));
    return (this.progress as Progress).lastBlock;
  }

  /**
   * Resolves once the blocks up to `block` (the safe head as of now when null) are stored, by this indexer or by
   * another process's; the loop is woken rather than left to its poll. Not running here, it watches the store.
   */
  async indexedThrough(block: bigint | null): Promise<void> {
    const target = block ?? (await this.safeHead());
    if (this.stopped) {
      for (;;) {
        this.progress = undefined; // what another process stored is in the store, not in this indexer's memory
        if ((await this.loadProgress()).lastBlock >= target) return;
        await new Promise((resolve) => setTimeout(resolve, this.options.pollMs));
      }
    }
    if ((await this.loadProgress()).lastBlock >= target) return;
    await new Promise<void>((resolve) => {
      this.waiters.push({ block: target, resolve });
      this.wake();
    });
  }

  /** One step; true when it stored a range (so there may be more right away). */
  async step(): Promise<boolean> {
    const progress = await this.loadProgress();
    const safe = await this.safeHead();
    const fromBlock = progress.lastBlock + 1n;
    if (fromBlock > safe) return false;
    const toBlock =
      safe - fromBlock + 1n > BigInt(this.options.blockRange) ? fromBlock + BigInt(this.options.blockRange) - 1n : safe;
    const [logs, closing] = await Promise.all([
      this.client.getLogs({ address: this.network.registry, fromBlock, toBlock }),
      this.client.getBlock({ blockNumber: toBlock }),
    ]);
    const events = await registryEventsOf(this.client, this.network, logs);
    const indexed: ChainBlocksIndexed = {
      type: 'ChainBlocksIndexed',
      data: {
        blockchain: this.network.blockchain,
        fromBlock: Number(fromBlock),
        toBlock: Number(toBlock),
        toBlockHash: closing.hash as string,
      },
    };
    const streamId = chainStream(this.network.blockchain);
    try {
      const { versions } = await this.store.append(
        [
          {
            streamId,
            expectedVersion: progress.version === 0 ? 'no_stream' : progress.version,
            events: [...events, indexed],
          },
        ],
        {
          commandId: randomUUID(),
          correlationId: `${streamId}:${fromBlock}`,
          causationId: `${streamId}:${fromBlock}`,
          accountId: null,
        },
      );
      this.progress = { version: versions[0], lastBlock: toBlock };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      this.progress = undefined; // another indexer stored this range first: go on from what it stored
      return true;
    }
    this.releaseWaiters();
    return true;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private wake(): void {
    if (this.running) {
      this.wanted = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private async loop(): Promise<void> {
    let more = false;
    this.wanted = false;
    try {
      more = await this.step();
      if (!more) this.releaseWaiters();
    } catch (error) {
      this.progress = undefined;
      this.options.log.warn(`indexing ${this.network.blockchain} failed; trying again`, error);
    }
    this.schedule(more || this.wanted ? 0 : this.options.pollMs);
  }

  private async safeHead(): Promise<bigint> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    return head - BigInt(this.options.confirmations);
  }

  private async loadProgress(): Promise<Progress> {
    if (this.progress) return this.progress;
    const last = await this.store.readLast(chainStream(this.network.blockchain));
    this.progress = last
      ? { version: last.streamPosition, lastBlock: BigInt((last.data as ChainBlocksIndexed['data']).toBlock) }
      : { version: 0, lastBlock: this.network.registryDeploymentBlock - 1n };
    return this.progress;
  }

  private releaseWaiters(): void {
    const lastBlock = this.progress?.lastBlock ?? -1n;
    for (const waiter of [...this.waiters]) {
      if (waiter.block > lastBlock) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}
