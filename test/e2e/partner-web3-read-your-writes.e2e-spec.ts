import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { newWallet, resolutionKeyOf } from '../support/chain-actors';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import {
  custodialWalletOf,
  FINISHED,
  newWeb3Partner,
  pollOperation,
  Reply,
  Web3Partner,
} from '../support/web3-partner';

/**
 * Read your writes (`ARCHITECTURE.md`): a client that polls an operation until `COMPLETED` and then reads sees
 * the operation's effect on every read of the surface, and on surface E. No `settled()` here: the client knows
 * only what HTTP tells it.
 */
describe('web3 partner API (surface C): reads right after COMPLETED', () => {
  const ROUNDS = 100;
  const AT_ONCE = 4;
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let partner: Web3Partner;
  let wallet: string;
  let resolutionKey: string;
  beforeAll(async () => {
    chains = await startTestChains('MATIC');
    subject = await createTestApp({ chains, env: { ...chains.env, WORKER_CONCURRENCY: String(AT_ONCE) } });
    partner = await newWeb3Partner(subject);
    wallet = await custodialWalletOf(partner);
    resolutionKey = await resolutionKeyOf(subject.app);
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  /** Polls the operation as a client does, until it is finished: it must have completed. */
  const completed = async (reply: Reply): Promise<void> => {
    expect(reply.status).toBeLessThan(300);
    const op = await pollOperation(partner, reply.body.operation.id);
    if (op.status !== 'COMPLETED') throw new Error(`operation ${op.id} ended ${op.status}`);
  };
  const seen = async (name: string) => {
    const [onC, onE] = await Promise.all([
      partner.call('GET', `/domains/${name}?$expand=records`),
      subject.app.inject({
        method: 'GET',
        url: `/resolve/domains/${name}`,
        headers: { authorization: `Bearer ${resolutionKey}` },
      }),
    ]);
    return {
      c: { owner: onC.body.owner, status: onC.body.availability.status, records: onC.body.records },
      e: { owner: onE.json().meta.owner, records: onE.json().records },
    };
  };

  const round = async (index: number): Promise<string[]> => {
    const stale: string[] = [];
    const expectSeen = (step: string, actual: unknown, expected: unknown) => {
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        stale.push(`round ${index} ${step}: ${JSON.stringify(actual)}`);
    };
    const name = `ryw${index}x${randomBytes(4).toString('hex')}.crypto`;
    const balanceBefore = (await partner.call('GET', '/account/billing')).body.balance.usdCents as number;

    await completed(await partner.call('POST', '/domains', { name, records: { 'ipfs.html.value': 'QmClaimed' } }));
    expectSeen('claim', await seen(name), {
      c: {
        owner: { type: 'SELF', address: wallet },
        status: 'REGISTERED',
        records: { 'ipfs.html.value': 'QmClaimed' },
      },
      e: { owner: getAddress(wallet), records: { 'ipfs.html.value': 'QmClaimed' } },
    });
    const charged = (await partner.call('GET', '/account/billing/transactions')).body.items.some(
      (item: { domain: string }) => item.domain === name,
    );
    expectSeen('charge', charged, true);

    await completed(
      await partner.call('PATCH', `/domains/${name}`, {
        records: { 'ipfs.html.value': 'QmChanged', 'crypto.ETH.address': wallet },
      }),
    );
    expectSeen('records', await seen(name), {
      c: {
        owner: { type: 'SELF', address: wallet },
        status: 'REGISTERED',
        records: { 'ipfs.html.value': 'QmChanged', 'crypto.ETH.address': wallet },
      },
      e: { owner: getAddress(wallet), records: { 'ipfs.html.value': 'QmChanged', 'crypto.ETH.address': wallet } },
    });

    const outside = newWallet().address;
    await completed(await partner.call('PATCH', `/domains/${name}`, { owner: { type: 'EXTERNAL', address: outside } }));
    expectSeen('transfer', await seen(name), {
      c: {
        owner: { type: 'EXTERNAL', address: outside },
        status: 'REGISTERED',
        records: { 'ipfs.html.value': 'QmChanged', 'crypto.ETH.address': wallet },
      },
      e: { owner: getAddress(outside), records: { 'ipfs.html.value': 'QmChanged', 'crypto.ETH.address': wallet } },
    });
    expect((await partner.call('GET', '/account/billing')).body.balance.usdCents).toBeGreaterThan(balanceBefore);
    return stale;
  };

  it('finds an operation the moment the answer to its request named it, by its id and in the lists', async () => {
    const name = `ryw-now${randomBytes(4).toString('hex')}.crypto`;
    await completed(await partner.call('POST', '/domains', { name }));
    const missing: string[] = [];
    for (let round = 0; round < 20; round++) {
      const requested = await partner.call('PATCH', `/domains/${name}`, {
        records: { 'ipfs.html.value': `Qm${round}` },
      });
      expect(requested.status).toBe(200);
      const id = requested.body.operation.id as string;
      const read = await partner.call('GET', `/operations/${id}`);
      if (read.status !== 200) missing.push(`round ${round}: ${read.status}`);
      else expect(read.body).toMatchObject({ id, type: 'DOMAIN_UPDATE' });
      // the lists too: the account's operations, and the domain's pending ones unless it has finished already
      const listed = (await partner.call('GET', '/operations')).body.items.map((item: { id: string }) => item.id);
      if (!listed.includes(id)) missing.push(`round ${round}: not in /operations`);
      const pending = (await partner.call('GET', `/domains/${name}/pending-operations`)).body.items;
      const finished = FINISHED.includes((await partner.call('GET', `/operations/${id}`)).body.status);
      if (!finished && !pending.some((item: { id: string }) => item.id === id))
        missing.push(`round ${round}: not among the pending operations`);
      await completed(requested);
    }
    expect(missing).toEqual([]);
  });

  it(`never shows a stale read after COMPLETED: claim, records and transfer, ${ROUNDS} rounds`, async () => {
    const stale: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < ROUNDS) stale.push(...(await round(next++)));
      }),
    );
    expect(next).toBe(ROUNDS);
    expect(stale).toEqual([]);
  }, 300_000);
});
