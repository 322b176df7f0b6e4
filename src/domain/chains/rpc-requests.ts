/**
 * What the resolution API's chain proxy (`POST /resolve/chains/{chain}/rpc`) forwards to a chain's node: JSON-RPC 2.0
 * requests of read methods, `eth_getLogs` over a bounded range of blocks, in bounded batches. Anything else is
 * answered here with a JSON-RPC error and never reaches the node.
 */

export type RpcId = string | number | null;

export interface RpcCall {
  readonly method: string;
  readonly params: readonly unknown[];
}

export interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A node's answer to one call: its result, or its error. */
export type RpcAnswer = { readonly result: unknown } | { readonly error: RpcError };

/** The error codes of JSON-RPC 2.0 and, for limits and unsupported methods, EIP-1474. */
export const RPC_ERROR = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  methodNotSupported: -32004,
  limitExceeded: -32005,
} as const;

/** Methods that read a chain: the only ones forwarded. */
export const RPC_READ_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'net_version',
  'web3_clientVersion',
]);

/** Methods that run a transaction against a block without sending it. */
const SIMULATIONS: ReadonlySet<string> = new Set(['eth_call', 'eth_estimateGas']);

/** Methods that send, sign or steer the node: known, and refused as such rather than as unknown. */
const WRITE_METHOD =
  /^(eth_send\w*|eth_sign\w*|eth_submit\w*|personal_\w+|admin_\w+|miner_\w+|debug_\w+|anvil_\w+|hardhat_\w+|evm_\w+)$/;

export interface RpcLimits {
  /** Requests in one batch. */
  readonly maxBatch: number;
  /** Blocks one `eth_getLogs` may cover, both ends counted. */
  readonly maxLogBlocks: number;
}

/** A block an `eth_getLogs` filter names: a number, or the chain's head (`latest` and the like). */
export type BlockRef = number | 'head';

/** A request checked: what to forward (and the blocks its logs cover), or the error to answer it with. */
export type CheckedRequest =
  | { readonly ok: true; readonly id: RpcId; readonly call: RpcCall; readonly logRange?: readonly [BlockRef, BlockRef] }
  | { readonly ok: false; readonly id: RpcId; readonly error: RpcError };

/** A body checked: its requests (a batch or one), or the one error answering it whole. */
export type CheckedBody =
  | { readonly ok: true; readonly batch: boolean; readonly requests: readonly unknown[] }
  | { readonly ok: false; readonly error: RpcError };

export const checkBody = (body: unknown, limits: RpcLimits): CheckedBody => {
  if (!Array.isArray(body)) return { ok: true, batch: false, requests: [body] };
  if (body.length === 0) return { ok: false, error: { code: RPC_ERROR.invalidRequest, message: 'the batch is empty' } };
  if (body.length > limits.maxBatch)
    return {
      ok: false,
      error: {
        code: RPC_ERROR.limitExceeded,
        message: `a batch holds at most ${limits.maxBatch} requests; this one holds ${body.length}`,
      },
    };
  return { ok: true, batch: true, requests: body };
};

const isId = (value: unknown): value is RpcId =>
  value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

const refused = (id: RpcId, code: number, message: string): CheckedRequest => ({
  ok: false,
  id,
  error: { code, message },
});

export const checkRequest = (request: unknown): CheckedRequest => {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return refused(null, RPC_ERROR.invalidRequest, 'a request is an object');
  const { jsonrpc, id, method, params } = request as Record<string, unknown>;
  const known = isId(id) ? id : null;
  if (jsonrpc !== '2.0') return refused(known, RPC_ERROR.invalidRequest, 'jsonrpc must be "2.0"');
  // a notification would get no answer, and a read that answers nothing is no use: every request needs its id
  if (!('id' in (request as object)) || !isId(id))
    return refused(known, RPC_ERROR.invalidRequest, 'id must be a string, a number or null');
  if (typeof method !== 'string' || method.length === 0 || method.length > 100)
    return refused(id, RPC_ERROR.invalidRequest, 'method must be a method name');
  if (params !== undefined && !Array.isArray(params))
    return refused(id, RPC_ERROR.invalidParams, 'params must be an array');
  if (WRITE_METHOD.test(method))
    return refused(id, RPC_ERROR.methodNotSupported, `${method} is not served: the proxy forwards read methods only`);
  if (!RPC_READ_METHODS.has(method)) return refused(id, RPC_ERROR.methodNotFound, `the method ${method} is not served`);
  const given = params ?? [];
  // the third parameter of a call is a set of state overrides: code and storage a node would run, refused
  if (SIMULATIONS.has(method) && given.length > 2)
    return refused(
      id,
      RPC_ERROR.invalidParams,
      `${method} takes a transaction and a block; state overrides are not served`,
    );
  if (method !== 'eth_getLogs') return { ok: true, id, call: { method, params: given } };
  if (given.length !== 1) return refused(id, RPC_ERROR.invalidParams, 'eth_getLogs takes one filter object');
  const logs = logFilterOf(given[0]);
  return 'problem' in logs
    ? refused(id, RPC_ERROR.invalidParams, logs.problem)
    : { ok: true, id, call: { method, params: [logs.filter] }, logRange: logs.range };
};

