import { randomBytes } from 'node:crypto';
import { createWalletClient, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { tokenIdOf } from '../../src/domain/chains/blockchain';
import { LOCAL_RELAYER_KEY } from '../../src/infrastructure/chain/open-chains';
import { unsArtifact } from '../../src/infrastructure/chain/uns-artifacts';
import { fund, newWallet, resolutionKeyOf } from '../support/chain-actors';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';

const KEY = 'crypto.ETH.address';
/** Changes made on the chain one after the other; each is followed in both processes. */
const CHANGES = 8;
/**
 * Far below the indexer's poll (left at a minute here), so only the node's announcement of the block can make a
 * change show in time; far above what it takes, so that a machine running other suites beside this one does not
 * fail it. Issue 30's goal (200 ms) is a speed goal: `npm run bench:resolution` measures it (mined to resolvable).
 */
const SHOWN_WITHIN_MS = 1_000;

/**
 * Issue 30's freshness: a record an outside wallet changes on the chain (no request to the service) is answered by
 * every API process (here an API process with the worker, and an API process of its own) soon after its block: the
 * indexer hears of the block by the node's `newHeads` (its poll is left at a minute here), the store's notification
 * wakes each process's memory. Once a
 * process has answered a value, it never answers an older one.
 */
describe('resolution freshness across API processes', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let withWorker: TestApp;
  let apiOnly: TestApp;
  let key: string;

  beforeAll(async () => {
    chains = await startTestChains('MATIC');
    // the indexer's poll is left a minute: only the node's announcement of a block can make the change show in time
    withWorker = await createTestApp({ chains, env: { ...chains.env, INDEXER_POLL_MS: '60000' } });
    apiOnly = await createTestApp({ databaseUrl: withWorker.databaseUrl, role: 'api', chains, env: chains.env });
    key = await resolutionKeyOf(withWorker.app);
  });
  afterAll(async () => {
    await apiOnly?.close();
    await withWorker?.close();
    await chains?.stop();
  });

  it('answers a record changed on the chain in both processes soon after its block, never going back', async () => {
    const network = chains.networks[0];
    const owner = newWallet();
    await fund(network.rpcUrl, owner.address);
    const name = `fresh${randomBytes(4).toString('hex')}.crypto`;
    const relayer = createWalletClient({
      transport: http(network.rpcUrl),
      account: privateKeyToAccount(LOCAL_RELAYER_KEY),
    });
    await relayer.extend(publicActions).waitForTransactionReceipt({
      hash: await relayer.writeContract({
        address: network.mintingManager,
        abi: unsArtifact('MintingManager').abi,
        functionName: 'issueWithRecords',
        args: [owner.address, name.split('.'), [KEY], ['v0'], false],
        chain: null,
      } as never),
    });
    const wallet = createWalletClient({ transport: http(network.rpcUrl), account: owner.account }).extend(
      publicActions,
    );

    const processes = [withWorker, apiOnly];
    const shown = async (app: TestApp): Promise<number> => {
      const answer = await app.app.inject({
        method: 'GET',
        url: `/resolve/domains/${name}`,
        headers: { authorization: `Bearer ${key}` },
      });
      const value = (answer.json().records as Record<string, string>)[KEY];
      return value === undefined ? -1 : Number(value.slice(1));
    };
    // each process has the domain before the changes start
    for (const app of processes) while ((await shown(app)) !== 0) await withWorker.settled();

    const latencies: number[][] = processes.map(() => []);
    for (let change = 1; change <= CHANGES; change++) {
      const hash = await wallet.writeContract({
        address: network.registry,
        abi: unsArtifact('UNSRegistry').abi,
        functionName: 'set',
        args: [KEY, `v${change}`, BigInt(tokenIdOf(name))],
        chain: null,
      } as never);
      // anvil mines a block per transaction as it arrives: the block is on the chain once the sending is answered
      const mined = performance.now();
      const highest = processes.map(() => change - 1);
      while (highest.some((value) => value < change)) {
        const values = await Promise.all(processes.map(shown));
        values.forEach((value, index) => {
          // never an older value than one the same process has answered
          expect([index, value >= highest[index]]).toEqual([index, true]);
          if (value === change && highest[index] < change) latencies[index].push(performance.now() - mined);
          highest[index] = value;
        });
        if (performance.now() - mined > 30_000) throw new Error(`change ${change} not shown within 30 s`);
        // injected requests are answered in microtasks: the loop lets the event loop read its sockets (the chain's
        // new heads, the database's notifications) between two rounds, as requests arriving on sockets do
        await new Promise(setImmediate);
      }
      expect((await wallet.getTransactionReceipt({ hash })).status).toBe('success');
    }

    console.log(
      `block to answered, over ${CHANGES} changes: ${processes
        .map((_, index) => `process ${index + 1}: ${latencies[index].map((ms) => ms.toFixed(0)).join(', ')} ms`)
        .join('; ')}`,
    );
    for (const measured of latencies) {
      expect(measured).toHaveLength(CHANGES);
      expect(Math.max(...measured)).toBeLessThan(SHOWN_WITHIN_MS);
    }
  });
});
