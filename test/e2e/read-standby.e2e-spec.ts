import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { createPool } from '../../src/infrastructure/postgres/database';
import { migrate } from '../../src/infrastructure/postgres/migrations';
import { resolutionKeyOf } from '../support/chain-actors';
import { PrimaryWithStandby, startPrimaryWithStandby } from '../support/streaming-standby';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import { custodialWalletOf, newWeb3Partner, pollOperation, Web3Partner } from '../support/web3-partner';
import { freshName, newHolder } from '../support/market';

/**
 * PostgreSQL past one server (`DATABASE_READ_URLS`, docs/scale-out.md): the service writes to a primary and reads
 * its read models, surface E among them, from a hot standby streaming the primary's WAL. A client that polls an
 * operation to `COMPLETED` reads its effect at once, whether the standby keeps up, lags, or is gone.
 */
describe('read models and surface E on a streaming standby', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let servers: PrimaryWithStandby;
  let subject: TestApp;
  let partner: Web3Partner;
  let wallet: string;
  let resolutionKey: string;

  beforeAll(async () => {
    chains = await startTestChains('MATIC');
    servers = await startPrimaryWithStandby('domain_engine');
    const pool = createPool(servers.primaryUrl, 2);
    await migrate(pool);
    await pool.end();
    subject = await createTestApp({
      databaseUrl: servers.primaryUrl,
      chains,
      // surface E from the database, not from the process's memory of it
      env: { ...chains.env, DATABASE_READ_URLS: servers.standbyUrl, RESOLUTION_CACHE_MB: '0' },
    });
    partner = await newWeb3Partner(subject);
    wallet = await custodialWalletOf(partner);
    resolutionKey = await resolutionKeyOf(subject.app);
  }, 120_000);
  afterAll(async () => {
    await subject?.close();
    await servers?.stop();
    await chains?.stop();
  });

  /** How many read-model statements each server has answered (`read_model_reads_total`). */
  const answered = async (): Promise<{ primary: number; standby: number }> => {
    const text = (await subject.app.inject({ method: 'GET', url: '/metrics' })).body;
    const count = (server: string) =>
      Number(new RegExp(`^read_model_reads_total\\{server="${server}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { primary: count('primary'), standby: count('standby 1') };
  };
  const since = async (before: { primary: number; standby: number }) => {
    const now = await answered();
    return { primary: now.primary - before.primary, standby: now.standby - before.standby };
  };

  /** Claims a name and polls it to COMPLETED, as a client does; then what surfaces C and E show of it. */
  const claimThenRead = async () => {
    const name = `standby${randomBytes(4).toString('hex')}.crypto`;
    const reply = await partner.call('POST', '/domains', { name, records: { 'crypto.ETH.address': wallet } });
    expect(reply.status).toBe(201);
    expect((await pollOperation(partner, reply.body.operation.id)).status).toBe('COMPLETED');
    const [onC, onE] = await Promise.all([
      partner.call('GET', `/domains/${name}`),
      subject.app.inject({
        method: 'GET',
        url: `/resolve/domains/${name}`,
        headers: { authorization: `Bearer ${resolutionKey}` },
      }),
    ]);
    return { onC: onC.body.availability?.status, onE: onE.json().meta?.owner };
  };
  const effect = { onC: 'REGISTERED', onE: '' };
  beforeAll(() => (effect.onE = getAddress(wallet)));

  it('serves surface E and the partner reads from the standby, each showing a claim the moment it is COMPLETED', async () => {
    const before = await answered();
    for (let n = 0; n < 3; n++) expect(await claimThenRead()).toEqual(effect);
    const served = await since(before);
    expect(served.standby).toBeGreaterThan(6);
    expect(served.standby).toBeGreaterThan(served.primary);
  });

  it('serves an agent’s portfolio from the standby, showing the names just registered for its user', async () => {
    const names = [freshName('standby'), freshName('standby', 'net')];
    const holder = await newHolder(subject, names);
    const before = await answered();
    const listed = await holder.action('svc_portfolio_list', {});
    expect(listed.status).toBe(200);
    expect(listed.body.domains.map((domain: { name: string }) => domain.name).sort()).toEqual([...names].sort());
    // the page and its total are one statement on the standby (a lagging one would leave it to the primary)
    expect((await since(before)).standby).toBeGreaterThan(0);
  });

  it('answers from the primary while the standby lags behind, and from the standby again once it catches up', async () => {
    await servers.onStandby('select pg_wal_replay_pause()');
    const paused = await answered();
    try {
      expect(await claimThenRead()).toEqual(effect);
      expect((await since(paused)).primary).toBeGreaterThan(0);
    } finally {
      await servers.onStandby('select pg_wal_replay_resume()');
    }
    const resumed = await answered();
    expect(await claimThenRead()).toEqual(effect);
    expect((await since(resumed)).standby).toBeGreaterThan(0);
  });

  it('loses no read when the standby is stopped: the primary answers every one', async () => {
    await servers.stopStandby();
    const before = await answered();
    for (let n = 0; n < 2; n++) expect(await claimThenRead()).toEqual(effect);
    const served = await since(before);
    expect(served.standby).toBe(0);
    expect(served.primary).toBeGreaterThan(4);
  });
});
