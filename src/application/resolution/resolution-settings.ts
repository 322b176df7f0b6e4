import { RpcLimits } from '../../domain/chains/rpc-requests';
import { Blockchain } from '../../domain/chains/blockchain';

/** What surface E's answers depend on, read once from the configuration and the chains the process talks to. */
export class ResolutionSettings {
  constructor(
    /** The record keys the registry's resolver knows (`resolver-keys.json` of the contracts package). */
    readonly recordKeys: ReadonlySet<string>,
    /** Each ending resolved, and the chain its names are registered on. */
    readonly tlds: readonly { readonly tld: string; readonly blockchain: Blockchain }[],
    /** The chains indexed. */
    readonly blockchains: readonly Blockchain[],
    /** Largest `perPage` of `GET /domains`. */
    readonly maxPerPage: number,
    /** What the chain proxy (`POST /chains/{chain}/rpc`) forwards at most. */
    readonly rpcLimits: RpcLimits,
    /** Blocks the index may trail a chain's head and still be up to date (`GET /status`). */
    readonly acceptableDelayInBlocks: number,
  ) {}

  get supportedTlds(): ReadonlySet<string> {
    return new Set(this.tlds.map((entry) => entry.tld));
  }
}
