import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readiness } from '../../src/application/shared/readiness';
import { embeddedServiceEnv, runCli, spawnService, startService, stopped } from '../support/cli';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { createTestApp } from '../support/test-app';

interface Health {
  readonly status: string;
  readonly pending?: string[];
}
interface Observed {
  readonly status: number;
  readonly body: Health;
  /** Whether the demo keys had been printed when this answer came. */
  readonly keysPrinted: boolean;
}

/** A `curl -s [-X M] URL [-H 'h: v']... [-d 'body']` line of the start banner, as a request. */
const parseCurl = (line: string): { method: string; url: string; headers: Record<string, string>; body?: string } => {
  const tokens = [...line.replace(/\s{3}\(.*\)$/, '').matchAll(/'([^']*)'|(\S+)/g)].map(
    (match) => match[1] ?? match[2],
  );
  const request = {
    method: 'GET',
    url: '',
    headers: {} as Record<string, string>,
    body: undefined as string | undefined,
  };
  for (let index = tokens.indexOf('curl') + 1; index < tokens.length; index++) {
    const token = tokens[index];
    if (token === '-s') continue;
    if (token === '-X') request.method = tokens[++index];
    else if (token === '-H') {
      const [name, ...value] = tokens[++index].split(':');
      request.headers[name.trim()] = value.join(':').trim();
    } else if (token === '-d') request.body = tokens[++index];
    else request.url = token.replace('//localhost:', '//127.0.0.1:');
  }
  return request;
};

/**
 * Starting the service as a new user does: /health says 503 and what is pending until every part has started and
 * the demo keys are printed, the banner's first call of every surface works as printed, and a second process on
 * the same data directory (a worker on other ports) adopts the first one's database and chains.
 */
