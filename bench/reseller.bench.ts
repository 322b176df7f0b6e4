/**
 * npm run bench:reseller: p50 and p99 latency of surface D's availability of 50 names (`GET /partner/v3/domains`
 * with 50 `query` values) and of a registration preview (`POST /partner/v3/domains?$preview=true` with an inline
 * registrant), each against the bare registry port call it rests on (`Registry.check` of the same names), in the
 * same process and the same run, on an embedded PostgreSQL with the service's default settings.
 *
 * The service listens on loopback; requests go over HTTP with a keep-alive connection, one at a time, so that the
 * figures are latencies, not throughput. The names mix free ones, seeded taken ones, a premium one and external
 * listings, as a reseller's search would. The service and its baseline alternate in BENCH_ROUNDS (default 4) rounds
 * of BENCH_REQUESTS (default 100) requests each. The ratio says how many times the port call the whole request costs:
 * what the HTTP shell, authentication, validation, the price list, listings and the answer add.
 */
import { BENCH_REGISTRANT, withBenchService } from './bench-service';
import { exchange, latencies, report } from './latency';
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { CommandBus } from '@nestjs/cqrs';
import { IssueCredential } from '../src/application/identity/issue-credential.command';
import { OpenAccount } from '../src/application/identity/open-account.command';
import { Registry } from '../src/application/registry/registry.port';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);

/** 50 names as a search would bring them: mostly free, some taken, one premium, two listed by their owners. */
const SEARCHED = [
  'google.com',
  'taken.com',
  'sunrise.com',
  'coffeeshop.net',
  'agents.ai',
  ...Array.from(
    { length: 45 },
    (_, n) => `bench-${n}-${randomBytes(3).toString('hex')}.${['com', 'net', 'org'][n % 3]}`,
  ),
];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const send = exchange(agent);

const main = (): Promise<void> =>
  withBenchService(async (app) => {
    const baseUrl = `${await app.getUrl()}/partner/v3`;
    const commands = app.get(CommandBus);
    const { accountId } = await commands.execute(
      new OpenAccount({ kind: 'partner', profile: 'reseller', name: 'Reseller bench' }),
    );
    const key = (await commands.execute(new IssueCredential(accountId, 'partner_key'))).secret;
    const headers = { authorization: `Bearer ${key}` };
    const registry = app.get(Registry);

    const availabilityUrl = `${baseUrl}/domains?${SEARCHED.map((name) => `query=${name}`).join('&')}`;
    const availability = () => send(availabilityUrl, 'GET', headers, undefined, 200);
    const preview = () =>
      send(
        `${baseUrl}/domains?$preview=true`,
        'POST',
        { ...headers, 'content-type': 'application/json' },
        JSON.stringify({ name: SEARCHED[10], owner: { type: 'SELF', contact: BENCH_REGISTRANT }, dns: { period: 2 } }),
        201,
      );
    // warm up: connections, plans, the seeded names' first touch
    await latencies(20, availability);
    await latencies(20, preview);
    await latencies(20, () => registry.check(SEARCHED));

    const measured = {
      availability: [] as number[],
      checks: [] as number[],
      previews: [] as number[],
      check: [] as number[],
    };
    for (let round = 0; round < ROUNDS; round++) {
      measured.availability.push(...(await latencies(REQUESTS, availability)));
      measured.checks.push(...(await latencies(REQUESTS, () => registry.check(SEARCHED))));
      measured.previews.push(...(await latencies(REQUESTS, preview)));
      measured.check.push(...(await latencies(REQUESTS, () => registry.check([SEARCHED[10]]))));
    }
    report('availability of 50 names (GET /domains)', measured.availability, 'registry port', measured.checks);
    report('registration preview (POST /domains?$preview=true)', measured.previews, 'registry port', measured.check);
  }).finally(() => agent.destroy());

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
