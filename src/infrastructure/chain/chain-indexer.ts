import { randomUUID } from 'node:crypto';
import { createPublicClient, http, PublicClient } from 'viem';
import { EventStore, StoredEvent, WrongExpectedVersion } from '../../application/shared/event-store.port';
import { Anchor, Ancestor, indexedHistoryOf, rewindTo } from '../../domain/chains/chain-rewind';
import {
  ChainBlocksIndexed,
  ChainRewound,
  ChainStreamEvent,
  chainStream,
} from '../../domain/chains/registry-log.events';
import { ChainHeads } from './chain-heads';
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
  /** Its hash as it was read: the chain still has that block while it still has this hash. Null before the first. */
  readonly lastBlockHash: string | null;
}

/**
 * Follows one chain's registry logs into its stream `chain-<NAME>`. Each step reads the logs of a range of blocks
 * at least `confirmations` deep and appends them with a closing `ChainBlocksIndexed` in one append at the stream's
 * version: a crash loses the whole step or nothing, a restart goes on after the last stored block, and a second
 * indexer of the same chain (another process) loses the version race instead of storing a range twice.
 *
 * Chains reorganise (Polygon and Base do; a local node restarted from a state saved a little earlier goes back too):
 * before each step the indexer checks that the last block it stored is still the chain's, by its hash. When it is
 * not, it finds the newest block it stored that the chain still has, tells again every domain a dropped log touched
 * (`DomainRewound`, from the logs still on the chain) and records the rewind (`ChainRewound`), then indexes the new
 * branch from there. Read models fold the replay anew, so they never show an orphaned mint or record.
 */
export class ChainIndexer {
  private readonly client: PublicClient;
  /** Wakes the loop at each new block the node announces; the poll stays the safety net. */
  private readonly heads: ChainHeads | undefined;
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
    this.heads = network.wsUrl ? new ChainHeads(network.wsUrl, () => this.wake(), options.log) : undefined;
  }

  start(): void {
    this.stopped = false;
    this.heads?.start();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.heads?.stop();
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
        // told before looking, so that an append between the look and the wait is not missed
        const appended = this.nextAppend();
        this.progress = undefined; // what another process stored is in the store, not in this indexer's memory
        if ((await this.loadProgress()).lastBlock >= target) return appended.cancel();
        await appended.done;
      }
    }
    if ((await this.loadProgress()).lastBlock >= target) return;
    await new Promise<void>((resolve) => {
      this.waiters.push({ block: target, resolve });
      this.wake();
    });
  }

  /** One step; true when it stored a range or a rewind (so there may be more right away). */
  async step(): Promise<boolean> {
    const progress = await this.loadProgress();
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    if (await this.leftTheChain(progress, head)) return this.rewind(progress, head);
    const safe = head - BigInt(this.options.confirmations);
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
      this.progress = { version: versions[0], lastBlock: toBlock, lastBlockHash: closing.hash as string };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      this.progress = undefined; // another indexer stored this range first: go on from what it stored
      return true;
    }
    this.releaseWaiters();
    return true;
  }

  /** Whether the last block stored is no longer the chain's: the chain is shorter now, or has another block there. */
  private async leftTheChain(progress: Progress, head: bigint): Promise<boolean> {
    if (progress.lastBlockHash === null) return false;
    if (progress.lastBlock > head) return true;
    const block = await this.client.getBlock({ blockNumber: progress.lastBlock });
    return block.hash !== progress.lastBlockHash;
  }

  /** Goes back to the newest stored block the chain still has, telling again what the dropped blocks touched. */
  private async rewind(progress: Progress, head: bigint): Promise<boolean> {
    const streamId = chainStream(this.network.blockchain);
    const history = indexedHistoryOf((await this.store.readStream(streamId)) as unknown as ChainStreamEvent[]);
    const ancestor = (await this.newestKept(history.anchors, head)) ?? (await this.beforeRegistry());
    const events = rewindTo(history, ancestor, Number(progress.lastBlock), this.network.blockchain);
    try {
      const { versions } = await this.store.append(
        [{ streamId, expectedVersion: progress.version === 0 ? 'no_stream' : progress.version, events }],
        {
          commandId: randomUUID(),
          correlationId: `${streamId}:rewind:${ancestor.block}`,
          causationId: `${streamId}:rewind:${ancestor.block}`,
          accountId: null,
        },
      );
      this.progress = { version: versions[0], lastBlock: BigInt(ancestor.block), lastBlockHash: ancestor.hash };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      this.progress = undefined; // another indexer stored it first
      return true;
    }
    this.options.log.warn(
      `${this.network.blockchain} went back to block ${ancestor.block}: blocks ${ancestor.block + 1} to ` +
        `${progress.lastBlock} are no longer on it; ${events.length - 1} domain(s) told again`,
    );
    return true;
  }

  /** The newest anchor whose block the chain still has with the same hash; undefined when none. */
  private async newestKept(anchors: readonly Anchor[], head: bigint): Promise<Ancestor | undefined> {
    for (const anchor of [...anchors].reverse()) {
      if (BigInt(anchor.block) > head) continue;
      const block = await this.client.getBlock({ blockNumber: BigInt(anchor.block) });
      if (block.hash === anchor.hash) return { ...anchor, time: Number(block.timestamp) * 1000 };
    }
    return undefined;
  }

  /** The block before the registry's deployment: nothing of it is left when no stored block is on the chain. */
  private async beforeRegistry(): Promise<Ancestor> {
    const number = this.network.registryDeploymentBlock - 1n;
    if (number < 0n) return { block: -1, hash: '', time: 0 };
    const block = await this.client.getBlock({ blockNumber: number });
    return { block: Number(number), hash: block.hash as string, time: Number(block.timestamp) * 1000 };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private wake(): void {
    if (this.stopped) return;
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

  /** The store's next append notification, or the poll interval when none comes (the notification is a hint). */
  private nextAppend(): { done: Promise<void>; cancel: () => void } {
    let cancel: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => cancel(), this.options.pollMs);
      const unlisten = this.store.onAppended(() => cancel());
      cancel = () => {
        clearTimeout(timer);
        unlisten();
        resolve();
      };
    });
    return { done, cancel };
  }

  private async safeHead(): Promise<bigint> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    return head - BigInt(this.options.confirmations);
  }

  private async loadProgress(): Promise<Progress> {
    if (this.progress) return this.progress;
    const last = await this.store.readLast(chainStream(this.network.blockchain));
    // every append ends with ChainBlocksIndexed or ChainRewound: both say where the stream stands
    const closing = last?.data as (ChainBlocksIndexed | ChainRewound)['data'] | undefined;
    this.progress = closing
      ? {
          version: (last as StoredEvent).streamPosition,
          lastBlock: BigInt(closing.toBlock),
          lastBlockHash: closing.toBlockHash || null,
        }
      : { version: 0, lastBlock: this.network.registryDeploymentBlock - 1n, lastBlockHash: null };
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
