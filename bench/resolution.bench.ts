/**
 * npm run bench:resolution: requests/s and p99 of surface E's `GET /resolve/domains/:name` over BENCH_DOMAINS
 * (default 10,000) domains minted on an embedded MATIC chain and indexed by the service, against a bare Fastify +
 * pg handler that runs the same lookup (the namehash, then PostgresDocumentStore.get's SELECT) on the same
 * database, and against the limit, a bare Fastify answering the same documents from a Map, in the same run (issue 30's
 * goal: at least 0.5 of the limit). Then the mint-to-resolvable latency (p50, p99): from sending a mint to the first
 * answer of the service that shows the domain's owner, split where the mint is in a block (goal beyond the block:
 * p50 under 50 ms, p99 under 200 ms).
 *
 * The service runs with its default settings (pool size, indexer poll, `info` request logs, written to /dev/null).
 * Both servers listen on loopback in this process; the load comes from a worker thread (its own event loop, so that
 * generating load does not queue behind the server it measures): BENCH_CONNECTIONS (default 32) keep-alive
 * connections, each sending its next request as soon as the previous answer is read, over random names of the
 * indexed set. The two servers alternate in BENCH_ROUNDS (default 4) rounds of BENCH_ROUND_SECONDS (default 5) each,
 * so that both see the same state of the machine. BENCH_FRESH_MINTS (default 100) tunes the latency part.
 *
 * On a small machine both servers are bound by the round trips to PostgreSQL (the server, this process and the load
 * generator share the cores), so the ratio is close to the baseline's queries per request over the service's.
 */
import { startBenchDatabase } from './bench-database';
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { CommandBus } from '@nestjs/cqrs';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastify, { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import pino from 'pino';
import {
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  Hex,
  http,
  keccak256,
  PublicClient,
  TestClient,
  TransactionReceiptNotFoundError,
} from 'viem';
import { privateKeyToAccount, PrivateKeyAccount } from 'viem/accounts';
import { IssueCredential } from '../src/application/identity/issue-credential.command';
import { OpenAccount } from '../src/application/identity/open-account.command';
import { tokenIdOf } from '../src/domain/chains/blockchain';
import { ChainNetwork } from '../src/infrastructure/chain/chain-network';
import { OpenChains } from '../src/infrastructure/chain/open-chains';
import { unsArtifact } from '../src/infrastructure/chain/uns-artifacts';
import { UNEMPTIED_BUCKETS } from './bench-service';
import { AppConfig } from '../src/infrastructure/config/config';
import { Engine } from '../src/infrastructure/engine/engine.service';
import { createLogger } from '../src/infrastructure/logging/logger';
import { createPool } from '../src/infrastructure/postgres/database';
import { migrate } from '../src/infrastructure/postgres/migrations';
import { Runtime } from '../src/infrastructure/runtime';
import { startProgress } from '../src/interfaces/cli/progress';
import { createApp } from '../src/main';
import { resolution } from '../src/projections/resolution/resolution.projection';
import { startTestChains } from '../test/support/test-chains';

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const FRESH_MINTS = Number(process.env.BENCH_FRESH_MINTS ?? 100);
/** Mints per JSON-RPC batch and per block while building the indexed set. */
const MINT_BATCH = 500;
const TLD = 'crypto';
/** Every domain gets an address record, so that the documents served have the shape of real ones. */
const RECORD_KEY = 'crypto.ETH.address';

// ---------------------------------------------------------------------------------------------------------------
// The load generator (the worker thread)

interface LoadOrder {
  readonly baseUrl: string;
  /** Paths under baseUrl, picked at random per request. */
  readonly paths: readonly string[];
  readonly headers: Record<string, string>;
  readonly connections: number;
  readonly seconds: number;
}

interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  /** Answers other than 200, which make a round worthless: the caller stops on any. */
  readonly failures: number;
  readonly firstFailure: string | null;
  /** Milliseconds of every request, in no particular order. */
  readonly latencies: Float64Array;
}

