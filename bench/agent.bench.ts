/**
 * npm run bench:agent: p50 and p99 latency of surface A's `svc_domains_search` with 10 queries under 5 TLDs (50
 * names) and of `svc_portfolio_list` over a portfolio of 10,000 domains, each against the bare query it rests on, in
 * the same process and the same run: the registry port's check of the same 50 names, and the portfolio index's query
 * (the typed rows beside the projection's documents) with the same filters, order and page. Goal: p99 under 50 ms
 * for both actions on this machine.
 *
 * The service listens on loopback; requests go over HTTP with a keep-alive connection, one at a time. The portfolio
 * is the user's 10,000 DNS names, seeded as registrations leave them in the store (requested, then registered) with
 * purchase and expiry times spread over years; the listing asks for the names expiring within a year, ordered by
 * expiry, 50 a page, as an agent planning renewals would. The service and its baseline alternate in BENCH_ROUNDS
 * (default 4) rounds of BENCH_REQUESTS (default 100) requests each.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { CommandBus } from '@nestjs/cqrs';
import { IssueCredential } from '../src/application/identity/issue-credential.command';
import { OpenAccount } from '../src/application/identity/open-account.command';
import { Registry } from '../src/application/registry/registry.port';
import { Clock } from '../src/application/shared/clock';
import { EventStore } from '../src/application/shared/event-store.port';
import { dnsDomainStream } from '../src/domain/dns-domains/dns-domain';
import { Engine } from '../src/infrastructure/engine/engine.service';
import { startProgress } from '../src/interfaces/cli/progress';
import { PortfolioIndex } from '../src/projections/portfolio/portfolio-index.port';
import { withBenchService } from './bench-service';
import { exchange, latencies, report } from './latency';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PORTFOLIO_SIZE = 10_000;
const DAY = 86_400_000;

const QUERIES = [
  'coffee shop',
  'sunrise',
  'bright path',
  'google',
  'quiet harbor',
  'pixel lab',
  'north star',
  'river stone',
  'agents',
  'bench mark',
];
const TLDS = ['com', 'net', 'org', 'ai', 'io'];
const SEARCHED = QUERIES.flatMap((query) => TLDS.map((tld) => `${query.replace(/\s/g, '')}.${tld}`));

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const send = exchange(agent);

/** The user's names as registrations leave them: requested, then registered, 500 streams a transaction. */
const seedPortfolio = async (store: EventStore, accountId: string, now: number): Promise<void> => {
  const seeded = startProgress('seeding the portfolio', PORTFOLIO_SIZE);
  for (let start = 0; start < PORTFOLIO_SIZE; start += 500) {
    const writes = Array.from({ length: 500 }, (_, offset) => {
      const n = start + offset;
      const name = `portfolio-${n.toString(36)}-${(n * 7919) % 1000}.${TLDS[n % TLDS.length]}`;
      const operationId = `op-${randomUUID()}`;
      return {
        streamId: dnsDomainStream(name),
        expectedVersion: 'no_stream' as const,
        events: [
          {
            type: 'DnsRegistrationRequested',
            data: { name, operationId, accountId, years: 1, priceCents: 1299, at: now },
          },
          {
            type: 'DnsDomainRegistered',
            data: {
              name,
              operationId,
              accountId,
              createdAt: now - ((n * 37) % 1500) * DAY,
              expiresAt: now + (((n * 53) % 900) - 60) * DAY,
              sealedAuthorizationCode: 'bench',
              at: now,
            },
          },
        ],
      };
    });
    const id = randomUUID();
    await store.append(writes, { commandId: id, correlationId: id, causationId: id, accountId });
    seeded.advance(writes.length);
  }
  seeded.finish();
};

const main = (): Promise<void> =>
  withBenchService(async (app) => {
    const baseUrl = `${await app.getUrl()}/mcp/v1/actions`;
    const commands = app.get(CommandBus);
    const { accountId } = await commands.execute(
      new OpenAccount({ kind: 'user', name: 'Agent bench', email: 'bench@example.net', password: 'Bench-pass-1!' }),
    );
    const key = (await commands.execute(new IssueCredential(accountId, 'agent_key'))).secret;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const now = app.get(Clock).now();
    const seeding = performance.now();
    await seedPortfolio(app.get(EventStore), accountId, now);
    await app.get(Engine).settled();
    console.log(
      `portfolio of ${PORTFOLIO_SIZE} domains seeded and projected in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const searchBody = JSON.stringify({ query: QUERIES, tlds: TLDS, limit: 50 });
    const search = () => send(`${baseUrl}/svc_domains_search`, 'POST', headers, searchBody, 200);
    const registry = app.get(Registry);
    const check = () => registry.check(SEARCHED);

    const listBody = JSON.stringify({ expiringWithinDays: 365, orderBy: 'expiresAt', limit: 50, offset: 100 });
    const list = () => send(`${baseUrl}/svc_portfolio_list`, 'POST', headers, listBody, 200);
    const index = app.get(PortfolioIndex);
    const criteria = {
      registryType: 'dns',
      status: 'all',
      expiringWithinDays: 365,
      tags: [],
      orderBy: 'expiresAt',
      direction: 'asc',
    } as const;
    const bareList = () => index.page([accountId], criteria, Date.now(), 100, 50);

    // warm up: connections, plans, the first touch of every table
    for (const task of [search, check, list, bareList]) await latencies(20, task);
    const measured = { search: [] as number[], check: [] as number[], list: [] as number[], bare: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      measured.search.push(...(await latencies(REQUESTS, search)));
      measured.check.push(...(await latencies(REQUESTS, check)));
      measured.list.push(...(await latencies(REQUESTS, list)));
      measured.bare.push(...(await latencies(REQUESTS, bareList)));
    }
    report(
      'svc_domains_search, 10 queries x 5 TLDs',
      measured.search,
      'registry check of the 50 names',
      measured.check,
    );
    report(
      `svc_portfolio_list over ${PORTFOLIO_SIZE} domains`,
      measured.list,
      'the portfolio index query',
      measured.bare,
    );
  }).finally(() => agent.destroy());

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
