import { mkdtempSync } from 'node:fs';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Address, createPublicClient, createWalletClient, getAddress, http, namehash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { RunningAnvil, startAnvil } from '../../src/infrastructure/chain/anvil';
import { unsArtifact } from '../../src/infrastructure/chain/uns-artifacts';
import { deployUnsLocally, LocalDeployment } from '../../src/infrastructure/chain/uns-deployment';
import { freePort } from '../support/free-port';
import { apiReferee, Blockchain, ChainSource, chainReferee, Referee } from '../support/resolution-referee';

// anvil's second development account, standing in for the service's relayer
const relayer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const quiet = { info: () => undefined, debug: () => undefined };
const API_KEY = 'referee-test-key';

const chains: Record<Blockchain, { chainId: number; tlds: string[] }> = {
  ETH: { chainId: 1, tlds: ['crypto', 'wallet'] },
  MATIC: { chainId: 137, tlds: ['crypto', 'wallet'] },
  BASE: { chainId: 8453, tlds: ['base'] },
};
const tlds = [
  { tld: 'crypto', blockchain: 'MATIC' },
  { tld: 'wallet', blockchain: 'MATIC' },
  { tld: 'base', blockchain: 'BASE' },
] as const;

/** One name per chain: L2 (the usual case), L1 only (the client's fallback) and BASE (its separate service). */
const minted = [
  {
    name: 'alice.crypto',
    on: 'MATIC',
    owner: getAddress('0x000000000000000000000000000000000000dead'),
    records: { 'crypto.ETH.address': '0x000000000000000000000000000000000000bEEF' },
  },
  {
    name: 'bob.wallet',
    on: 'ETH',
    owner: getAddress('0x00000000000000000000000000000000000b0b00'),
    records: {
      'crypto.ETH.address': '0x0000000000000000000000000000000000000B0B',
      'crypto.BTC.address': 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    },
  },
  {
    name: 'carol.base',
    on: 'BASE',
    owner: getAddress('0x00000000000000000000000000000000000ca201'),
    records: { 'crypto.ETH.address': '0x00000000000000000000000000000000000CA201' },
  },
] as const;

interface Seen {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** A stand-in for surface E: the two routes the client's API mode needs, answering from fixed JSON. */
const startApi = async (
  deployments: Record<Blockchain, LocalDeployment>,
  seen: Seen[],
): Promise<{ baseUrl: string; server: Server }> => {
  const domains = new Map<string, unknown>(
    minted.map(({ name, on, owner, records }) => [
      name,
      {
        meta: {
          domain: name,
          blockchain: on,
          networkId: chains[on].chainId,
          owner,
          resolver: deployments[on].registry,
          registry: deployments[on].registry,
          tokenId: BigInt(namehash(name)).toString(),
          namehash: namehash(name),
          reverse: false,
        },
        records,
      },
    ]),
  );
  const supported = {
    tlds: tlds.map(({ tld }) => tld),
    meta: Object.fromEntries(
      tlds.map(({ tld, blockchain }) => [tld, { namingService: 'UNS', registrationBlockchain: blockchain }]),
    ),
  };
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    const send = (status: number, body: unknown): void =>
      void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${API_KEY}`) return send(401, { message: 'unauthorized' });
    if (request.url === '/supported_tlds') return send(200, supported);
    const name = /^\/domains\/([^/?]+)$/.exec(request.url ?? '')?.[1];
    if (!name) return send(404, { message: 'not found' });
    // an unregistered name is a 200 with a null owner: the client reads `meta.owner` without looking at the status
    const meta = {
      domain: name,
      blockchain: null,
      networkId: null,
      owner: null,
      resolver: null,
      registry: null,
      tokenId: null,
      namehash: namehash(name),
      reverse: false,
    };
    send(200, domains.get(name) ?? { meta, records: {} });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${port}`, server };
};