/** One GET, its body read to the end (the connection is reused only then); resolves to the status. */
const get = (agent: Agent, url: URL, path: string, headers: Record<string, string>): Promise<number> =>
  new Promise((resolve, reject) => {
    const sent = request({ agent, host: url.hostname, port: url.port, path, headers }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });

/** Keeps `connections` requests in flight for `seconds`, each connection closed loop (next request after an answer). */
const generateLoad = async (order: LoadOrder, agents: Map<string, Agent>): Promise<LoadResult> => {
  let agent = agents.get(order.baseUrl);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: order.connections });
    agents.set(order.baseUrl, agent);
  }
  const url = new URL(order.baseUrl);
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const started = performance.now();
  const deadline = started + order.seconds * 1000;
  await Promise.all(
    Array.from({ length: order.connections }, async () => {
      while (performance.now() < deadline) {
        const path = order.paths[Math.floor(Math.random() * order.paths.length)];
        const sent = performance.now();
        const status = await get(agent, url, path, order.headers);
        latencies.push(performance.now() - sent);
        if (status !== 200) {
          failures++;
          firstFailure ??= `${status} for ${path}`;
        }
      }
    }),
  );
  return {
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
    failures,
    firstFailure,
    latencies: Float64Array.from(latencies),
  };
};

const serveLoadOrders = (): void => {
  const port = parentPort;
  if (!port) throw new Error('the load generator runs in a worker thread');
  const agents = new Map<string, Agent>();
  port.on('message', (order: LoadOrder) => {
    generateLoad(order, agents).then(
      (result) => port.postMessage(result),
      (error: unknown) => port.postMessage({ error: String(error) }),
    );
  });
};

/** The main thread's handle on the load generator: one order at a time. */
class LoadGenerator {
  private readonly worker = new Worker(__filename);

  run(order: LoadOrder): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.worker.once('error', onError);
      this.worker.once('message', (answer: LoadResult | { error: string }) => {
        this.worker.off('error', onError);
        if ('error' in answer) reject(new Error(`load generator: ${answer.error}`));
        else resolve(answer);
      });
      this.worker.postMessage(order);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Minting

/**
 * Signs mints from the relayer with its own nonces, so that thousands go out without waiting for receipts.
 *
 * A burst of thousands into an automining anvil does not work: it mines a block per arrival, each block costs it
 * more as the registry's state grows (about 200 ms at 10,000 domains), so 10,000 mints took five minutes and
 * gigabytes of memory, and some went missing from its pool. So the bulk goes out in batches, each mined as one block
 * on demand (automine off, `evm_mine`, a block gas limit that holds a batch); automine is back on for the one-by-one
 * mints, which measure the chain as the service sees it.
 */
class Minter {
  private readonly account: PrivateKeyAccount;
  private readonly client: PublicClient;
  private readonly anvil: TestClient;
  private nonce = 0;
  private gas = 0n;
  private gasPrice = 0n;
  private blockGasLimit = 0n;

  constructor(
    private readonly network: ChainNetwork,
    relayerKey: Hex,
  ) {
    this.account = privateKeyToAccount(relayerKey);
    this.client = createPublicClient({ transport: http(network.rpcUrl) }) as PublicClient;
    this.anvil = createTestClient({ mode: 'anvil', transport: http(network.rpcUrl) });
  }

  /** Reads the nonce and prices one mint: every mint here has the same shape, so one estimate holds for all. */
  async prepare(): Promise<void> {
    this.nonce = await this.client.getTransactionCount({ address: this.account.address, blockTag: 'pending' });
    const estimate = await this.client.estimateGas({
      account: this.account.address,
      to: this.network.mintingManager,
      data: this.callData('estimate-000000'),
    });
    this.gas = (estimate * 3n) / 2n;
    // well above today's price: blocks stay under half full (the EIP-1559 target), so the base fee does not rise
    this.gasPrice = (await this.client.getGasPrice()) * 2n;
    this.blockGasLimit = (await this.client.getBlock()).gasLimit;
  }