describe('starting the service', () => {
  let env: Record<string, string>;
  beforeAll(async () => {
    env = await embeddedServiceEnv('start', { DNS_PORT: '0', HOSTING_PORT: '0', HOSTING_TLS_PORT: '0' });
  });

  const healthAt = (port: string): Promise<{ status: number; body: Health } | undefined> =>
    fetch(`http://127.0.0.1:${port}/health`).then(
      async (response) => ({ status: response.status, body: (await response.json()) as Health }),
      () => undefined, // not listening yet
    );
  const chainAnswers = (port: string) =>
    fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    }).then(
      (response) => response.ok,
      () => false,
    );

  it('is ready only once it has started and printed the demo keys, whose first call of every surface works', async () => {
    const service = spawnService(env);
    const exited = new Promise<never>((_, reject) =>
      service.once('exit', (code) => reject(new Error(`serve exited (${code}): ${service.output().slice(-2000)}`))),
    );
    exited.catch(() => undefined); // a failure only while it is awaited below
    const seen: Observed[] = [];
    try {
      const healthy = eventually(
        async () => {
          const answer = await healthAt(env.PORT);
          if (answer) seen.push({ ...answer, keysPrinted: service.output().includes('Demo accounts') });
          expect(answer?.status).toBe(200);
        },
        50_000,
        20,
      );
      await Promise.race([healthy, exited]);

      const [ready, ...starting] = [seen[seen.length - 1], ...seen.slice(0, -1)];
      expect(ready).toEqual({
        status: 200,
        body: {
          status: 'ok',
          database: { status: 'up', latencyMs: expect.any(Number) },
          chains: Object.fromEntries(
            ['ETH', 'MATIC', 'BASE'].map((chain) => [chain, { status: 'up', head: expect.any(Number) }]),
          ),
        },
        keysPrinted: true,
      });
      // the port answered from the first moment, saying what was left, and the list only ever got shorter
      expect(starting.length).toBeGreaterThan(0);
      for (const [index, { status, body }] of starting.entries()) {
        expect(status).toBe(503);
        expect(body.status).toBe('starting');
        expect(body.pending?.length).toBeGreaterThan(0);
        const earlier = starting[index - 1]?.body.pending ?? [
          'database',
          'migrations',
          'chains',
          'application',
          'workers',
          'demo accounts',
        ];
        expect(earlier.slice(earlier.length - (body.pending?.length ?? 0))).toEqual(body.pending);
      }
      expect(starting[0].body.pending?.[0]).toBe('database');

      const banner = service.output().replace(/\\\n\s*/g, '');
      const calls = banner.split('\n').filter((line) => line.includes('curl -s '));
      const paths = calls.map((line) => new URL(parseCurl(line).url).pathname);
      expect(paths).toEqual([
        '/mcp/v1/actions/svc_domains_search',
        '/partner/v3/account',
        '/partner/v3/domains',
        '/resolve/domains/brad.crypto',
        '/operator/v1/registry',
        '/api/oauth/signup',
      ]);
      for (const line of calls) {
        const { url, ...request } = parseCurl(line);
        // E: once the fixtures are indexed
        await eventually(async () => expect((await fetch(url, request)).status).toBe(200));
      }
      // the lines to keep the keys by: the variables every call of the README uses, each holding its printed key
      const exported = Object.fromEntries(
        [...banner.matchAll(/^ {4}export ([A-Z0-9_]+)=(\S+)$/gm)].map(([, name, value]) => [name, value]),
      );
      const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
      const used = [...new Set([...readme.matchAll(/Bearer \$([A-Z0-9_]+)/g)].map(([, name]) => name))].sort();
      expect(Object.keys(exported).sort()).toEqual(used);
      const printedKey = (pattern: RegExp) => pattern.exec(banner)?.[1];
      expect(exported).toEqual({
        AGENT_KEY: printedKey(/agent API key \(surface A\): (\S+)/),
        WEB3_KEY: printedKey(/\(surface C, \/partner\/v3\): (\S+)/),
        RESELLER_KEY: printedKey(/\(surface D, \/partner\/v3\): (\S+)/),
        RESOLUTION_KEY: printedKey(/Resolution key \(surface E, \/resolve\): (\S+)/),
        OPERATOR_KEY: printedKey(/Operator \(\/console and \/operator\/v1\): (\S+)/),
      });
    } finally {
      if (service.exitCode === null) expect(await stopped(service, 'SIGTERM')).toBe(0);
    }
  });

  it('lets a worker on the same data directory adopt the running database and chains, at their recorded ports', async () => {
    const first = await startService(env);
    const own = { ETH: env.CHAIN_ETH_PORT, MATIC: env.CHAIN_MATIC_PORT, BASE: env.CHAIN_BASE_PORT };
    const told = { ETH: String(await freePort()), MATIC: String(await freePort()), BASE: String(await freePort()) };
    const workerEnv = {
      ...env,
      PORT: String(await freePort()),
      DNS_PORT: '0',
      HOSTING_PORT: '0',
      HOSTING_TLS_PORT: '0',
      CHAIN_ETH_PORT: told.ETH,
      CHAIN_MATIC_PORT: told.MATIC,
      CHAIN_BASE_PORT: told.BASE,
    };
    const worker = await startService(workerEnv, ['--role', 'worker']);
    try {
      expect(worker.startOutput).toContain(
        `reusing the embedded PostgreSQL already running on port ${env.EMBEDDED_POSTGRES_PORT}`,
      );
      for (const chain of ['ETH', 'MATIC', 'BASE'] as const) {
        expect(worker.startOutput).toContain(
          `reusing the ${chain} chain running on port ${own[chain]} (recorded there; CHAIN_${chain}_PORT says ${told[chain]}), owned by pid ${first.pid}`,
        );
        expect(await chainAnswers(told[chain])).toBe(false); // no second node over the same chain state
      }
      expect((await healthAt(workerEnv.PORT))?.status).toBe(200);
      // a second service on a port in use stops at once, saying why
      const clash = await runCli(['serve'], env);
      expect(clash.code).toBe(1);
      expect(clash.stderr).toContain(`port ${env.PORT} (PORT) is in use`);
    } finally {
      expect(await stopped(worker, 'SIGTERM')).toBe(0);
    }
    // the worker only used them: the first service's chains and database still serve it
    expect(await Promise.all(Object.values(own).map(chainAnswers))).toEqual([true, true, true]);
    expect((await healthAt(env.PORT))?.status).toBe(200);
    expect(await stopped(first, 'SIGTERM')).toBe(0);
  });

  it('answers /health from the application 503 with the steps still pending, then 200', async () => {
    const subject = await createTestApp();
    try {
      const readiness = subject.app.get(Readiness);
      readiness.waitFor('chains', 'demo accounts');
      readiness.done('chains');
      const starting = await subject.app.inject({ method: 'GET', url: '/health' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toEqual({
        status: 'starting',
        pending: ['demo accounts'],
        database: { status: 'up', latencyMs: expect.any(Number) },
      });
      readiness.done('demo accounts');
      expect((await subject.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await subject.close();
    }
  });
});
