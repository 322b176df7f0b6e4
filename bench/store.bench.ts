/**
 * npm run bench:store: appends per second of single-event commands through handleCommand (fold, decide, append
 * with the version read) against the same number of raw INSERTs into the same database, in the same run, on an
 * embedded PostgreSQL with the service's default settings. Goal: ratio at least 0.5.
 *
 * BENCH_COMMANDS (default 4000) and BENCH_CONCURRENCY (default 8) tune the run.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { handleCommand } from '../src/application/shared/handle-command';
import { Decider } from '../src/domain/shared/decider';
import { createPool, withDatabase } from '../src/infrastructure/postgres/database';
import { startEmbeddedPostgres } from '../src/infrastructure/postgres/embedded-postgres';
import { migrate } from '../src/infrastructure/postgres/migrations';
import { PostgresEventStore } from '../src/infrastructure/postgres/postgres-event-store';
import { PostgresNotifications } from '../src/infrastructure/postgres/postgres-notifications';
import { freePort } from '../test/support/free-port';

type Increment = { type: 'Increment'; data: { by: number } };
type Incremented = { type: 'Incremented'; data: { by: number; total: number } };
const counter: Decider<Increment, Incremented, { total: number }> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => ({ total: event.data.total }),
  decide: (command, state) => [{ type: 'Incremented', data: { by: command.data.by, total: state.total + command.data.by } }],
};

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

/** Runs `count` tasks with `concurrency` in flight; returns the seconds it took. */
const timed = async (count: number, concurrency: number, task: (n: number) => Promise<unknown>): Promise<number> => {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
  return Number(process.hrtime.bigint() - started) / 1e9;
};

const main = async (): Promise<void> => {
  const runDir = mkdtempSync(join(tmpdir(), 'domain-engine-bench-'));
  chmodSync(runDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: join(runDir, 'postgres'), port: await freePort(), log: { info: () => undefined, debug: () => undefined } });
  const admin = new Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  const url = withDatabase(server.url, 'bench');
  const pool: Pool = createPool(url, CONCURRENCY + 2);
  const notifications = new PostgresNotifications(url, { warn: () => undefined });
  try {
    await migrate(pool);
    await pool.query('create table raw_inserts (id bigint generated always as identity primary key, stream_id text not null, type text not null, data jsonb not null)');
    const store = new PostgresEventStore(pool, notifications);
    const streams = Array.from({ length: 64 }, () => `counter-${randomUUID()}`);

    // warm both paths up (connections, plans), outside the measured runs
    await timed(200, CONCURRENCY, (n) => handleCommand(store, `warmup-${n}`, counter, { type: 'Increment', data: { by: 1 } }));
    await timed(200, CONCURRENCY, (n) => pool.query('insert into raw_inserts (stream_id, type, data) values ($1, $2, $3)', [`warmup-${n}`, 'Incremented', '{}']));

    const commandSeconds = await timed(COMMANDS, CONCURRENCY, (n) =>
      handleCommand(store, streams[n % streams.length], counter, { type: 'Increment', data: { by: 1 } }),
    );
    const insertSeconds = await timed(COMMANDS, CONCURRENCY, (n) =>
      pool.query('insert into raw_inserts (stream_id, type, data) values ($1, $2, $3)', [streams[n % streams.length], 'Incremented', JSON.stringify({ by: 1, total: n })]),
    );
    const commandsPerSecond = COMMANDS / commandSeconds;
    const insertsPerSecond = COMMANDS / insertSeconds;
    const { rows } = await pool.query<{ count: string }>("select count(*) from events where stream_id like 'counter-%'");
    console.log(`commands: ${COMMANDS}, concurrency: ${CONCURRENCY}, streams: ${streams.length}`);
    console.log(`handleCommand appends/s: ${commandsPerSecond.toFixed(0)} (${rows[0].count} events stored)`);
    console.log(`raw INSERTs/s:           ${insertsPerSecond.toFixed(0)}`);
    console.log(`ratio:                   ${(commandsPerSecond / insertsPerSecond).toFixed(2)} (goal >= 0.5)`);
  } finally {
    await notifications.close();
    await pool.end();
    await server.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
