import { randomBytes } from 'node:crypto';
import { createWalletClient, decodeFunctionResult, encodeFunctionData, getAddress, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { unsArtifact } from '../../src/infrastructure/chain/uns-artifacts';
import { ChainWriter } from '../../src/application/chains/chain-writer.port';
import { Blockchain, tokenIdOf } from '../../src/domain/chains/blockchain';
import { newWallet, resolutionKeyOf } from '../support/chain-actors';
import { apiReferee, proxyReferee, Referee } from '../support/resolution-referee';
import { openChains } from '../../src/infrastructure/chain/open-chains';
import { AppConfig } from '../../src/infrastructure/config/config';
import { freePort } from '../support/free-port';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';

/**
 * Surface E's chain proxy (`POST /resolve/chains/{eth,matic,base}/rpc`): the published resolution client pointed at
 * the service alone, with a resolution key, answers as the API does on all three chains; the proxy forwards reads
 * and refuses the rest with JSON-RPC errors.
 */
const quiet = { info: () => undefined, debug: () => undefined };

/** Anvil's third development account: the owner of the ETH fixture brad.crypto on local chains. */
const BRAD_OWNER = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

describe('resolution (surface E): the chain proxy', () => {
  const MAX_BATCH = 5;
  const MAX_LOG_BLOCKS = 10;
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let writer: ChainWriter;
  let key: string;
  let base: string;
  let viaProxy: Referee;
  let viaApi: Referee;
  const unique = () => `x${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    // the registries' token URIs name the service's metadata route at the address it will listen on
    const port = await freePort();
    chains = await startTestChains('ETH,MATIC,BASE', { PUBLIC_URL: `http://127.0.0.1:${port}` });
    subject = await createTestApp({
      chains,
      env: {
        ...chains.env,
        RESOLUTION_RPC_MAX_BATCH: String(MAX_BATCH),
        RESOLUTION_RPC_MAX_LOG_BLOCKS: String(MAX_LOG_BLOCKS),
      },
    });
    await subject.app.listen({ port, host: '127.0.0.1' });
    writer = subject.app.get(ChainWriter);
    key = await resolutionKeyOf(subject.app);
    base = `${await subject.app.getUrl()}/resolve`.replace('[::1]', '127.0.0.1');
    viaApi = await apiReferee(base, key);
    viaProxy = await proxyReferee(base, key);
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const networkOf = (blockchain: Blockchain) =>
    chains.networks.find((network) => network.blockchain === blockchain) as (typeof chains.networks)[number];
  /** One body to the proxy of a chain, as a client sends it. */
  const rpc = async (
    chain: 'eth' | 'matic' | 'base',
    body: unknown,
    authorization: string | null = `Bearer ${key}`,
  ) => {
    const response = await subject.app.inject({
      method: 'POST',
      url: `/resolve/chains/${chain}/rpc`,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() };
  };
  /** The same body straight to the chain's node. */
  const direct = async (blockchain: Blockchain, body: unknown) => {
    const response = await fetch(networkOf(blockchain).rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { result?: unknown };
  };
  /** What the MATIC registry's `tokenURI` answers for a token, asked of the node directly. */
  const tokenUriOf = async (tokenId: bigint): Promise<string> => {
    const abi = unsArtifact('UNSRegistry').abi;
    const data = encodeFunctionData({ abi, functionName: 'tokenURI', args: [tokenId] });
    const answer = await direct('MATIC', call('eth_call', [{ to: networkOf('MATIC').registry, data }, 'latest']));
    return decodeFunctionResult({ abi, functionName: 'tokenURI', data: answer.result as `0x${string}` }) as string;
  };
  const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });

  it("answers the published client's owner, records, isRegistered, reverseTokenId and reverse on ETH, MATIC and BASE as the API does", async () => {
    const owner = newWallet();
    const onMatic = `${unique()}.crypto`;
    const onBase = `${unique()}.base`;
    await writer.mint(`proxy-${onMatic}`, 'MATIC', onMatic, owner.address, {
      'crypto.ETH.address': owner.address,
      'ipfs.html.value': 'QmMatic',
    });
    await writer.mint(`proxy-${onBase}`, 'BASE', onBase, owner.address, { 'crypto.BTC.address': 'bc1qbase' });
    await writer.actAsOwner(`proxy-reverse-${onMatic}`, 'MATIC', onMatic, owner.signer, {
      kind: 'SET_REVERSE',
      name: onMatic,
    });
    const baseOwner = newWallet();
    const onBaseOnly = `${unique()}.base`;
    await writer.mint(`proxy-${onBaseOnly}`, 'BASE', onBaseOnly, baseOwner.address, {});
    await writer.actAsOwner(`proxy-reverse-${onBaseOnly}`, 'BASE', onBaseOnly, baseOwner.signer, {
      kind: 'SET_REVERSE',
      name: onBaseOnly,
    });
    // ETH is read-only to the service: the owner of the fixture brad.crypto (anvil's third account) acts itself
    const onEth = 'brad.crypto';
    const ethOwner = { address: BRAD_OWNER.address.toLowerCase() };
    const onEthChain = createWalletClient({ account: BRAD_OWNER, transport: http(networkOf('ETH').rpcUrl) }).extend(
      publicActions,
    );
    const reverseSet = await onEthChain.writeContract({
      address: networkOf('ETH').registry,
      abi: unsArtifact('UNSRegistry').abi,
      functionName: 'setReverse',
      args: [onEth.split('.')], // the overload by labels
      chain: null,
    } as never);
    expect((await onEthChain.waitForTransactionReceipt({ hash: reverseSet })).status).toBe('success');
    await subject.settled();

    const keys = ['crypto.ETH.address', 'crypto.BTC.address', 'ipfs.html.value'];
    for (const name of [onEth, onMatic, onBase, `${unique()}.crypto`, `${unique()}.base`]) {
      const [proxied, api] = await Promise.all(
        [viaProxy, viaApi].map(async (referee) => ({
          owner: await referee.owner(name),
          records: await referee.records(name, keys),
          all: await referee.allRecords(name),
        })),
      );
      expect({ name, ...proxied }).toEqual({ name, ...api });
      expect(await viaProxy.client.isRegistered(name)).toBe('value' in api.owner);
    }
    expect(await viaProxy.owner(onMatic)).toEqual({ value: getAddress(owner.address) });
    expect(await viaProxy.owner(onBase)).toEqual({ value: getAddress(owner.address) });

    // the primary domain the client finds through the proxy is the one E's reverse route answers
    for (const [address, name] of [
      [ethOwner.address, onEth],
      [owner.address, onMatic],
      [baseOwner.address, onBaseOnly],
    ]) {
      const served = await subject.app.inject({
        method: 'GET',
        url: `/resolve/reverse/${address}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(served.json().data.map((item: { meta: { domain: string } }) => item.meta.domain)).toEqual([name]);
      expect(await viaProxy.client.reverseTokenId(address)).toBe(BigInt(tokenIdOf(name)).toString());
    }
    // the token's name comes from its metadata, where the registry's tokenURI points: the service's own route. The
    // client asks ETH and POL for the tokenURI, never BASE (9.3.3's unhash), so a BASE name stays a token id there
    expect(await viaProxy.client.reverse(owner.address)).toBe(onMatic);
    expect(await viaProxy.client.reverse(ethOwner.address)).toBe(onEth);
    await expect(viaProxy.client.reverse(baseOwner.address)).rejects.toThrow(/is not registered/);
    // an address without a UNS primary domain falls through to ENS, which the local ETH chain does not have: the client
    // fails there whatever node it reads, where E answers that there is none
    const nobody = newWallet().address;
    expect(
      (
        await subject.app.inject({
          method: 'GET',
          url: `/resolve/reverse/${nobody}`,
          headers: { authorization: `Bearer ${key}` },
        })
      ).json(),
    ).toEqual({ data: [] });
  });

  it("serves each token's metadata where the registries' tokenURI points, without a key", async () => {
    const owner = newWallet();
    const name = `${unique()}.crypto`;
    await writer.mint(`metadata-${name}`, 'MATIC', name, owner.address, { 'ipfs.html.value': 'QmMeta' });
    await subject.settled();
    const tokenId = BigInt(tokenIdOf(name));
    const tokenUri = await tokenUriOf(tokenId);
    expect(tokenUri).toBe(`${base}/metadata/${tokenId}`);
    // a worker of the same data directory (it serves no metadata) opens the chains and leaves their token URIs be
    const byWorker = await openChains(new AppConfig({ ...chains.env, PUBLIC_URL: 'http://worker.invalid:9' }), quiet);
    await byWorker.stop();
    expect(await tokenUriOf(tokenId)).toBe(tokenUri);
    const served = await fetch(tokenUri);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({
      name,
      description: `${name}: a blockchain domain on MATIC`,
      tokenId: tokenId.toString(),
      namehash: tokenIdOf(name),
      attributes: [
        { trait_type: 'ending', value: 'crypto' },
        { trait_type: 'length', value: name.split('.')[0].length },
        { trait_type: 'blockchain', value: 'MATIC' },
      ],
      properties: { records: { 'ipfs.html.value': 'QmMeta' } },
    });
    expect((await fetch(`${base}/metadata/${tokenIdOf(name)}`)).status).toBe(200);
    const unknown = await fetch(`${base}/metadata/${BigInt(tokenIdOf(`${unique()}.crypto`))}`);
    expect({ status: unknown.status, code: ((await unknown.json()) as { code: string }).code }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect((await fetch(`${base}/metadata/brad.crypto`)).status).toBe(400);
  });

  it('forwards reads to the chain it names, as the node answers them, with the callers ids and in their order', async () => {
    for (const [chain, blockchain] of [
      ['eth', 'ETH'],
      ['matic', 'MATIC'],
      ['base', 'BASE'],
    ] as const) {
      const chainId = await rpc(chain, call('eth_chainId', [], 'a'));
      expect(chainId).toEqual({
        status: 200,
        body: { jsonrpc: '2.0', id: 'a', result: `0x${networkOf(blockchain).chainId.toString(16)}` },
      });
    }
    const code = call('eth_getCode', [networkOf('MATIC').registry, 'latest'], 7);
    expect((await rpc('matic', code)).body).toEqual(await direct('MATIC', code));

    const batch = await rpc('matic', [
      call('eth_blockNumber', [], 'first'),
      call('eth_sendRawTransaction', ['0x00'], 2),
      call('eth_chainId', [], null),
      call('no_suchMethod', [], 4),
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body.map((answer: { id: unknown }) => answer.id)).toEqual(['first', 2, null, 4]);
    expect(batch.body[0].result).toMatch(/^0x[0-9a-f]+$/);
    expect(batch.body[1].error.code).toBe(-32004);
    expect(batch.body[2].result).toBe('0x89');
    expect(batch.body[3].error.code).toBe(-32601);
  });

  it('bounds eth_getLogs to a range of blocks and answers the logs within it as the node does', async () => {
    const registry = networkOf('MATIC').registry;
    // the chain grows past the limit, so that from its first block to its head is over it
    await direct('MATIC', call('anvil_mine', [`0x${(MAX_LOG_BLOCKS * 2).toString(16)}`]));
    // blocks 1 to 10: the registry's deployment and the first mints
    const within = call('eth_getLogs', [
      { address: registry, fromBlock: '0x1', toBlock: `0x${MAX_LOG_BLOCKS.toString(16)}` },
    ]);
    const answered = await rpc('matic', within);
    expect(answered.body.result).toEqual((await direct('MATIC', within)).result);
    expect(answered.body.result.length).toBeGreaterThan(0);

    const blockTwo = ((await direct('MATIC', call('eth_getBlockByNumber', ['0x2', false]))).result as { hash: string })
      .hash;
    const refusals = await rpc('matic', [
      call('eth_getLogs', [{ address: registry, fromBlock: 'earliest', toBlock: 'latest' }], 1),
      call('eth_getLogs', [{ fromBlock: '0x0', toBlock: `0x${MAX_LOG_BLOCKS.toString(16)}` }], 2),
      call('eth_getLogs', [{ fromBlock: 'yesterday' }], 3),
      call('eth_getLogs', ['not a filter'], 4),
      call('eth_getLogs', [{ blockHash: blockTwo }], 5),
    ]);
    expect(refusals.body.map((answer: { error?: { code: number } }) => answer.error?.code)).toEqual([
      -32005,
      -32005,
      -32602,
      -32602,
      undefined,
    ]);
    expect(refusals.body[0].error.message).toMatch(new RegExp(`at most ${MAX_LOG_BLOCKS}`));
    expect(refusals.body[4].result.length).toBeGreaterThan(0); // one block by its hash, however far back
  });

  it('refuses write and unknown methods, malformed requests and batches over the limit with JSON-RPC errors', async () => {
    const refused = async (body: unknown) => (await rpc('matic', body)).body;
    expect(await refused(call('eth_sendRawTransaction', ['0x02f8'], 9))).toMatchObject({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32004, message: expect.stringContaining('read methods only') },
    });
    for (const method of ['eth_sendTransaction', 'eth_sign', 'personal_sign', 'anvil_setBalance', 'evm_mine'])
      expect((await refused(call(method))).error.code).toBe(-32004);
    for (const method of ['eth_newFilter', 'parity_nextNonce', 'ETH_CALL'])
      expect((await refused(call(method))).error.code).toBe(-32601);
    expect((await refused({ jsonrpc: '1.0', id: 1, method: 'eth_chainId' })).error.code).toBe(-32600);
    expect((await refused({ jsonrpc: '2.0', method: 'eth_chainId' })).error.code).toBe(-32600);
    expect((await refused({ jsonrpc: '2.0', id: {}, method: 'eth_chainId' })).error.code).toBe(-32600);
    expect((await refused({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: { to: '0x' } })).error.code).toBe(
      -32602,
    );
    expect(await refused('eth_chainId')).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await refused([])).toMatchObject({ id: null, error: { code: -32600 } });
    const over = await refused(
      Array.from({ length: MAX_BATCH + 1 }, (_unused, index) => call('eth_chainId', [], index)),
    );
    expect(over).toMatchObject({
      id: null,
      error: { code: -32005, message: expect.stringContaining(`at most ${MAX_BATCH}`) },
    });
    expect(
      await refused(Array.from({ length: MAX_BATCH }, (_unused, index) => call('eth_chainId', [], index))),
    ).toHaveLength(MAX_BATCH);
  });

  it('needs a resolution key', async () => {
    expect(await rpc('eth', call('eth_chainId'), null)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await rpc('eth', call('eth_chainId'), `Bearer svc_res_${'0'.repeat(64)}`)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
  });

  it("reports each chain's head beside the last block indexed on /status", async () => {
    await subject.settled();
    const status = await subject.app.inject({ method: 'GET', url: '/resolve/status' });
    for (const blockchain of ['ETH', 'MATIC', 'BASE'] as const) {
      const head = Number.parseInt(String((await direct(blockchain, call('eth_blockNumber'))).result), 16);
      const reported = status.json().blockchain[blockchain];
      expect(reported).toEqual({
        isUpToDate: true,
        latestNetworkBlock: head,
        latestMirroredBlock: expect.any(Number),
        networkId: networkOf(blockchain).chainId,
        acceptableDelayInBlocks: 10,
      });
      // the index is where the indexer's last stored batch ends, within the acceptable delay of the head
      expect(reported.latestMirroredBlock).toBe(status.json().blockchains[blockchain].latestIndexedBlock);
      expect(head - reported.latestMirroredBlock).toBeGreaterThanOrEqual(0);
      expect(head - reported.latestMirroredBlock).toBeLessThanOrEqual(10);
    }
  });
});