describe('the published resolution client as a referee, through the API and on-chain', () => {
  const anvils: RunningAnvil[] = [];
  const seen: Seen[] = [];
  let server: Server | undefined;
  let api: Referee;
  let chain: Referee;
  const sources: ChainSource[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'domain-engine-referee-'));
    const deployments = {} as Record<Blockchain, LocalDeployment>;
    for (const [blockchain, { chainId, tlds: chainTlds }] of Object.entries(chains) as [
      Blockchain,
      (typeof chains)[Blockchain],
    ][]) {
      const anvil = await startAnvil({
        chainId,
        port: await freePort(),
        stateFile: join(dir, `${chainId}.json`),
        log: quiet,
      });
      anvils.push(anvil);
      deployments[blockchain] = await deployUnsLocally(anvil.rpcUrl, chainId, chainTlds, relayer.address, quiet);
      sources.push({ rpcUrl: anvil.rpcUrl, chainId, proxyReader: deployments[blockchain].proxyReader });
      for (const { name, owner, records } of minted.filter(({ on }) => on === blockchain)) {
        await mint(anvil.rpcUrl, deployments[blockchain].mintingManager, owner, name, records);
      }
    }
    const started = await startApi(deployments, seen);
    server = started.server;
    api = await apiReferee(started.baseUrl, API_KEY);
    chain = chainReferee(sources, [...tlds]);
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await Promise.all(anvils.map((anvil) => anvil.stop()));
  });

  it.each(minted.map((domain) => [domain.name, domain] as const))(
    'answers %s the same in both modes, and as minted',
    async (name, { owner, records }) => {
      const eth = records['crypto.ETH.address'];
      const btc = 'crypto.BTC.address' in records ? records['crypto.BTC.address'] : undefined;
      for (const referee of [api, chain]) {
        expect(await referee.owner(name)).toEqual({ value: owner });
        expect(await referee.records(name, ['crypto.ETH.address', 'crypto.BTC.address'])).toEqual({
          value: { 'crypto.ETH.address': eth, 'crypto.BTC.address': btc ?? '' },
        });
        expect(await referee.allRecords(name)).toEqual({ value: records });
        expect(await referee.addr(name, 'eth')).toEqual({ value: eth });
        expect(await referee.addr(name, 'BTC')).toEqual(btc ? { value: btc } : { error: 'RecordNotFound' });
      }
    },
  );

  it('answers an unminted name as unregistered in both modes, though the raw API mode only says so for the owner', async () => {
    for (const referee of [api, chain]) {
      expect(await referee.owner('nobody.crypto')).toEqual({ error: 'UnregisteredDomain' });
      expect(await referee.records('nobody.crypto', ['crypto.ETH.address'])).toEqual({ error: 'UnregisteredDomain' });
      expect(await referee.allRecords('nobody.crypto')).toEqual({ error: 'UnregisteredDomain' });
      expect(await referee.addr('nobody.crypto', 'ETH')).toEqual({ error: 'UnregisteredDomain' });
    }
    // what the wrappers correct: API mode answers records of an unregistered name as empty, on-chain mode refuses
    expect(await api.client.records('nobody.crypto', ['crypto.ETH.address'])).toEqual({ 'crypto.ETH.address': '' });
    expect(await api.client.allRecords('nobody.crypto')).toEqual({});
    expect(await api.client.addr('nobody.crypto', 'ETH')).toBe('');
    await expect(chain.client.records('nobody.crypto', ['crypto.ETH.address'])).rejects.toMatchObject({
      code: 'UnregisteredDomain',
    });
    await expect(chain.client.addr('nobody.crypto', 'ETH')).rejects.toMatchObject({ code: 'UnregisteredDomain' });
    // and a record a registered name lacks: '' through the API, RecordNotFound on-chain
    expect(await api.client.addr('alice.crypto', 'BTC')).toBe('');
    await expect(chain.client.addr('alice.crypto', 'BTC')).rejects.toMatchObject({ code: 'RecordNotFound' });
  });

  it('reads on-chain without an ETH chain, the missing layer being a chain with nothing on it', async () => {
    const polygonOnly = chainReferee(
      sources.filter(({ chainId }) => chainId === 137),
      [...tlds],
    );
    expect(await polygonOnly.owner('alice.crypto')).toEqual(await chain.owner('alice.crypto'));
    expect(await polygonOnly.owner('bob.wallet')).toEqual({ error: 'UnregisteredDomain' });
    // BASE is a service of its own, which the client builds only when given a BASE chain
    await expect(polygonOnly.client.owner('carol.base')).rejects.toMatchObject({ code: 'NetworkConfigMissing' });
  });

  it('asks the API only GET /supported_tlds (the referee, once) and GET /domains/<name>, and knows TLDs only from the table', async () => {
    expect(seen[0].url).toBe('/supported_tlds');
    seen.length = 0;
    await api.client.owner('alice.crypto');
    await api.client.records('alice.crypto', ['crypto.ETH.address']);
    expect(seen.map(({ url }) => url)).toEqual(['/domains/alice.crypto', '/domains/alice.crypto']);
    // the key is the referee's addition; the client itself sends only its user agent
    expect(seen[0].headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      'x-user-agent': 'cross-fetch/4.0.0 (+https://github.com/lquixada/cross-fetch) Resolution',
    });

    seen.length = 0;
    // a TLD outside the table is unsupported without a request; one inside it is a method UdApi does not have
    expect(await api.client.isSupportedDomain('alice.unknown')).toBe(false);
    await expect(api.client.isSupportedDomain('alice.crypto')).rejects.toMatchObject({ code: 'UnsupportedMethod' });
    await expect(api.client.owner('alice.unknown')).rejects.toMatchObject({ code: 'UnsupportedDomain' });
    expect(seen).toEqual([]);
    // on-chain, a TLD in the table is asked of the chains (ProxyReader `exists(namehash(tld))`)
    expect(await chain.client.isSupportedDomain('alice.crypto')).toBe(true);
    expect(await chain.client.isSupportedDomain('alice.base')).toBe(true);
    expect(await chain.client.isSupportedDomain('alice.unknown')).toBe(false);
  });
});

const mint = async (
  rpcUrl: string,
  mintingManager: Address,
  to: Address,
  name: string,
  records: Record<string, string>,
): Promise<void> => {
  const wallet = createWalletClient({ transport: http(rpcUrl), account: relayer });
  const hash = await wallet.writeContract({
    address: mintingManager,
    abi: unsArtifact('MintingManager').abi,
    functionName: 'issueWithRecords',
    chain: null,
    args: [to, name.split('.'), Object.keys(records), Object.values(records), false],
  } as never);
  const receipt = await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`minting ${name} reverted`);
};
