import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { Address, createPublicClient, createWalletClient, Hex, http, namehash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { unsAddresses, unsArtifact } from '../../src/infrastructure/chain/uns-artifacts';
import { stopProcess } from '../../src/infrastructure/processes';
import { startService, stopped } from '../support/cli';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';

/** The relayer of embedded chains (anvil's second development account), a minter on their MintingManager. */
const RELAYER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const MINTS = 100;
const STREAM = 'chain-MATIC';

type Service = ChildProcess & { startOutput: string };
interface DomainsPage {
  data: {
    id: string | null;
    attributes: {
      meta: { owner: string | null; namehash: string | null; blockchain: string | null };
      records: Record<string, string>;
    };
  }[];
  meta: { hasMore: boolean; nextStartingAfter: string | null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The scenario: the service is killed (SIGKILL, no shutdown hooks) while the MATIC indexer is storing 100
 * mints that are still arriving on the chain. The chain and the embedded PostgreSQL outlive it; the restarted service
 * adopts the chain, resumes after the last stored block, and the read model ends with every domain exactly once.
 */
describe('restarting the service in the middle of indexing', () => {
  let runDir: string;
  let dataDir: string;
  let env: Record<string, string>;
  let service: Service | undefined;
  let pool: Pool | undefined;
  let output = '';
  const progress: string[] = [];
  let passed = false;

  beforeAll(async () => {
    runDir = mkdtempSync(join(tmpdir(), 'domain-engine-indexer-restart-'));
    chmodSync(runDir, 0o755); // the embedded server runs as the postgres user, who must reach its data directory
    dataDir = join(runDir, 'data');
    env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DNS_PORT: '0',
      HOSTING_PORT: '0',
      HOSTING_TLS_PORT: '0',
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
      CHAINS: 'MATIC',
      CHAIN_ETH_PORT: String(await freePort()),
      CHAIN_MATIC_PORT: String(await freePort()),
      CHAIN_BASE_PORT: String(await freePort()),
      // small ranges, polled often: the 100 mints take many appends, so the kill lands between two of them
      INDEXER_POLL_MS: '20',
      INDEXER_BLOCK_RANGE: '2',
    };
  });

  /** Whatever happened, nothing this test started outlives it: the service, the chain it left, the database server. */
  afterAll(async () => {
    if (!dataDir) return;
    await pool?.end().catch(() => undefined);
    if (service && service.exitCode === null && service.signalCode === null) await stopped(service, 'SIGKILL');
    const chainPidFile = join(dataDir, 'chains', 'MATIC.pid');
    if (existsSync(chainPidFile))
      await stopProcess(
        (JSON.parse(readFileSync(chainPidFile, 'utf8')) as { anvil: number }).anvil,
        'SIGTERM',
        10_000,
        'SIGKILL',
      );
    const postmasterPid = join(dataDir, 'postgres', 'postmaster.pid');
    if (existsSync(postmasterPid))
      await stopProcess(Number(readFileSync(postmasterPid, 'utf8').split('\n')[0]), 'SIGINT', 10_000, 'SIGQUIT');
    if (!passed || process.env.INDEXER_RESTART_VERBOSE)
      process.stderr.write(`indexer-restart:\n${progress.join('\n')}\n`);
    if (passed) rmSync(runDir, { recursive: true, force: true });
    else
      process.stderr.write(
        `indexer-restart: data kept in ${runDir}; the service's last output:\n${output.slice(-4000)}\n`,
      );
  });

  const start = async (): Promise<Service> => {
    const child = await startService(env);
    output += child.startOutput;
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return child;
  };

  const rpcUrl = () => `http://127.0.0.1:${env.CHAIN_MATIC_PORT}`;
  const chainAnswers = () =>
    fetch(rpcUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    }).then(
      (response) => response.ok,
      () => false,
    );

  let resolutionKey: string;
  const domainsPage = async (owner: Address, perPage: number, startingAfter?: string): Promise<DomainsPage> => {
    const query = new URLSearchParams({
      owners: owner,
      perPage: String(perPage),
      ...(startingAfter ? { startingAfter } : {}),
    });
    const response = await fetch(`http://127.0.0.1:${env.PORT}/resolve/domains?${query}`, {
      headers: { authorization: `Bearer ${resolutionKey}` },
    });
    if (response.status !== 200)
      throw new Error(`GET /resolve/domains answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as DomainsPage;
  };
  /** Every page of the owner's domains, following `nextStartingAfter`. */
  const allDomains = async (owner: Address, perPage: number): Promise<{ names: (string | null)[]; pages: number }> => {
    const names: (string | null)[] = [];
    let pages = 0;
    let after: string | undefined;
    for (;;) {
      const page = await domainsPage(owner, perPage, after);
      pages++;
      expect(page.data.length).toBeLessThanOrEqual(perPage);
      names.push(...page.data.map((item) => item.id));
      if (!page.meta.hasMore) return { names, pages };
      after = page.meta.nextStartingAfter as string;
      if (pages > 1000) throw new Error('the pages do not end');
    }
  };

  it('holds all 100 domains exactly once after a SIGKILL while they were being indexed', async () => {
    const began = Date.now();
    const lap = (what: string) => progress.push(`  ${what} at ${Date.now() - began} ms`);

    service = await start();
    lap('first start served');
    resolutionKey = /Resolution key \(surface E, \/resolve\): (svc_res_[0-9a-f]{64})/.exec(
      service.startOutput,
    )?.[1] as string;
    expect(resolutionKey).toBeDefined();
    expect(await chainAnswers()).toBe(true);

    // 100 mints to a fresh owner, signed with consecutive nonces and sent at once: all in flight together
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const run = randomBytes(4).toString('hex');
    const names = Array.from({ length: MINTS }, (_, index) => `restart${run}n${index}.crypto`);
    const relayer = privateKeyToAccount(RELAYER_KEY);
    const wallet = createWalletClient({ transport: http(rpcUrl()), account: relayer });
    const reader = createPublicClient({ transport: http(rpcUrl()) });
    const mintingManager = unsAddresses(137).mintingManager;
    const firstNonce = await reader.getTransactionCount({ address: relayer.address, blockTag: 'pending' });
    const sent = Promise.all(
      names.map((name, index) =>
        wallet.writeContract({
          address: mintingManager,
          abi: unsArtifact('MintingManager').abi,
          functionName: 'issueWithRecords',
          chain: null,
          args: [owner, name.split('.'), ['crypto.ETH.address'], [owner], false],
          nonce: firstNonce + index,
          gas: 2_000_000n,
        } as never),
      ),
    );
    sent.catch(() => undefined); // awaited below, after the kill

    // kill the service once surface E shows some but not all of the owner's domains
    let seenBeforeKill = 0;
    const deadline = Date.now() + 60_000;
    while (seenBeforeKill === 0) {
      if (Date.now() > deadline) throw new Error('surface E showed none of the 100 domains within a minute');
      const count = (await domainsPage(owner, 200)).data.length;
      if (count > 0) seenBeforeKill = count;
      else await sleep(5);
    }
    expect(await stopped(service, 'SIGKILL')).toBeNull();
    lap(`killed with ${seenBeforeKill} of ${MINTS} shown`);
    expect(seenBeforeKill).toBeGreaterThanOrEqual(1);
    expect(seenBeforeKill).toBeLessThan(MINTS);

    const password = readFileSync(join(dataDir, 'postgres', 'domain-engine.password'), 'utf8').trim();
    const store = new Pool({
      connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT}/domain_engine`,
      max: 2,
    });
    pool = store;
    const tokenIds = names.map((name) => namehash(name));
    const storedNamings = async (): Promise<Map<string, number>> => {
      const { rows } = await store.query<{ token: string; n: number }>(
        `select data->>'tokenId' as token, count(*)::int as n from events where stream_id = $1 and type = 'DomainNamed' group by 1`,
        [STREAM],
      );
      return new Map(rows.map((row) => [row.token, row.n]));
    };
    // the kill really interrupted the indexer: the store holds what surface E showed, and not yet all of it
    const storedAtKill = await storedNamings();
    const ourStoredAtKill = tokenIds.filter((tokenId) => storedAtKill.has(tokenId)).length;
    lap(`${ourStoredAtKill} of ${MINTS} namings stored at the kill`);
    expect(ourStoredAtKill).toBeGreaterThanOrEqual(seenBeforeKill);
    expect(ourStoredAtKill).toBeLessThan(MINTS);

    // the chain outlived the service: every mint lands
    const hashes = await sent;
    const receipts = await Promise.all(hashes.map((hash) => reader.waitForTransactionReceipt({ hash: hash as Hex })));
    expect(receipts.map((receipt) => receipt.status)).toEqual(Array(MINTS).fill('success'));
    const lastMintBlock = Number(
      receipts.reduce((max, receipt) => (receipt.blockNumber > max ? receipt.blockNumber : max), 0n),
    );
    expect(await chainAnswers()).toBe(true);
    lap(`all ${MINTS} mints mined, the last in block ${lastMintBlock}`);

    service = await start();
    lap('second start served');
    expect(service.startOutput).toContain(`adopted the MATIC chain left running on port ${env.CHAIN_MATIC_PORT}`);
    await eventually(async () => expect((await domainsPage(owner, 200)).data).toHaveLength(MINTS), 60_000);
    lap(`surface E shows all ${MINTS}`);

    // surface E: exactly the 100 minted names, each once, in one page and in pages of 7
    const onePage = await domainsPage(owner, 200);
    expect(onePage.meta.hasMore).toBe(false);
    const shown = onePage.data.map((item) => item.id);
    expect(new Set(shown).size).toBe(MINTS);
    expect([...shown].sort()).toEqual([...names].sort());
    for (const item of onePage.data) {
      expect(item.attributes.meta).toMatchObject({ owner, blockchain: 'MATIC', namehash: namehash(item.id as string) });
      expect(item.attributes.records).toEqual({ 'crypto.ETH.address': owner });
    }
    const paged = await allDomains(owner, 7);
    expect(paged.pages).toBe(Math.ceil(MINTS / 7));
    expect(paged.names).toEqual(shown); // the same order (by token id), nothing repeated or skipped across pages
    const one = await fetch(`http://127.0.0.1:${env.PORT}/resolve/domains/${names[0]}`, {
      headers: { authorization: `Bearer ${resolutionKey}` },
    });
    expect(((await one.json()) as { meta: { owner: string } }).meta.owner).toBe(owner);

    // the event store: each token named once in the chain's stream, and nothing at all stored twice
    const namings = await storedNamings();
    expect(tokenIds.map((tokenId) => namings.get(tokenId) ?? 0)).toEqual(Array(MINTS).fill(1));
    expect([...namings.values()].filter((count) => count !== 1)).toEqual([]);
    const repeatedLogs = await store.query(
      `select data->>'transactionHash' as tx, data->>'logIndex' as log, count(*)::int as n from events
        where stream_id = $1 and type <> 'ChainBlocksIndexed' group by 1, 2 having count(*) > 1`,
      [STREAM],
    );
    expect(repeatedLogs.rows).toEqual([]);

    // the closing events cover the blocks without a gap or an overlap, and every log sits inside its append's range
    const { rows: stream } = await store.query<{
      position: number;
      type: string;
      data: { fromBlock?: number; toBlock?: number; blockNumber?: number };
    }>('select stream_position as position, type, data from events where stream_id = $1 order by stream_position', [
      STREAM,
    ]);
    expect(stream.map((event) => event.position)).toEqual(stream.map((_, index) => index + 1));
    expect(stream.at(-1)?.type).toBe('ChainBlocksIndexed');
    let nextBlock = 0;
    let pending: number[] = [];
    let ranges = 0;
    for (const event of stream) {
      if (event.type !== 'ChainBlocksIndexed') {
        pending.push(event.data.blockNumber as number);
        continue;
      }
      const { fromBlock, toBlock } = event.data as { fromBlock: number; toBlock: number };
      expect({ position: event.position, fromBlock }).toEqual({ position: event.position, fromBlock: nextBlock });
      expect(toBlock).toBeGreaterThanOrEqual(fromBlock);
      expect(toBlock - fromBlock).toBeLessThan(Number(env.INDEXER_BLOCK_RANGE));
      expect(pending.filter((block) => block < fromBlock || block > toBlock)).toEqual([]);
      expect(pending).toEqual([...pending].sort((a, b) => a - b));
      pending = [];
      nextBlock = toBlock + 1;
      ranges++;
    }
    expect(nextBlock - 1).toBeGreaterThanOrEqual(lastMintBlock);
    lap(`${stream.length} events in ${STREAM}, ${ranges} ranges up to block ${nextBlock - 1}`);

    // a clean stop also stops the chain the second service adopted
    pool = undefined;
    await store.end();
    expect(await stopped(service, 'SIGTERM')).toBe(0);
    expect(await chainAnswers()).toBe(false);
    // the restarted service adopted the PostgreSQL the killed one left running, and stopped it too
    expect(output).toContain('adopted the embedded PostgreSQL left running');
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    lap('stopped');
    passed = true;
  }, 240_000);
});