  private callData(label: string): Hex {
    const owner = ownerOf(label);
    return encodeFunctionData({
      abi: unsArtifact('MintingManager').abi,
      functionName: 'issueWithRecords',
      args: [owner, [label, TLD], [RECORD_KEY], [owner], false],
    });
  }

  /** A signed transaction minting `<label>.crypto` with the next nonce. */
  async sign(label: string): Promise<Hex> {
    return this.account.signTransaction({
      type: 'legacy',
      chainId: this.network.chainId,
      to: this.network.mintingManager,
      data: this.callData(label),
      nonce: this.nonce++,
      gas: this.gas,
      gasPrice: this.gasPrice,
    });
  }

  /** Sends signed transactions in one JSON-RPC batch, throwing on any refusal. */
  async send(transactions: readonly Hex[]): Promise<void> {
    const response = await fetch(this.network.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        transactions.map((transaction, id) => ({
          jsonrpc: '2.0',
          id,
          method: 'eth_sendRawTransaction',
          params: [transaction],
        })),
      ),
    });
    const failed = ((await response.json()) as { error?: { message: string } }[]).find((answer) => answer.error);
    if (failed) throw new Error(`the chain refused a mint: ${failed.error?.message}`);
  }

  /** From now on transactions wait in the pool until `mineBlock`, which puts up to `perBlock` mints in one block. */
  async mineOnDemand(perBlock: number): Promise<void> {
    await this.anvil.setAutomine(false);
    await this.anvil.setBlockGasLimit({ gasLimit: this.gas * BigInt(perBlock) * 2n });
  }

  /** The nonce the next signed mint gets: one past the last signed. */
  get nextNonce(): number {
    return this.nonce;
  }

  /** Mines what was sent into one block; throws unless every mint below `nonce` is then on the chain. */
  async mineBlock(nonce: number): Promise<void> {
    await this.anvil.mine({ blocks: 1 });
    const mined = await this.client.getTransactionCount({ address: this.account.address, blockTag: 'latest' });
    if (mined !== nonce) throw new Error(`${nonce - mined} mints were left out of the block`);
  }

  /** Whether the transaction is in a block; throws if it reverted. */
  async isMined(hash: Hex): Promise<boolean> {
    const receipt = await this.client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    });
    if (receipt?.status === 'reverted') throw new Error(`mint ${hash} reverted`);
    return receipt !== undefined;
  }

  /** Back to the chain as the service found it: a block per transaction as it arrives. */
  async automine(): Promise<void> {
    await this.anvil.setBlockGasLimit({ gasLimit: this.blockGasLimit });
    await this.anvil.setAutomine(true);
  }
}

/** A distinct owner per domain, derived from its label, so that the served documents differ in more than the name. */
const ownerOf = (label: string): Hex => `0x${tokenIdOf(`${label}.${TLD}`).slice(-40)}`;

const labelOf = (prefix: string, n: number): string => `${prefix}-${String(n).padStart(6, '0')}`;

// ---------------------------------------------------------------------------------------------------------------
// The two servers

