import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedServiceEnv, startService, stopped } from '../support/cli';
import { ADA_CONTACT } from '../support/contacts';
import { eventually } from '../support/eventually';

const IN_FLIGHT = 12;
const owner = { type: 'SELF', contact: { ...ADA_CONTACT, phone: { dialingPrefix: '44', number: '2071234567' } } };

/**
 * The embedded PostgreSQL stopped under the service while registrations are in flight, by a fast shutdown and by
 * SIGKILL of its postmaster: the service stays up, `/health` answers 503 naming the database while it is gone, the
 * process that owns it starts it again, and every operation in flight completes once, charged once.
 */
describe('the database going away under load', () => {
  let env: Record<string, string>;
  let dataDir: string;
  let service: Awaited<ReturnType<typeof startService>>;
  let key: string;

  beforeAll(async () => {
    env = await embeddedServiceEnv('outage', {
      CHAINS: 'none',
      DNS_PORT: '0',
      HOSTING_PORT: '0',
      HOSTING_TLS_PORT: '0',
      // a lease left by a run the outage cut short is taken again soon
      WORKER_LEASE_MS: '2000',
      // the test polls far faster than a client
      PARTNER_KEY_RATE_PER_SECOND: '100000',
      PARTNER_KEY_RATE_BURST: '100000',
    });
    dataDir = env.DATA_DIR;
    service = await startService(env);
    key = /Reseller partner \S+ \(surface D, \/partner\/v3\): (\S+)/.exec(service.startOutput)?.[1] as string;
    await eventually(async () => expect((await fetch(`${base()}/health`)).status).toBe(200), 60_000);
  }, 120_000);
  afterAll(async () => {
    if (service) await stopped(service, 'SIGTERM');
  });

  const base = () => `http://127.0.0.1:${env.PORT}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base()}/partner/v3${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  /** Every item of a list, page after page. */
  const all = async (path: string): Promise<Record<string, string>[]> => {
    const items: Record<string, string>[] = [];
    for (let cursor: string | undefined; ;) {
      const page = await call('GET', cursor ? `${path}?$cursor=${encodeURIComponent(cursor)}` : path);
      items.push(...page.body.items);
      cursor = page.body.next?.$cursor;
      if (!cursor) return items;
    }
  };
  const postmaster = () => Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

  it.each([
    ['a fast shutdown', 'SIGINT'],
    ['SIGKILL of the postmaster', 'SIGKILL'],
  ] as const)(
    'survives %s: 503 naming the database, then every operation in flight completes once',
    async (_label, signal) => {
      const names = Array.from({ length: IN_FLIGHT }, () => `outage${randomBytes(5).toString('hex')}.com`);
      const requested = await Promise.all(names.map((name) => call('POST', '/domains', { name, owner })));
      expect(requested.map((reply) => reply.status)).toEqual(names.map(() => 201));
      const before = postmaster();
      process.kill(before, signal);

      // while it is gone: /health says so, and requests are 503s, never 500s. /health is watched on its own, since a
      // request waiting for the database (the account read) can outlast an outage of a few hundred milliseconds
      const seen = new Set<string>();
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          const health = await fetch(`${base()}/health`);
          const body = (await health.json()) as { unavailable?: string[] };
          // each answer is awaited before the next ask: the requests pace themselves, no timer between them
          seen.add(`${health.status} ${body.unavailable?.join(',') ?? ''}`);
        }
      })();
      await eventually(
        async () => {
          const read = await call('GET', '/account');
          seen.add(`account ${read.status}`);
          expect(postmaster()).not.toBe(before);
          expect((await fetch(`${base()}/health`)).status).toBe(200);
        },
        60_000,
        20,
      );
      watching = false;
      await watcher;
      expect(seen).toContain('503 database');
      expect([...seen].filter((entry) => entry.startsWith('account ')).sort()).toEqual(
        expect.arrayContaining(['account 200']),
      );
      expect([...seen].filter((entry) => /^account 5(?!03)/.test(entry))).toEqual([]);
      expect(service.exitCode).toBeNull();

      // every operation finishes, each COMPLETED, each name registered and charged once
      const finished = async (id: string) => {
        let status = '';
        await eventually(async () => {
          status = (await call('GET', `/operations/${id}`)).body.status;
          expect(['COMPLETED', 'FAILED', 'CANCELLED']).toContain(status);
        }, 60_000);
        return status;
      };
      const statuses = await Promise.all(requested.map((reply) => finished(reply.body.operation.id)));
      expect(statuses).toEqual(names.map(() => 'COMPLETED'));
      const held = (await all('/account/domain-registrations')).map((item) => item.name);
      expect(names.filter((name) => held.filter((entry) => entry === name).length !== 1)).toEqual([]);
      const operations = requested.map((reply) => reply.body.operation.id as string);
      const charged = (await all('/account/billing/transactions')).filter((item) =>
        operations.includes(item.operationId),
      );
      expect(charged.map((item) => item.operationId).sort()).toEqual([...operations].sort());
    },
    180_000,
  );
});
