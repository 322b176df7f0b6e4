import { randomUUID } from 'node:crypto';
import { QueryBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { getAddress } from 'viem';
import { EventStore } from '../../src/application/shared/event-store.port';
import { tokenIdOf } from '../../src/domain/chains/blockchain';
import { ResolutionReads } from '../../src/projections/resolution/resolution-reads.port';
import { resolutionKeyOf } from '../support/chain-actors';
import { eventually } from '../support/eventually';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';

const NAME = 'memory-proof.crypto';
const TOKEN = tokenIdOf(NAME);
const ALICE = '0x8aad44321a86b170879d7a244c1e8d360c99dda8';
const BOB = '0x000000000000000000000000000000000000b0b0';
const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * Issue 30's resolution from memory: an API process answers surface E's lookups from its own copy of the read model,
 * kept current from the store's notifications; it answers a change as soon as the append is told, never the value
 * before it; a process without the copy (RESOLUTION_CACHE_MB=0) reads the database.
 */
describe("surface E's lookups from the process's memory", () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let pool: Pool;
  let key: string;
  let block = 100;

  beforeAll(async () => {
    // surface E resolves the endings of the chains the process talks to
    chains = await startTestChains('MATIC');
    subject = await createTestApp({ chains, env: chains.env });
    pool = new Pool({ connectionString: subject.databaseUrl, max: 1 });
    key = await resolutionKeyOf(subject.app);
  });
  afterAll(async () => {
    await pool?.end();
    await subject?.close();
    await chains?.stop();
  });

  /** A registry log as the indexer appends it to the chain's stream. */
  const logged = async (type: string, data: Record<string, unknown>) => {
    block += 1;
    const place = {
      blockchain: 'MATIC',
      networkId: 80001,
      registry: '0x2a93c52e7b6e7054870758e15a1446e769edfb93',
      blockNumber: block,
      blockTimestamp: Date.now(),
      transactionHash: `0x${block.toString(16).padStart(64, '0')}`,
      logIndex: 0,
    };
    const id = randomUUID();
    await subject.app
      .get(EventStore)
      .append([{ streamId: 'chain-MATIC', expectedVersion: 'any', events: [{ type, data: { ...place, ...data } }] }], {
        commandId: id,
        correlationId: id,
        causationId: id,
        accountId: null,
      });
  };
  const ownerShown = async (app: TestApp = subject): Promise<string | null> => {
    const answer = await app.app.inject({
      method: 'GET',
      url: `/resolve/domains/${NAME}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.statusCode).toBe(200);
    return (answer.json().meta.owner as string | null)?.toLowerCase() ?? null;
  };

  it("answers a name before Nest's pipeline exactly as the controller does from the database", async () => {
    const idn = 'xn--strae-oqa.crypto';
    await logged('DomainTransferred', { tokenId: TOKEN, from: ZERO, to: ALICE });
    await logged('DomainNamed', { tokenId: TOKEN, name: NAME });
    await logged('DomainRecordSet', { tokenId: TOKEN, key: 'crypto.ETH.address', value: ALICE });
    await logged('ReverseResolutionSet', { tokenId: TOKEN });
    await logged('DomainTransferred', { tokenId: tokenIdOf(idn), from: ZERO, to: BOB });
    await logged('DomainNamed', { tokenId: tokenIdOf(idn), name: idn });
    await subject.settled();
    await eventually(async () => expect((await subject.app.get(ResolutionReads).current())?.byName(idn)).toBeTruthy());
    const fromDatabase = await createTestApp({
      databaseUrl: subject.databaseUrl,
      role: 'api',
      chains,
      env: { ...chains.env, RESOLUTION_CACHE_MB: '0' },
    });
    const asked = (app: TestApp, path: string, headers: Record<string, string> = { authorization: `Bearer ${key}` }) =>
      app.app.inject({ method: 'GET', url: `/resolve/domains/${path}`, headers });
    const compared = (answer: Awaited<ReturnType<typeof asked>>) => ({
      status: answer.statusCode,
      type: answer.headers['content-type'],
      limit: answer.headers['ratelimit-limit'],
      body: answer.body,
    });
    const queries = jest.spyOn(subject.app.get(QueryBus), 'execute');
    try {
      const names = [NAME, NAME.toUpperCase(), 'Straße.crypto', idn, 'nobody.crypto', 'brad.com', 'a..crypto', '%20'];
      for (const name of names) {
        const fast = await asked(subject, name);
        expect([name, compared(fast)]).toEqual([name, compared(await asked(fromDatabase, name))]);
        expect(fast.statusCode).toBe(200);
      }
      expect(JSON.parse((await asked(subject, NAME)).body)).toMatchObject({
        meta: { domain: NAME, reverse: true, owner: getAddress(ALICE) },
        records: { 'crypto.ETH.address': ALICE },
      });
      // none of them reached the controller, whose lookups go through the query bus
      expect(queries).not.toHaveBeenCalled();

      // what the hot route does not take on goes on to the controller, and is answered there alike
      const cases: [string, Record<string, string>][] = [
        [NAME, { authorization: `Bearer ${key}`, 'content-length': '0' }],
        [`${NAME}?unknown=1`, { authorization: `Bearer ${key}` }],
        [NAME, { authorization: 'Bearer rk_unknown' }],
        [NAME, {}],
      ];
      for (const [path, headers] of cases) {
        expect([path, compared(await asked(subject, path, headers))]).toEqual([
          path,
          compared(await asked(fromDatabase, path, headers)),
        ]);
      }
      expect(queries).toHaveBeenCalledTimes(1);
    } finally {
      queries.mockRestore();
      await fromDatabase.close();
    }
  });

  it('answers from memory, follows each change at once, and leaves the database alone', async () => {
    await logged('DomainTransferred', { tokenId: TOKEN, from: ZERO, to: ALICE });
    await logged('DomainNamed', { tokenId: TOKEN, name: NAME });
    await subject.settled();
    expect(await ownerShown()).toBe(ALICE);
    // the first lookup loads the copy; once it holds the domain, the database's documents are no longer read
    await eventually(async () =>
      expect((await subject.app.get(ResolutionReads).current())?.byToken(TOKEN)).toBeTruthy(),
    );
    await pool.query(`delete from projection_documents where projection = 'resolution'`);
    expect(await ownerShown()).toBe(ALICE);

    // a transfer is answered by the very next lookup after its append, never the owner before it
    await logged('DomainTransferred', { tokenId: TOKEN, from: ALICE, to: BOB });
    expect(await ownerShown()).toBe(BOB);
    await logged('DomainTransferred', { tokenId: TOKEN, from: BOB, to: ALICE });
    expect(await ownerShown()).toBe(ALICE);

    // a process that keeps no copy reads the database, where the documents were deleted behind the projection's back
    const without = await createTestApp({
      databaseUrl: subject.databaseUrl,
      role: 'api',
      chains,
      env: { ...chains.env, RESOLUTION_CACHE_MB: '0' },
    });
    try {
      expect(await ownerShown(without)).toBeNull();
    } finally {
      await without.close();
    }
  });
});
