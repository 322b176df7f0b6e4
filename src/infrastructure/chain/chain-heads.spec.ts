import { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { ChainHeads } from './chain-heads';

/**
 * A node's WebSocket as far as new heads go: it answers `eth_subscribe` with a subscription id and then sends what
 * the test announces. Enough to see the heads heard, a lost connection opened again, and a stop that stays stopped.
 */
class HeadsNode {
  readonly subscribed: WebSocket[] = [];
  private readonly waiting: (() => void)[] = [];

  static async start(port = 0): Promise<HeadsNode> {
    const node = new HeadsNode(new WebSocketServer({ port, host: '127.0.0.1' }));
    await new Promise((resolve) => node.server.once('listening', resolve));
    return node;
  }

  private constructor(private readonly server: WebSocketServer) {
    this.server.on('connection', (socket) =>
      socket.on('message', (raw) => {
        const request = JSON.parse(String(raw)) as { id: number; method: string; params: unknown[] };
        if (request.method !== 'eth_subscribe' || request.params[0] !== 'newHeads') return;
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0xs1' }));
        this.subscribed.push(socket);
        this.waiting.splice(0).forEach((resolve) => resolve());
      }),
    );
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` subscriptions were made in all. */
  async subscriptions(count: number): Promise<void> {
    while (this.subscribed.length < count) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  announce(block: number): void {
    const notification = {
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: '0xs1', result: { number: `0x${block.toString(16)}` } },
    };
    for (const socket of this.subscribed)
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(notification));
  }

  connections(): number {
    return [...this.server.clients].filter((socket) => socket.readyState === WebSocket.OPEN).length;
  }

  async close(): Promise<void> {
    for (const socket of this.server.clients) socket.terminate();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const quiet = { info: jest.fn(), warn: jest.fn() };

describe('ChainHeads', () => {
  let node: HeadsNode;
  let heads: ChainHeads | undefined;
  beforeEach(async () => {
    node = await HeadsNode.start();
    quiet.info.mockClear();
    quiet.warn.mockClear();
  });
  afterEach(async () => {
    heads?.stop();
    await node.close();
  });

  /** Resolves at the `count`th head heard. */
  const heard = (count: number) => {
    let seen = 0;
    let reached: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (reached = resolve));
    return { onHead: () => ++seen === count && reached(), done, seen: () => seen };
  };

  it('tells of each block the node announces', async () => {
    const counter = heard(2);
    heads = new ChainHeads(node.url, counter.onHead, quiet, 10);
    heads.start();
    await node.subscriptions(1);
    node.announce(1);
    node.announce(2);
    await counter.done;
    expect(counter.seen()).toBe(2);
  });

  it('opens a lost connection again, says so once, and hears the blocks after it', async () => {
    const counter = heard(1);
    heads = new ChainHeads(node.url, counter.onHead, quiet, 10);
    heads.start();
    await node.subscriptions(1);
    node.subscribed[0].terminate();
    await node.subscriptions(2);
    node.announce(3);
    await counter.done;
    while (quiet.info.mock.calls.length === 0) await new Promise(setImmediate);
    expect(quiet.warn).toHaveBeenCalledTimes(1);
    expect(quiet.info).toHaveBeenCalledWith(expect.stringContaining('heard of again'));
  });

  it('keeps trying a node that is not there until it is, warning once', async () => {
    const { port, url } = node;
    await node.close();
    const counter = heard(1);
    heads = new ChainHeads(url, counter.onHead, quiet, 10);
    heads.start();
    while (quiet.warn.mock.calls.length === 0) await new Promise(setImmediate);
    node = await HeadsNode.start(port);
    await node.subscriptions(1);
    node.announce(1);
    await counter.done;
    expect(quiet.warn).toHaveBeenCalledTimes(1);
  });

  it('closes its socket when stopped', async () => {
    heads = new ChainHeads(node.url, () => undefined, quiet, 10);
    heads.start();
    await node.subscriptions(1);
    heads.stop();
    await new Promise<void>((resolve) => node.subscribed[0].once('close', () => resolve()));
    expect(node.connections()).toBe(0);
  });
});
