import { ChainRpc } from '../../application/chains/chain-rpc.port';
import { Blockchain } from '../../domain/chains/blockchain';
import { RPC_ERROR, RpcAnswer, RpcCall, RpcError } from '../../domain/chains/rpc-requests';
import { ChainNetwork } from './chain-network';

/** How long a node may take over one batch before its callers hear it did not answer. */
const NODE_TIMEOUT_MS = 10_000;
/** The most of a node's answer to one batch that is read: a larger one (a wide log filter, full blocks) is refused. */
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

const TOO_LARGE: RpcError = {
  code: RPC_ERROR.limitExceeded,
  message: `the node's answer is over ${MAX_ANSWER_BYTES / 1024 / 1024} MiB: ask for less (fewer blocks, a narrower filter, a smaller batch)`,
};

/** The body of a node's answer, or undefined once it grows past the limit (the rest is not read). */
const boundedText = async (response: Response): Promise<string | undefined> => {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
};

const errorOf = (raw: unknown): RpcError => {
  const error = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    code: typeof error.code === 'number' ? error.code : RPC_ERROR.internal,
    message: typeof error.message === 'string' ? error.message : "the chain's node failed",
    ...(error.data === undefined ? {} : { data: error.data }),
  };
};

/**
 * The nodes of `Runtime.chains` over HTTP JSON-RPC: calls go as one batch numbered by position, so the caller's own
 * ids never reach the node, and answers come back in the calls' order whatever order the node gave them in.
 */
export class NodeChainRpc extends ChainRpc {
  constructor(private readonly networks: readonly ChainNetwork[]) {
    super();
  }

  chainIdOf(blockchain: Blockchain): number {
    return this.networkOf(blockchain).chainId;
  }

  async send(blockchain: Blockchain, calls: readonly RpcCall[]): Promise<RpcAnswer[]> {
    const network = this.networkOf(blockchain);
    const response = await fetch(network.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls.map((call, index) => ({ jsonrpc: '2.0', id: index, ...call }))),
      signal: AbortSignal.timeout(NODE_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the ${blockchain} node answered HTTP ${response.status}`);
    const text = await boundedText(response);
    if (text === undefined) return calls.map(() => ({ error: TOO_LARGE }));
    const answers: unknown = JSON.parse(text);
    // a node refusing the batch whole answers one error object
    if (!Array.isArray(answers)) return calls.map(() => ({ error: errorOf((answers as { error?: unknown }).error) }));
    const byId = new Map(answers.map((answer: { id?: unknown }) => [answer.id, answer as Record<string, unknown>]));
    return calls.map((_call, index): RpcAnswer => {
      const answer = byId.get(index);
      if (!answer) return { error: { code: RPC_ERROR.internal, message: "the chain's node left the call unanswered" } };
      return 'error' in answer ? { error: errorOf(answer.error) } : { result: answer.result ?? null };
    });
  }

  private networkOf(blockchain: Blockchain): ChainNetwork {
    const network = this.networks.find((candidate) => candidate.blockchain === blockchain);
    if (!network) throw new Error(`chain ${blockchain} is not configured (CHAINS)`);
    return network;
  }
}