/** Surface E as the service runs it, on its own database and the embedded chain. */
const startService = async (
  databaseUrl: string,
  chains: OpenChains & { env: Record<string, string> },
): Promise<{ app: NestFastifyApplication; baseUrl: string; config: AppConfig }> => {
  const config = new AppConfig({ ...chains.env, LOG_LEVEL: 'info', ...UNEMPTIED_BUCKETS });
  // a request log line is part of what each request costs in production: written, but to nowhere
  const logger = createLogger(config.values.logLevel, pino.destination({ dest: '/dev/null', sync: false }));
  const app = await createApp({ config, runtime: new Runtime('all', databaseUrl, chains), logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl: await app.getUrl(), config };
};

/** The least a server can do for the same answer: the namehash and the service's SELECT, the document as it is. */
const startBaseline = async (pool: Pool): Promise<{ server: FastifyInstance; baseUrl: string }> => {
  const server = fastify();
  server.get<{ Params: { name: string } }>('/domains/:name', async (req, reply) => {
    // the statement of PostgresDocumentStore.get, word for word
    const { rows } = await pool.query<{ doc: unknown }>(
      'select doc from projection_documents d where d.projection = $1 and d.generation = (select generation from projection_generations g where g.name = d.projection and g.live) and d.id = $2',
      [resolution.name, tokenIdOf(req.params.name)],
    );
    if (rows.length === 0) return reply.code(404).send({ message: 'not found' });
    return rows[0].doc;
  });
  const baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, baseUrl };
};

/**
 * The limit: a bare Fastify answering the same documents from a Map by name, loaded once. No server answering from
 * the database can beat it; the service answering from its memory should come close.
 */
const startMapServer = async (pool: Pool): Promise<{ server: FastifyInstance; baseUrl: string }> => {
  const { rows } = await pool.query<{ doc: { name: string | null } }>(
    'select doc from projection_documents d where d.projection = $1 and d.generation = (select generation from projection_generations g where g.name = d.projection and g.live)',
    [resolution.name],
  );
  const byName = new Map(rows.filter(({ doc }) => doc.name !== null).map(({ doc }) => [doc.name as string, doc]));
  const server = fastify();
  server.get<{ Params: { name: string } }>('/domains/:name', async (req, reply) => {
    const doc = byName.get(req.params.name);
    return doc ?? reply.code(404).send({ message: 'not found' });
  });
  const baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, baseUrl };
};

// ---------------------------------------------------------------------------------------------------------------
// Measuring

const percentile = (sorted: Float64Array, fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];

const sortedOf = (parts: readonly Float64Array[]): Float64Array => {
  const all = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all.sort();
};

interface Tally {
  requests: number;
  seconds: number;
  latencies: Float64Array[];
}

const record = (tally: Tally, result: LoadResult, label: string): void => {
  if (result.failures > 0)
    throw new Error(`${label}: ${result.failures} answers were not 200 (first: ${result.firstFailure})`);
  tally.requests += result.requests;
  tally.seconds += result.seconds;
  tally.latencies.push(result.latencies);
};

