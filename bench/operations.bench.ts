/**
 * npm run bench:operations: how long a custodial claim (surface C, `POST /partner/v3/domains` minting on an embedded
 * MATIC chain) and a DNS registration (surface D, `POST /partner/v3/domains` at the sandbox registry) take from the
 * request to the client reading `COMPLETED`, p50 and p99, and where the time goes. Each operation's own history
 * (`waterfallOf`, the console's waterfall) splits it: the request's answer, the wait before the engine starts each
 * dependency, each dependency's work, the wait until the operation is finished, and the client's next read. The
 * baseline is the dependencies' work alone (what a registry or chain call takes inside them): the ratio says how many
 * times that the whole operation costs.
 *
 * The service runs with its default settings (role `all`, one process); the client polls `GET /operations/{id}` as
 * fast as it answers, over a keep-alive connection. Operations go one at a time, claims and registrations
 * alternating, BENCH_OPERATIONS (default 40) of each.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { CommandBus } from '@nestjs/cqrs';
import pino from 'pino';
import { IssueCredential } from '../src/application/identity/issue-credential.command';
import { OpenAccount } from '../src/application/identity/open-account.command';
import { EventStore } from '../src/application/shared/event-store.port';
import { operationStream } from '../src/domain/operations/operation';
import { OperationEvent } from '../src/domain/operations/operation.events';
import { Waterfall, waterfallOf } from '../src/domain/operations/operation-waterfall';
import { AppConfig } from '../src/infrastructure/config/config';
import { createLogger } from '../src/infrastructure/logging/logger';
import { createPool } from '../src/infrastructure/postgres/database';
import { migrate } from '../src/infrastructure/postgres/migrations';
import { Runtime } from '../src/infrastructure/runtime';
import { createApp } from '../src/main';
import { startTestChains } from '../test/support/test-chains';
import { startBenchDatabase } from './bench-database';
import { BENCH_REGISTRANT, UNEMPTIED_BUCKETS } from './bench-service';
import { percentile } from './latency';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 40);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One JSON exchange; answers the status and the parsed body. */
const call = (
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const outgoing = request(`${baseUrl}${path}`, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  });

/** Where one operation's time went, in milliseconds, by the service's clock and the client's. */
interface Timing {
  /** Each event of the operation's stream, with when it was stored after the request was sent. */
  readonly history: readonly string[];
  readonly total: number;
  /** From sending the request to reading its answer (the operation QUEUED). */
  readonly answered: number;
  /** Waiting for the engine to start a dependency: after the request, and between one dependency and the next. */
  readonly queued: number;
  /** The dependencies' work, each from its start to its end (a registry or chain call, and what it records). */
  readonly working: number;
  /** From the last dependency's end to the operation's `OperationFinished`. */
  readonly finishing: number;
  /** From `OperationFinished` to the client reading `COMPLETED`. */
  readonly seen: number;
  /** Each dependency's work by type. */
  readonly byType: Readonly<Record<string, number>>;
}

const timingOf = (
  waterfall: Waterfall,
  history: readonly string[],
  sent: number,
  answeredAt: number,
  seenAt: number,
): Timing => {
  const bars = [...waterfall.bars].sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0));
  let queued = 0;
  let working = 0;
  let previousEnd = waterfall.requestedAt;
  const byType: Record<string, number> = {};
  for (const bar of bars) {
    const started = bar.startedAt ?? previousEnd;
    const ended = bar.endedAt ?? started;
    queued += Math.max(0, started - previousEnd);
    working += ended - started;
    byType[bar.type] = (byType[bar.type] ?? 0) + (ended - started);
    previousEnd = Math.max(previousEnd, ended);
  }
  const finished = waterfall.endedAt ?? previousEnd;
  return {
    history,
    total: seenAt - sent,
    answered: answeredAt - sent,
    queued,
    working,
    finishing: finished - previousEnd,
    seen: Math.max(0, seenAt - finished),
    byType,
  };
};

