// Equivalent mutants: the `typeof value === 'number'` of an id and the `typeof value === 'string'` of a head tag
// made true: `Number.isFinite` and the tags' set are false for every other kind of value anyway.

import { checkBody, checkRequest, needsHead, RPC_ERROR, withinLogBudget } from './rpc-requests';

const LIMITS = { maxBatch: 3, maxLogBlocks: 100 };
const request = (method: string, params?: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });
const codeOf = (checked: ReturnType<typeof checkRequest>) => (checked.ok ? 'forwarded' : checked.error.code);

describe('the chain proxy: which requests reach the node', () => {
  it('forwards read methods as they are, params defaulting to none', () => {
    expect(checkRequest(request('eth_call', [{ to: '0x1', data: '0x' }, 'latest'], 'a'))).toEqual({
      ok: true,
      id: 'a',
      call: { method: 'eth_call', params: [{ to: '0x1', data: '0x' }, 'latest'] },
    });
    expect(checkRequest({ jsonrpc: '2.0', id: null, method: 'eth_chainId' })).toEqual({
      ok: true,
      id: null,
      call: { method: 'eth_chainId', params: [] },
    });
  });

  it('refuses write methods as unsupported and any other unknown method as not found', () => {
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sign', 'eth_signTypedData_v4'])
      expect(codeOf(checkRequest(request(method, [])))).toBe(RPC_ERROR.methodNotSupported);
    for (const method of ['personal_sign', 'anvil_setBalance', 'evm_mine', 'debug_traceCall', 'admin_peers'])
      expect(codeOf(checkRequest(request(method, [])))).toBe(RPC_ERROR.methodNotSupported);
    for (const method of ['eth_newFilter', 'eth_subscribe', 'Eth_call', 'eth_call '])
      expect(codeOf(checkRequest(request(method, [])))).toBe(RPC_ERROR.methodNotFound);
  });

  it('refuses what is not a JSON-RPC 2.0 request with an id, keeping the id where it has one', () => {
    expect(checkRequest('eth_chainId')).toMatchObject({ id: null, error: { code: RPC_ERROR.invalidRequest } });
    expect(checkRequest([request('eth_chainId')])).toMatchObject({ error: { code: RPC_ERROR.invalidRequest } });
    expect(checkRequest({ ...request('eth_chainId'), jsonrpc: '1.0' })).toMatchObject({
      id: 1,
      error: { code: RPC_ERROR.invalidRequest },
    });
    expect(checkRequest({ jsonrpc: '2.0', method: 'eth_chainId' })).toMatchObject({
      id: null,
      error: { code: RPC_ERROR.invalidRequest },
    });
    for (const id of [{}, [], true, Number.NaN])
      expect(checkRequest(request('eth_chainId', [], id))).toMatchObject({ id: null, error: { code: -32600 } });
    expect(checkRequest(request('', []))).toMatchObject({ error: { code: RPC_ERROR.invalidRequest } });
    expect(checkRequest(request('x'.repeat(101), []))).toMatchObject({ error: { code: RPC_ERROR.invalidRequest } });
    expect(checkRequest(request('eth_call', { to: '0x1' }))).toMatchObject({
      error: { code: RPC_ERROR.invalidParams },
    });
  });

  it('measures eth_getLogs: by its blocks, the head for tags and absent ends, one block for a hash', () => {
    const logs = (filter: unknown) => checkRequest(request('eth_getLogs', [filter]));
    expect(logs({ fromBlock: '0x10', toBlock: '0x20' })).toMatchObject({ ok: true, logRange: [16, 32] });
    expect(logs({ fromBlock: 'earliest', toBlock: 'latest' })).toMatchObject({ logRange: [0, 'head'] });
    expect(logs({})).toMatchObject({ logRange: ['head', 'head'] });
    for (const tag of ['safe', 'finalized', 'pending']) expect(logs({ fromBlock: tag })).toMatchObject({ ok: true });
    expect(logs({ blockHash: `0x${'a'.repeat(64)}` })).toMatchObject({ logRange: [0, 0] });
    for (const bad of ['yesterday', 12, '0x', `0x${'f'.repeat(17)}`])
      expect(codeOf(logs({ fromBlock: bad }))).toBe(RPC_ERROR.invalidParams);
    for (const bad of [[], ['filter'], [null], [[]], [{}, {}]])
      expect(codeOf(checkRequest(request('eth_getLogs', bad)))).toBe(RPC_ERROR.invalidParams);
  });

  it('forwards a log filter rebuilt from the keys it may have, so that the node reads the blocks measured', () => {
    const logs = (filter: unknown) => checkRequest(request('eth_getLogs', [filter]));
    const topics = [`0x${'1'.repeat(64)}`, null];
    expect(logs({ address: '0x1', topics, fromBlock: '0x1', toBlock: '0x2' })).toMatchObject({
      call: { method: 'eth_getLogs', params: [{ address: '0x1', topics, fromBlock: '0x1', toBlock: '0x2' }] },
    });
    expect(logs({ blockHash: `0x${'b'.repeat(64)}` })).toMatchObject({
      call: { params: [{ blockHash: `0x${'b'.repeat(64)}` }] },
    });
    // nodes read keys in any case and a null blockHash as none: neither may widen the range measured
    for (const bad of [
      { FromBlock: '0x0', ToBlock: 'latest' },
      { fromBlock: '0x10', toBlock: '0x11', FROMBLOCK: '0x0' },
      { blockHash: null, fromBlock: 'earliest' },
      { blockHash: `0x${'a'.repeat(64)}`, fromBlock: 'earliest' },
      { blockHash: '0x12' },
      { limit: 10 },
    ])
      expect(codeOf(logs(bad))).toBe(RPC_ERROR.invalidParams);
  });

  it('refuses state overrides to eth_call and eth_estimateGas', () => {
    expect(checkRequest(request('eth_call', [{ to: '0x1' }, 'latest'])).ok).toBe(true);
    for (const method of ['eth_call', 'eth_estimateGas'])
      expect(codeOf(checkRequest(request(method, [{ to: '0x1' }, 'latest', { '0x1': { code: '0x00' } }])))).toBe(
        RPC_ERROR.invalidParams,
      );
  });

  it('lets logs through up to the limit of blocks, both ends counted, one request alone and a batch together', () => {
    const logs = (filter: unknown, id = 1) => checkRequest(request('eth_getLogs', [filter], id));
    const allowed = (requests: ReturnType<typeof checkRequest>[], head = 0) =>
      withinLogBudget(requests, head, LIMITS).map((checked) => checked.ok);
    expect(allowed([logs({ fromBlock: '0x1', toBlock: '0x64' })])).toEqual([true]);
    expect(withinLogBudget([logs({ fromBlock: '0x1', toBlock: '0x65' })], 0, LIMITS)).toMatchObject([
      { ok: false, error: { code: RPC_ERROR.limitExceeded, message: expect.stringContaining('101 blocks') } },
    ]);
    expect(allowed([logs({ fromBlock: 'earliest' })], 99)).toEqual([true]);
    expect(allowed([logs({ fromBlock: 'earliest' })], 100)).toEqual([false]);
    expect(allowed([logs({ fromBlock: '0x3e8' })], 5000)).toEqual([false]);
    expect(allowed([checkRequest(request('eth_chainId'))])).toEqual([true]);
    // 60 + 40 blocks fit; the next one does not, whatever comes between
    expect(
      allowed([
        logs({ fromBlock: '0x1', toBlock: '0x3c' }, 1),
        checkRequest(request('eth_chainId', [], 2)),
        logs({ fromBlock: '0x1', toBlock: '0x28' }, 3),
        logs({ blockHash: `0x${'c'.repeat(64)}` }, 4),
      ]),
    ).toEqual([true, true, true, false]);
    expect(allowed([logs({ fromBlock: '0x5', toBlock: '0x1' })])).toEqual([true]);
  });

  it('takes one request or a batch of up to the limit; an empty or larger batch is refused whole', () => {
    expect(checkBody(request('eth_chainId'), LIMITS)).toEqual({
      ok: true,
      batch: false,
      requests: [request('eth_chainId')],
    });
    expect(checkBody([1, 2, 3], LIMITS)).toEqual({ ok: true, batch: true, requests: [1, 2, 3] });
    expect(checkBody([], LIMITS)).toMatchObject({ ok: false, error: { code: RPC_ERROR.invalidRequest } });
    expect(checkBody([1, 2, 3, 4], LIMITS)).toMatchObject({ ok: false, error: { code: RPC_ERROR.limitExceeded } });
  });
});