const summary = (tally: Tally): { perSecond: number; p50: number; p99: number } => {
  const sorted = sortedOf(tally.latencies);
  return { perSecond: tally.requests / tally.seconds, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

/** The owner the service shows for a name, or null while it does not know the domain. */
const ownerShown = async (baseUrl: string, key: string, name: string): Promise<string | null> => {
  const response = await fetch(`${baseUrl}/resolve/domains/${name}`, { headers: { authorization: `Bearer ${key}` } });
  if (response.status !== 200) throw new Error(`GET /resolve/domains/${name} answered ${response.status}`);
  return ((await response.json()) as { meta: { owner: string | null } }).meta.owner;
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** When `probe` first answers true, asked every 2 ms. */
const firstTime = async (probe: () => Promise<boolean>): Promise<number> => {
  while (!(await probe())) await sleep(2);
  return performance.now();
};

// ---------------------------------------------------------------------------------------------------------------

const main = async (): Promise<void> => {
  const runStarted = performance.now();
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const database = await startBenchDatabase();
    cleanups.unshift(() => database.stop());
    const databaseUrl = database.url;
    const migrations = createPool(databaseUrl, 2);
    await migrate(migrations).finally(() => migrations.end());

    const chains = await startTestChains('MATIC');
    cleanups.unshift(async () => {
      await chains.stop();
      rmSync(chains.dataDir, { recursive: true, force: true });
    });
    const network = chains.networks[0];
    const service = await startService(databaseUrl, chains);
    cleanups.unshift(() => service.app.close());
    const commands = service.app.get(CommandBus);
    const { accountId } = await commands.execute(
      new OpenAccount({ kind: 'partner', profile: 'web3', name: 'Resolution bench' }),
    );
    const key = (await commands.execute(new IssueCredential(accountId, 'resolution_key'))).secret;

    // the indexed set: DOMAINS real mints, signed here and sent in batches, then indexed and projected by the service
    const minter = new Minter(network, chains.relayerKey);
    await minter.prepare();
    const labels = Array.from({ length: DOMAINS }, (_, n) => labelOf('bench', n));
    const mintStarted = performance.now();
    // a block per batch, in nonce order; the next batch is signed while anvil takes in and mines the one in flight
    await minter.mineOnDemand(MINT_BATCH);
    let inFlight: Promise<void> = Promise.resolve();
    const minted = startProgress('minting', labels.length);
    for (let from = 0; from < labels.length; from += MINT_BATCH) {
      const signed = await Promise.all(labels.slice(from, from + MINT_BATCH).map((label) => minter.sign(label)));
      const through = minter.nextNonce;
      await inFlight;
      inFlight = minter
        .send(signed)
        .then(() => minter.mineBlock(through))
        .then(() => minted.advance(signed.length));
    }
    await inFlight;
    minted.finish();
    await minter.automine();
    const mintSeconds = (performance.now() - mintStarted) / 1000;
    await service.app.get(Engine).settled();
    const indexedSeconds = (performance.now() - mintStarted) / 1000;

    // as many connections as the service has, though its own also serve its indexer and projections
    const pool = createPool(databaseUrl, service.config.values.databasePoolSize);
    cleanups.unshift(() => pool.end());
    const { rows } = await pool.query<{ count: string }>(
      "select count(*) from projection_documents d where d.projection = $1 and d.doc->>'name' like $2 and d.generation = (select generation from projection_generations g where g.name = d.projection and g.live)",
      [resolution.name, `bench-%.${TLD}`],
    );
    const indexed = Number(rows[0].count);
    if (indexed !== DOMAINS) throw new Error(`minted ${DOMAINS} domains, the resolution projection holds ${indexed}`);
    console.log(
      `${DOMAINS} domains minted on ${network.blockchain} in ${mintSeconds.toFixed(1)} s (${(DOMAINS / mintSeconds).toFixed(0)}/s), indexed and projected ${(indexedSeconds - mintSeconds).toFixed(1)} s later`,
    );

    const baseline = await startBaseline(pool);
    cleanups.unshift(() => baseline.server.close());
    const limit = await startMapServer(pool);
    cleanups.unshift(() => limit.server.close());
    const names = labels.map((label) => `${label}.${TLD}`);
    // both must answer with the same domain before their speeds mean anything
    for (const name of names.slice(0, 20)) {
      const shown = await ownerShown(service.baseUrl, key, name);
      const doc = (await (await fetch(`${baseline.baseUrl}/domains/${name}`)).json()) as { owner: string };
      if (shown?.toLowerCase() !== ownerOf(name.split('.')[0]) || doc.owner !== shown.toLowerCase()) {
        throw new Error(`${name}: the service shows owner ${shown}, the baseline ${doc.owner}`);
      }
    }

    const load = new LoadGenerator();
    cleanups.unshift(() => load.close());
    const headers = { authorization: `Bearer ${key}` };
    const serviceOrder: LoadOrder = {
      baseUrl: service.baseUrl,
      paths: names.map((name) => `/resolve/domains/${name}`),
      headers,
      connections: CONNECTIONS,
      seconds: ROUND_SECONDS,
    };
    const baselineOrder: LoadOrder = {
      ...serviceOrder,
      baseUrl: baseline.baseUrl,
      paths: names.map((name) => `/domains/${name}`),
    };
    const limitOrder: LoadOrder = { ...baselineOrder, baseUrl: limit.baseUrl };
    // warm them up (connections, JIT, plans, the documents in shared buffers), outside the measured rounds
    await load.run({ ...serviceOrder, seconds: 2 });
    await load.run({ ...baselineOrder, seconds: 2 });
    await load.run({ ...limitOrder, seconds: 2 });
    const serviceTally: Tally = { requests: 0, seconds: 0, latencies: [] };
    const baselineTally: Tally = { requests: 0, seconds: 0, latencies: [] };
    const limitTally: Tally = { requests: 0, seconds: 0, latencies: [] };
    for (let round = 0; round < ROUNDS; round++) {
      record(serviceTally, await load.run(serviceOrder), 'service');
      record(baselineTally, await load.run(baselineOrder), 'baseline');
      record(limitTally, await load.run(limitOrder), 'limit');
    }
    const served = summary(serviceTally);
    const bare = summary(baselineTally);
    const mapped = summary(limitTally);
    console.log(
      `GET /domains/{name} over ${DOMAINS} indexed domains, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s each`,
    );
    console.log(
      `  service (GET /resolve/domains/:name): ${served.perSecond.toFixed(0)} requests/s, p50 ${served.p50.toFixed(2)} ms, p99 ${served.p99.toFixed(2)} ms`,
    );
    console.log(
      `  bare Fastify + pg:                    ${bare.perSecond.toFixed(0)} requests/s, p50 ${bare.p50.toFixed(2)} ms, p99 ${bare.p99.toFixed(2)} ms`,
    );
    console.log(
      `  bare Fastify + Map (the limit):       ${mapped.perSecond.toFixed(0)} requests/s, p50 ${mapped.p50.toFixed(2)} ms, p99 ${mapped.p99.toFixed(2)} ms`,
    );
    console.log(`  ratio to Fastify + pg:                ${(served.perSecond / bare.perSecond).toFixed(2)}`);
    console.log(
      `  ratio to the limit:                   ${(served.perSecond / mapped.perSecond).toFixed(2)} (goal >= 0.5)`,
    );

    // mint-to-resolvable: one fresh mint at a time, polled through the service until it shows the owner, and on the
    // chain until it is in a block, which tells the chain's share from the service's. The indexer hears of each
    // block from the node, and polls as a safety net: so that a mint never lands at the same point of that poll's
    // period, each one waits a random part of it first
    const { indexerPollMs } = service.config.values;
    const toResolvable: number[] = [];
    const toMined: number[] = [];
    const minedToResolvable: number[] = [];
    for (let n = 0; n < FRESH_MINTS; n++) {
      const label = labelOf('fresh', n);
      const signed = await minter.sign(label);
      await sleep(Math.random() * indexerPollMs);
      const sent = performance.now();
      await minter.send([signed]);
      const [mined, resolvable] = await Promise.all([
        firstTime(() => minter.isMined(keccak256(signed))),
        firstTime(async () => (await ownerShown(service.baseUrl, key, `${label}.${TLD}`)) !== null),
      ]);
      toResolvable.push(resolvable - sent);
      toMined.push(mined - sent);
      minedToResolvable.push(resolvable - mined);
    }
    const figures = (values: number[]): string => {
      const sorted = Float64Array.from(values).sort();
      return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms`;
    };
    console.log(
      `mint to resolvable over ${FRESH_MINTS} fresh mints, one at a time (new heads by WebSocket, poll ${indexerPollMs} ms): ${figures(toResolvable)}`,
    );
    console.log(`  of which sent to mined (anvil):                        ${figures(toMined)}`);
    console.log(`  and mined to resolvable (indexer, projection, API):    ${figures(minedToResolvable)}`);
  } finally {
    // every step of the teardown runs, whatever the one before did: nothing may be left running
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
  console.log(`run took ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
};

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  serveLoadOrders();
}
