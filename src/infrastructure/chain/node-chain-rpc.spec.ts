import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ChainNetwork } from './chain-network';
import { NodeChainRpc } from './node-chain-rpc';

/** A node over real HTTP that answers each batch as `answer` says. */
const startNode = async (answer: (batch: { id: number; method: string }[]) => { status?: number; body: string }) => {
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const { status = 200, body } = answer(JSON.parse(text));
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const network = {
    blockchain: 'MATIC',
    chainId: 137,
    rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  } as ChainNetwork;
  return { rpc: new NodeChainRpc([network]), close: () => new Promise((resolve) => server.close(resolve)) };
};

describe('NodeChainRpc', () => {
  const calls = [
    { method: 'eth_chainId', params: [] },
    { method: 'eth_blockNumber', params: [] },
    { method: 'eth_call', params: [{}, 'latest'] },
  ];

  it('answers in the order of the calls whatever order the node answers in, the node seeing its own numbering', async () => {
    const seen: unknown[] = [];
    const node = await startNode((batch) => {
      seen.push(batch);
      return {
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 2, error: { code: 3, message: 'execution reverted', data: '0x08' } },
          { jsonrpc: '2.0', id: 0, result: '0x89' },
        ]),
      };
    });
    try {
      expect(await node.rpc.send('MATIC', calls)).toEqual([
        { result: '0x89' },
        { error: { code: -32603, message: "the chain's node left the call unanswered" } },
        { error: { code: 3, message: 'execution reverted', data: '0x08' } },
      ]);
      expect(seen).toEqual([calls.map((call, index) => ({ jsonrpc: '2.0', id: index, ...call }))]);
    } finally {
      await node.close();
    }
  });

  it("gives a node's refusal of the whole batch to every call, and throws when the node fails over HTTP", async () => {
    const refusing = await startNode(() => ({
      body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } }),
    }));
    const failing = await startNode(() => ({ status: 503, body: 'overloaded' }));
    try {
      expect(await refusing.rpc.send('MATIC', calls.slice(0, 2))).toEqual([
        { error: { code: -32600, message: 'batch too large' } },
        { error: { code: -32600, message: 'batch too large' } },
      ]);
      await expect(failing.rpc.send('MATIC', calls)).rejects.toThrow('HTTP 503');
    } finally {
      await Promise.all([refusing.close(), failing.close()]);
    }
  });

  it('reads no more than 10 MiB of an answer: past it, every call is told to ask for less', async () => {
    const huge = `[{"jsonrpc":"2.0","id":0,"result":"0x${'0'.repeat(11 * 1024 * 1024)}"}]`;
    const node = await startNode(() => ({ body: huge }));
    try {
      expect(await node.rpc.send('MATIC', calls.slice(0, 1))).toEqual([
        { error: { code: -32005, message: expect.stringContaining('over 10 MiB') } },
      ]);
    } finally {
      await node.close();
    }
  });
});
