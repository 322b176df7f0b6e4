import { Blockchain } from '../../domain/chains/blockchain';
import { RpcAnswer, RpcCall } from '../../domain/chains/rpc-requests';

/**
 * A chain's node as JSON-RPC: calls go to it as they are, and its answers (results and its own errors) come back.
 * The resolution API's chain proxy and its status page read the chains through it.
 */
export abstract class ChainRpc {
  /** The chain's id (EIP-155), as configured. */
  abstract chainIdOf(blockchain: Blockchain): number;
  /** Sends the calls to the chain's node as one batch; the answers in the calls' order. Throws when it cannot. */
  abstract send(blockchain: Blockchain, calls: readonly RpcCall[]): Promise<RpcAnswer[]>;
}
