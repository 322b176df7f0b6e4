import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createTestClient, createWalletClient, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ChainReader } from '../../src/application/chains/chain-reader.port';
import { EventStore } from '../../src/application/shared/event-store.port';
import { chainStream } from '../../src/domain/chains/registry-log.events';
import { LOCAL_RELAYER_KEY } from '../../src/infrastructure/chain/open-chains';
import { unsArtifact } from '../../src/infrastructure/chain/uns-artifacts';
import { newWallet, resolutionKeyOf } from '../support/chain-actors';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import { custodialWalletOf, newWeb3Partner, pollOperation, Web3Partner } from '../support/web3-partner';
import { eventually } from '../support/eventually';

/**
 * A chain that reorganises under the service (anvil's snapshot and revert, then new blocks: the branch the service
 * indexed is gone): the indexer goes back to the last block the chain still has, surfaces C and E answer the new
 * branch's truth (never an orphaned mint or record), and a claim whose transaction fell out is sent again, once.
 */
describe('chain reorganisations', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let partner: Web3Partner;
  let wallet: string;
  let resolutionKey: string;
  let rpcUrl: string;

  beforeAll(async () => {
    chains = await startTestChains('MATIC');
    subject = await createTestApp({ chains, env: chains.env });
    partner = await newWeb3Partner(subject);
    wallet = await custodialWalletOf(partner);
    resolutionKey = await resolutionKeyOf(subject.app);
    rpcUrl = chains.networks[0].rpcUrl;
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const anvil = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
  const resolved = async (name: string) => {
    const answer = await subject.app.inject({
      method: 'GET',
      url: `/resolve/domains/${name}`,
      headers: { authorization: `Bearer ${resolutionKey}` },
    });
    return { owner: answer.json().meta.owner as string | null, records: answer.json().records };
  };
  /** Minted by someone else, straight on the chain: nothing of the service sent it, nothing sends it again. */
  const mintOutside = async (name: string, owner: string) => {
    const client = createWalletClient({ transport: http(rpcUrl), account: privateKeyToAccount(LOCAL_RELAYER_KEY) });
    const hash = await client.writeContract({
      address: chains.networks[0].mintingManager,
      abi: unsArtifact('MintingManager').abi,
      functionName: 'issueWithRecords',
      args: [owner, name.split('.'), ['ipfs.html.value'], ['QmOutside'], false],
      chain: null,
    } as never);
    await client.extend(publicActions).waitForTransactionReceipt({ hash });
  };

  it('goes back to the new branch: the claim is sent again once, the outside mint is gone', async () => {
    const claimed = `reorg${randomBytes(4).toString('hex')}.crypto`;
    const outside = `outside${randomBytes(4).toString('hex')}.crypto`;
    const snapshot = await anvil().snapshot();
    const claim = await partner.call('POST', '/domains', { name: claimed, records: { 'ipfs.html.value': 'QmMine' } });
    expect((await partner.operation(claim.body.operation.id)).status).toBe('COMPLETED');
    await mintOutside(outside, newWallet().address);
    await subject.settled();
    expect((await resolved(outside)).owner).not.toBeNull();
    const before = await subject.app.get(ChainReader).domain('MATIC', claimed, []);
    expect(before.owner).toBe(wallet);

    // the chain goes back past both, and grows a longer branch without them
    await anvil().revert({ id: snapshot });
    await anvil().mine({ blocks: 5 });
    await subject.settled();

    expect(await resolved(claimed)).toEqual({
      owner: expect.stringMatching(new RegExp(wallet, 'i')),
      records: { 'ipfs.html.value': 'QmMine' },
    });
    expect((await resolved(outside)).owner).toBeNull();
    expect((await partner.call('GET', `/domains/${outside}`)).body.availability.status).toBe('AVAILABLE');
    expect((await partner.call('GET', `/domains/${claimed}`)).body.owner).toEqual({ type: 'SELF', address: wallet });
    expect((await subject.app.get(ChainReader).domain('MATIC', claimed, [])).owner).toBe(wallet);

    // one mint of the claimed name on the chain the service now stands for, the rewind recorded between
    const stream = await subject.app.get(EventStore).readStream(chainStream('MATIC'));
    const rewound = stream.findIndex((event) => event.type === 'ChainRewound');
    expect(rewound).toBeGreaterThan(0);
    const mintsAfter = stream
      .slice(rewound)
      .filter((event) => event.type === 'DomainNamed' && (event.data as { name: string }).name === claimed);
    expect(mintsAfter).toHaveLength(1);
  });

  it('notices a node that died, starts it again, and completes the claims that waited on it', async () => {
    const nodePid = () => JSON.parse(readFileSync(join(chains.dataDir, 'chains', 'MATIC.pid'), 'utf8')).anvil as number;
    // a node that has saved its state since its contracts were placed (it saves every 5 s and at a clean stop)
    const stateFile = join(chains.dataDir, 'chains', 'MATIC.json');
    const since = Date.now();
    await eventually(async () => expect(statSync(stateFile).mtimeMs).toBeGreaterThan(since), 15_000, 100);
    const earlier = `before${randomBytes(4).toString('hex')}.crypto`;
    expect(
      (await partner.operation((await partner.call('POST', '/domains', { name: earlier })).body.operation.id)).status,
    ).toBe('COMPLETED');
    const waiting = await partner.call('POST', '/domains', { name: `waiting${randomBytes(4).toString('hex')}.crypto` });
    expect(waiting.status).toBe(201);
    // killed before its next save, it comes back without these claims' blocks, most likely: a shorter chain, which
    // the indexer goes back on, and the service's writes are sent again
    const dead = nodePid();
    process.kill(dead, 'SIGKILL');

    const seen = new Set<string>();
    await eventually(
      async () => {
        const health = await subject.app.inject({ method: 'GET', url: '/health' });
        seen.add(`${health.statusCode} ${(health.json().unavailable ?? []).join(',')}`);
        expect(health.statusCode).toBe(200);
        expect(nodePid()).not.toBe(dead);
      },
      60_000,
      20,
    );
    expect(seen).toContain('503 chain MATIC');

    const op = await pollOperation(partner, waiting.body.operation.id);
    expect(op.status).toBe('COMPLETED');
    await subject.settled();
    for (const name of [earlier, op.domain as string])
      expect(await subject.app.get(ChainReader).domain('MATIC', name, [])).toMatchObject({ owner: wallet });
  });
});