/** Tags for the head, as nodes take them (`pending` reads no further than the head for logs). */
const HEAD_TAGS = new Set(['latest', 'safe', 'finalized', 'pending']);

const BLOCK_TAGS_MESSAGE =
  'fromBlock and toBlock must be block numbers (0x hex) or tags (earliest, latest, safe, finalized, pending)';
const FILTER_KEYS: ReadonlySet<string> = new Set(['address', 'topics', 'fromBlock', 'toBlock', 'blockHash']);
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A block of a filter; undefined when it names none. */
const blockOf = (value: unknown): BlockRef | undefined => {
  if (value === undefined || (typeof value === 'string' && HEAD_TAGS.has(value))) return 'head';
  if (value === 'earliest') return 0;
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value)) return Number.parseInt(value, 16);
  return undefined;
};

type CheckedFilter =
  | { readonly filter: Readonly<Record<string, unknown>>; readonly range: readonly [BlockRef, BlockRef] }
  | { readonly problem: string };

/**
 * An `eth_getLogs` filter rebuilt from the keys it may have, spelled as nodes read them, so that the node reads the
 * very blocks measured here (nodes match keys in any case, and take a null `blockHash` for none): `blockHash` alone
 * is one block, `fromBlock`..`toBlock` (the head by default) the blocks between, both ends counted.
 */
const logFilterOf = (filter: unknown): CheckedFilter => {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    return { problem: 'eth_getLogs takes one filter object' };
  const given = filter as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => !FILTER_KEYS.has(key));
  if (unknown.length > 0)
    return { problem: `a log filter has address, topics, and fromBlock and toBlock or blockHash; not ${unknown[0]}` };
  const { address, topics, fromBlock, toBlock, blockHash } = given;
  const selection = {
    ...(address === undefined ? {} : { address }),
    ...(topics === undefined ? {} : { topics }),
  };
  if (blockHash !== undefined) {
    if (typeof blockHash !== 'string' || !HASH.test(blockHash)) return { problem: 'blockHash must be 0x and 64 hex' };
    if (fromBlock !== undefined || toBlock !== undefined)
      return { problem: 'a log filter names blockHash or fromBlock and toBlock, not both' };
    return { filter: { ...selection, blockHash }, range: [0, 0] }; // one block, however far back
  }
  const from = blockOf(fromBlock);
  const to = blockOf(toBlock);
  if (from === undefined || to === undefined) return { problem: BLOCK_TAGS_MESSAGE };
  return {
    filter: {
      ...selection,
      ...(fromBlock === undefined ? {} : { fromBlock }),
      ...(toBlock === undefined ? {} : { toBlock }),
    },
    range: [from, to],
  };
};

/** Whether a request's logs need the chain's head to be measured. */
export const needsHead = (checked: CheckedRequest): boolean =>
  checked.ok && checked.logRange !== undefined && checked.logRange.includes('head');

/**
 * The requests as forwarded, those of logs refused once they cover more blocks than allowed: one request alone, or
 * with the ones before it in the batch (`head`: the chain's head, for the ranges that name it).
 */
export const withinLogBudget = (
  requests: readonly CheckedRequest[],
  head: number,
  limits: RpcLimits,
): CheckedRequest[] => {
  let spent = 0;
  return requests.map((checked) => {
    if (!checked.ok || !checked.logRange) return checked;
    const [from, to] = checked.logRange.map((block) => (block === 'head' ? head : block));
    const blocks = Math.max(0, to - from + 1);
    if (blocks > limits.maxLogBlocks)
      return refused(
        checked.id,
        RPC_ERROR.limitExceeded,
        `eth_getLogs covers ${blocks} blocks; at most ${limits.maxLogBlocks} a request: ask for a narrower range`,
      );
    if (spent + blocks > limits.maxLogBlocks)
      return refused(
        checked.id,
        RPC_ERROR.limitExceeded,
        `the eth_getLogs of one batch cover at most ${limits.maxLogBlocks} blocks together: send this one in another`,
      );
    spent += blocks;
    return checked;
  });
};
