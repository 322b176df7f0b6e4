import { randomUUID } from 'node:crypto';
import { webSocket } from 'viem';
import { Log } from '../logging/log';

/** How long a lost connection waits before it is opened again (the indexer's poll covers the gap). */
const REOPEN_MS = 2_000;

/**
 * Hears of each block a chain's node announces (`eth_subscribe` to `newHeads` over WebSocket, which anvil, geth,
 * reth and the hosted nodes offer) and says so at once: the indexer reads the block's logs then instead of at its
 * next poll. It carries no data the indexer relies on: a lost connection is opened again, and what it missed the
 * poll finds. New heads and not `logs` are subscribed to: every block wakes the indexer, which must also see the
 * blocks without registry logs to check where the chain stands, so a logs subscription would only wake it twice.
 */
export class ChainHeads {
  private closed = false;
  private closeSocket: (() => void) | undefined;
  private reopening: NodeJS.Timeout | undefined;
  /** Warned once per outage, not at every attempt. */
  private warned = false;

  constructor(
    private readonly wsUrl: string,
    private readonly onHead: () => void,
    private readonly log: Pick<Log, 'info' | 'warn'>,
    private readonly reopenMs = REOPEN_MS,
  ) {}

  start(): void {
    void this.open();
  }

  stop(): void {
    this.closed = true;
    clearTimeout(this.reopening);
    this.release();
  }

  private async open(): Promise<void> {
    // a socket of its own (viem shares sockets by URL and key): one indexer's stop must not close another's
    const transport = webSocket(this.wsUrl, { key: `chain-heads-${randomUUID()}`, reconnect: false, retryCount: 0 })(
      {},
    );
    const socket = transport.value;
    try {
      if (!socket) throw new Error('the WebSocket transport has no client');
      const rpc = await socket.getRpcClient();
      this.closeSocket = () => rpc.close();
      if (this.closed) return this.stop();
      await socket.subscribe({
        params: ['newHeads'],
        onData: () => this.onHead(),
        onError: (error: unknown) => this.lost(error),
      });
      if (this.warned) this.log.info(`new blocks of ${this.wsUrl} are heard of again`);
      this.warned = false;
    } catch (error) {
      this.lost(error);
    }
  }

  private lost(error: unknown): void {
    this.release();
    if (this.closed) return;
    if (!this.warned) this.log.warn(`new blocks of ${this.wsUrl} are not heard of; polling until they are`, error);
    this.warned = true;
    clearTimeout(this.reopening);
    this.reopening = setTimeout(() => void this.open(), this.reopenMs);
  }

  /** Closes the socket once: closing it tells its subscription, whose error handler comes back here. */
  private release(): void {
    const close = this.closeSocket;
    this.closeSocket = undefined;
    close?.();
  }
}