describe('the chain proxy: what each refusal says', () => {
  const refusal = (code: number, message: string, id: unknown = 1) => ({ ok: false, id, error: { code, message } });

  it('forwards every read method it names, and nothing that only looks like one', () => {
    const reads = [
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
      'eth_getStorageAt',
      'eth_getTransactionByHash',
      'eth_getTransactionCount',
      'eth_getTransactionReceipt',
      'eth_maxPriorityFeePerGas',
      'net_version',
      'web3_clientVersion',
    ];
    expect(reads.filter((method) => !checkRequest(request(method, [])).ok)).toEqual([]);
    expect(checkRequest(request('x'.repeat(100), []))).toEqual(
      refusal(RPC_ERROR.methodNotFound, `the method ${'x'.repeat(100)} is not served`),
    );
  });

  it('names a write method as not served, by its whole name only', () => {
    const writes = ['eth_send', 'eth_sign', 'eth_submit', 'eth_submitWork', 'personal_unlockAccount', 'admin_addPeer'];
    writes.push('miner_start', 'debug_traceTransaction', 'anvil_mine', 'hardhat_mine', 'evm_snapshot');
    expect(writes.map((method) => checkRequest(request(method, [])))).toEqual(
      writes.map((method) =>
        refusal(RPC_ERROR.methodNotSupported, `${method} is not served: the proxy forwards read methods only`),
      ),
    );
    for (const method of ['my_eth_sendRawTransaction', 'eth_sendRawTransaction.x', 'evm_', 'miner_start!'])
      expect(codeOf(checkRequest(request(method, [])))).toBe(RPC_ERROR.methodNotFound);
  });

  it('says what is wrong with a request', () => {
    expect(checkRequest('eth_chainId')).toEqual(refusal(RPC_ERROR.invalidRequest, 'a request is an object', null));
    expect(checkRequest(null)).toEqual(refusal(RPC_ERROR.invalidRequest, 'a request is an object', null));
    expect(checkRequest([])).toEqual(refusal(RPC_ERROR.invalidRequest, 'a request is an object', null));
    expect(checkRequest({ ...request('eth_chainId'), jsonrpc: '1.0' })).toEqual(
      refusal(RPC_ERROR.invalidRequest, 'jsonrpc must be "2.0"'),
    );
    expect(checkRequest(request('eth_chainId', [], true))).toEqual(
      refusal(RPC_ERROR.invalidRequest, 'id must be a string, a number or null', null),
    );
    for (const method of [5, '', 'x'.repeat(101)])
      expect(checkRequest(request(method as string, []))).toEqual(
        refusal(RPC_ERROR.invalidRequest, 'method must be a method name'),
      );
    expect(checkRequest(request('eth_call', {}))).toEqual(refusal(RPC_ERROR.invalidParams, 'params must be an array'));
    expect(checkRequest(request('eth_estimateGas', [{}, 'latest', {}]))).toEqual(
      refusal(
        RPC_ERROR.invalidParams,
        'eth_estimateGas takes a transaction and a block; state overrides are not served',
      ),
    );
  });

  it('says what is wrong with a log filter', () => {
    const logs = (...params: unknown[]) => checkRequest(request('eth_getLogs', params));
    const problem = (message: string) => refusal(RPC_ERROR.invalidParams, message);
    expect(logs()).toEqual(problem('eth_getLogs takes one filter object'));
    for (const filter of ['filter', null, []])
      expect(logs(filter)).toEqual(problem('eth_getLogs takes one filter object'));
    expect(logs({ limit: 1 })).toEqual(
      problem('a log filter has address, topics, and fromBlock and toBlock or blockHash; not limit'),
    );
    for (const blockHash of ['0x12', [`0x${'a'.repeat(64)}`], `x0x${'a'.repeat(64)}`, `0x${'a'.repeat(64)}0`])
      expect(logs({ blockHash })).toEqual(problem('blockHash must be 0x and 64 hex'));
    for (const ends of [{ fromBlock: '0x1' }, { toBlock: '0x1' }])
      expect(logs({ blockHash: `0x${'a'.repeat(64)}`, ...ends })).toEqual(
        problem('a log filter names blockHash or fromBlock and toBlock, not both'),
      );
    const tags =
      'fromBlock and toBlock must be block numbers (0x hex) or tags (earliest, latest, safe, finalized, pending)';
    for (const block of [['0x10'], 'a0x10', 16])
      for (const end of ['fromBlock', 'toBlock']) expect(logs({ [end]: block })).toEqual(problem(tags));
  });

  it('forwards only the keys a filter names, and measures its logs against the head only when it names the head', () => {
    const logs = (filter: unknown) => checkRequest(request('eth_getLogs', [filter]));
    const forwarded = (filter: unknown) => {
      const checked = logs(filter);
      return checked.ok ? checked.call.params[0] : checked.error;
    };
    expect(forwarded({})).toStrictEqual({});
    expect(forwarded({ address: '0x1' })).toStrictEqual({ address: '0x1' });
    expect(forwarded({ topics: [] })).toStrictEqual({ topics: [] });
    expect(forwarded({ fromBlock: '0x1' })).toStrictEqual({ fromBlock: '0x1' });
    expect(forwarded({ toBlock: '0x1' })).toStrictEqual({ toBlock: '0x1' });
    expect(needsHead(logs({ fromBlock: '0x1', toBlock: '0x2' }))).toBe(false);
    expect(needsHead(logs({ fromBlock: '0x1' }))).toBe(true);
    expect(needsHead(logs({ toBlock: 'latest', fromBlock: '0x1' }))).toBe(true);
    expect(needsHead(checkRequest(request('eth_chainId')))).toBe(false);
    expect(needsHead(checkRequest(request('eth_getLogs', [])))).toBe(false);
  });

  it('says why a batch is refused, and why logs past the budget are', () => {
    expect(checkBody([], LIMITS)).toEqual({
      ok: false,
      error: { code: RPC_ERROR.invalidRequest, message: 'the batch is empty' },
    });
    expect(checkBody([1, 2, 3, 4], LIMITS)).toEqual({
      ok: false,
      error: { code: RPC_ERROR.limitExceeded, message: 'a batch holds at most 3 requests; this one holds 4' },
    });
    const logs = (id: number) => checkRequest(request('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x3c' }], id));
    expect(withinLogBudget([logs(1), logs(2)], 0, LIMITS)[1]).toEqual(
      refusal(
        RPC_ERROR.limitExceeded,
        'the eth_getLogs of one batch cover at most 100 blocks together: send this one in another',
        2,
      ),
    );
  });
});
