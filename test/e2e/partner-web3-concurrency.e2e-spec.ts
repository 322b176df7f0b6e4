import { randomBytes } from 'node:crypto';
import { ChainReader } from '../../src/application/chains/chain-reader.port';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import { newWeb3Partner, Web3Partner } from '../support/web3-partner';

/** One name, twenty partners at once: one mint, one charge, every other claim refused. */
describe('concurrent claims of one name', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let partners: Web3Partner[];
  beforeAll(async () => {
    chains = await startTestChains('MATIC');
    subject = await createTestApp({ chains, env: { ...chains.env, WORKER_CONCURRENCY: '8' } });
    partners = await Promise.all(Array.from({ length: 20 }, (_, index) => newWeb3Partner(subject, `Partner ${index}`)));
    const created = await Promise.all(partners.map((partner) => partner.call('POST', '/account/wallets', {})));
    expect(created.map((reply) => reply.status)).toEqual(partners.map(() => 201));
    await subject.settled();
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  it('mints once, charges once and refuses the other nineteen', async () => {
    const name = `race${randomBytes(5).toString('hex')}.crypto`;
    const replies = await Promise.all(partners.map((partner) => partner.call('POST', '/domains', { name })));

    const accepted = replies.flatMap((reply, index) => (reply.status === 201 ? [index] : []));
    expect(accepted).toHaveLength(1);
    const refused = replies.filter((reply) => reply.status !== 201);
    expect(refused).toHaveLength(19);
    for (const reply of refused) {
      expect(reply.status).toBe(409);
      expect(['CONCURRENT_OPERATION', 'NOT_AVAILABLE']).toContain(reply.body.code);
      // the winner's operation is its own business: no loser learns its id
      expect(JSON.stringify(reply.body)).not.toContain(replies[accepted[0]].body.operation.id);
    }

    const winner = partners[accepted[0]];
    expect(await winner.operation(replies[accepted[0]].body.operation.id)).toMatchObject({ status: 'COMPLETED' });
    const wallet = (await winner.call('GET', '/account')).body.defaultWalletAddress;
    expect((await subject.app.get(ChainReader).domain('MATIC', name, [])).owner).toBe(wallet);

    const charges = await Promise.all(
      partners.map(async (partner) =>
        (await partner.call('GET', '/account/billing/transactions')).body.items.filter(
          (item: { domain: string }) => item.domain === name,
        ),
      ),
    );
    expect(charges.flat()).toHaveLength(1);
    expect(charges[accepted[0]]).toEqual([expect.objectContaining({ type: 'CHARGE', reason: 'DOMAIN_CLAIM' })]);
    const operations = await Promise.all(
      partners.map(async (partner) => (await partner.call('GET', `/operations?domain=${name}`)).body.items),
    );
    expect(operations.flat()).toHaveLength(1);

    // once minted, later claims see it taken
    const late = await partners[(accepted[0] + 1) % 20].call('POST', '/domains', { name });
    expect(late).toMatchObject({ status: 409, body: { code: 'NOT_AVAILABLE' } });
  });
});