const figures = (values: readonly number[]): string =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms`;

const report = (what: string, timings: readonly Timing[]): void => {
  const of = (pick: (timing: Timing) => number) => figures(timings.map(pick));
  const working = timings.map((timing) => timing.working);
  const total = timings.map((timing) => timing.total);
  console.log(`${what}, ${timings.length} one at a time: request to COMPLETED ${of((t) => t.total)}`);
  console.log(`  request answered (QUEUED):                 ${of((t) => t.answered)}`);
  console.log(`  waiting for the engine to start each step: ${of((t) => t.queued)}`);
  console.log(`  the dependencies' work:                    ${of((t) => t.working)}`);
  for (const type of Object.keys(timings[0].byType))
    console.log(`    ${`${type}:`.padEnd(40)}${of((t) => t.byType[type] ?? 0)}`);
  console.log(`  last step to OperationFinished:            ${of((t) => t.finishing)}`);
  console.log(`  OperationFinished to the client's read:    ${of((t) => t.seen)}`);
  console.log(
    `  ratio to the dependencies' work alone: p50 ${(percentile(total, 50) / percentile(working, 50)).toFixed(1)}x`,
  );
  console.log(`  the last one's history, stored at ms after the request: ${timings.at(-1)?.history.join(', ')}`);
};

const main = async (): Promise<void> => {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const database = await startBenchDatabase();
    cleanups.unshift(() => database.stop());
    const migrations = createPool(database.url, 2);
    await migrate(migrations).finally(() => migrations.end());
    const chains = await startTestChains('MATIC');
    cleanups.unshift(async () => {
      await chains.stop();
      rmSync(chains.dataDir, { recursive: true, force: true });
    });
    const config = new AppConfig({ ...chains.env, LOG_LEVEL: 'info', ...UNEMPTIED_BUCKETS });
    const logger = createLogger(config.values.logLevel, pino.destination({ dest: '/dev/null', sync: false }));
    const app = await createApp({ config, runtime: new Runtime('all', database.url, chains), logger });
    cleanups.unshift(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `${await app.getUrl()}/partner/v3`;
    const commands = app.get(CommandBus);
    const keyOf = async (profile: 'web3' | 'reseller') => {
      const { accountId } = await commands.execute(new OpenAccount({ kind: 'partner', profile, name: profile }));
      return (await commands.execute(new IssueCredential(accountId, 'partner_key'))).secret as string;
    };
    const web3 = await keyOf('web3');
    const reseller = await keyOf('reseller');
    const store = app.get(EventStore);

    /** Sends the request, polls its operation to COMPLETED, and splits the time by the operation's history. */
    const timed = async (key: string, body: unknown): Promise<Timing> => {
      const sent = Date.now();
      const answer = await call(baseUrl, key, 'POST', '/domains', body);
      const answeredAt = Date.now();
      if (answer.status !== 201)
        throw new Error(`POST /domains answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const id = answer.body.operation.id as string;
      for (;;) {
        const read = await call(baseUrl, key, 'GET', `/operations/${id}`);
        if (read.body.status === 'COMPLETED') break;
        if (['FAILED', 'CANCELLED'].includes(read.body.status)) throw new Error(`operation ${id}: ${read.body.status}`);
      }
      const seenAt = Date.now();
      const stored = await store.readStream(operationStream(id));
      const waterfall = waterfallOf(stored as unknown as OperationEvent[]);
      if (!waterfall) throw new Error(`operation ${id} has no history`);
      const history = stored.map((event) => `${event.type} +${event.recordedAt.getTime() - sent}`);
      return timingOf(waterfall, [...history, `read COMPLETED +${seenAt - sent}`], sent, answeredAt, seenAt);
    };

    // the custodial wallet the claims mint to, made as a partner makes it
    const wallet = await call(baseUrl, web3, 'POST', '/account/wallets', {});
    for (;;) {
      const read = await call(baseUrl, web3, 'GET', `/operations/${wallet.body.operation.id}`);
      if (read.body.status === 'COMPLETED') break;
    }

    const suffix = randomBytes(3).toString('hex');
    const claim = (n: number) => timed(web3, { name: `latency-${suffix}-${n}.crypto` });
    const registration = (n: number) =>
      timed(reseller, { name: `latency-${suffix}-${n}.com`, owner: { type: 'SELF', contact: BENCH_REGISTRANT } });
    // warm up: connections, plans, the chain's first transactions
    for (let n = 0; n < 5; n++) await claim(-n - 1).then(() => registration(-n - 1));
    const claims: Timing[] = [];
    const registrations: Timing[] = [];
    for (let n = 0; n < OPERATIONS; n++) {
      claims.push(await claim(n));
      registrations.push(await registration(n));
    }
    report('custodial claim on MATIC (POST /partner/v3/domains)', claims);
    report('DNS registration with an inline registrant (POST /partner/v3/domains)', registrations);
  } finally {
    agent.destroy();
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
