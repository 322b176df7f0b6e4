import { Blockchain } from '../../domain/chains/blockchain';
import { RpcAnswer, RpcCall } from '../../domain/chains/rpc-requests';
import { ChainHeads } from '../chains/chain-heads';
import { ChainRpc } from '../chains/chain-rpc.port';
import { SystemClock } from '../shared/clock';
import { ChainRpcProxy } from './chain-rpc-proxy';
import { ResolutionSettings } from './resolution-settings';

/** A node that answers from a table, records what reached it, and can be down. */
class TableNode extends ChainRpc {
  readonly received: RpcCall[][] = [];
  down = false;
  constructor(private readonly answers: Record<string, RpcAnswer>) {
    super();
  }
  chainIdOf(): number {
    return 137;
  }
  async send(_blockchain: Blockchain, calls: readonly RpcCall[]): Promise<RpcAnswer[]> {
    if (this.down) throw new Error('connection refused');
    this.received.push([...calls]);
    return calls.map((call) => this.answers[call.method] ?? { error: { code: -32000, message: 'no answer' } });
  }
}

const settings = new ResolutionSettings(new Set(), [], ['MATIC'], 200, { maxBatch: 3, maxLogBlocks: 10 }, 10);
const request = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });

describe('ChainRpcProxy', () => {
  const subject = (answers: Record<string, RpcAnswer> = {}) => {
    const node = new TableNode({ eth_chainId: { result: '0x89' }, eth_blockNumber: { result: '0x64' }, ...answers });
    return { node, proxy: new ChainRpcProxy(node, new ChainHeads(node, new SystemClock()), settings) };
  };

  it("answers one request with the node's result or its error, under the caller's id", async () => {
    const { proxy } = subject({ eth_call: { error: { code: 3, message: 'execution reverted', data: '0x08c3' } } });
    expect(await proxy.answer('MATIC', request('eth_chainId', [], 'x'))).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      result: '0x89',
    });
    expect(await proxy.answer('MATIC', request('eth_call', [{}], 2))).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: 3, message: 'execution reverted', data: '0x08c3' },
    });
  });

  it('answers a batch in its order, sending the node only what it lets through, in one batch', async () => {
    const { node, proxy } = subject();
    const answers = await proxy.answer('MATIC', [
      request('eth_sendRawTransaction', ['0x'], 1),
      request('eth_chainId', [], 2),
      request('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x20' }], 3),
    ]);
    expect((answers as { id: number; error?: { code: number } }[]).map(({ id, error }) => [id, error?.code])).toEqual([
      [1, -32004],
      [2, undefined],
      [3, -32005],
    ]);
    expect(node.received).toEqual([[{ method: 'eth_chainId', params: [] }]]);
  });

  it('asks the node for its head only when a filter names it, and measures the range against it', async () => {
    const { node, proxy } = subject({ eth_getLogs: { result: [] } });
    await proxy.answer('MATIC', request('eth_getLogs', [{ fromBlock: '0x5b' }]));
    expect(node.received.map((calls) => calls.map((call) => call.method))).toEqual([
      ['eth_blockNumber'],
      ['eth_getLogs'],
    ]);
    expect(await proxy.answer('MATIC', request('eth_getLogs', [{ fromBlock: '0x5a' }]))).toMatchObject({
      error: { code: -32005 },
    });
  });

  it('answers -32603 to what it would forward while the node is down, and still refuses the rest', async () => {
    const { node, proxy } = subject();
    node.down = true;
    expect(await proxy.answer('MATIC', [request('eth_chainId', [], 1), request('evm_mine', [], 2)])).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: "the chain's node did not answer; try again" } },
      { jsonrpc: '2.0', id: 2, error: expect.objectContaining({ code: -32004 }) },
    ]);
    expect(await proxy.answer('MATIC', request('eth_getLogs', [{}]))).toMatchObject({ error: { code: -32603 } });
  });

  it('refuses an empty batch and one over the limit whole, with a null id', async () => {
    const { node, proxy } = subject();
    expect(await proxy.answer('MATIC', [])).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(
      await proxy.answer(
        'MATIC',
        Array.from({ length: 4 }, () => request('eth_chainId')),
      ),
    ).toMatchObject({
      id: null,
      error: { code: -32005 },
    });
    expect(node.received).toEqual([]);
  });
});
