/**
 * npm run bench:store: appends per second of single-event commands through handleCommand (fold, decide, append
 * with the version read) against the same number of raw INSERTs into the same database, in the same run, on an
 * embedded PostgreSQL with the service's default settings. Goal: ratio at least 0.5.
 *
 * The commands spread over BENCH_STREAMS aggregates (default 1000), as concurrent requests mostly touch different
 * aggregates; fewer streams measure contention instead (conflicts, re-reads, retries). The two workloads alternate in
 * rounds so that both see the same state of the server (WAL, checkpoints, table size).
 *
 * It runs twice: one command at a time, then BENCH_CONCURRENCY (default 8) at once.
 * BENCH_COMMANDS (default 4000 per run), BENCH_STREAMS and BENCH_ROUNDS (default 6) tune it.
 */
import { startBenchDatabase } from './bench-database';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { handleCommand } from '../src/application/shared/handle-command';
import { Decider } from '../src/domain/shared/decider';
import { createPool } from '../src/infrastructure/postgres/database';
import { migrate } from '../src/infrastructure/postgres/migrations';
import { PostgresEventStore } from '../src/infrastructure/postgres/postgres-event-store';
import { PostgresNotifications } from '../src/infrastructure/postgres/postgres-notifications';

type Increment = { type: 'Increment'; data: { by: number } };
type Incremented = { type: 'Incremented'; data: { by: number; total: number } };
const counter: Decider<Increment, Incremented, { total: number }> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => ({ total: event.data.total }),
  decide: (command, state) => [
    { type: 'Incremented', data: { by: command.data.by, total: state.total + command.data.by } },
  ],
};

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

/** Runs `count` tasks with `concurrency` in flight; returns the seconds it took. */
const timed = async (count: number, concurrency: number, task: (n: number) => Promise<unknown>): Promise<number> => {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
};

const main = async (): Promise<void> => {
  const database = await startBenchDatabase();
  const { url } = database;
  const pool: Pool = createPool(url, CONCURRENCY + 2);
  const notifications = new PostgresNotifications(url, { warn: () => undefined });
  try {
    await migrate(pool);
    await pool.query(
      'create table raw_inserts (id bigint generated always as identity primary key, stream_id text not null, type text not null, data jsonb not null)',
    );
    const store = new PostgresEventStore(pool, notifications);
    const streams = Array.from({ length: STREAMS }, () => `counter-${randomUUID()}`);

    // warm both paths up (connections, plans), outside the measured runs
    await timed(200, CONCURRENCY, (n) =>
      handleCommand(store, `warmup-${n}`, counter, { type: 'Increment', data: { by: 1 } }),
    );
    await timed(200, CONCURRENCY, (n) =>
      pool.query('insert into raw_inserts (stream_id, type, data) values ($1, $2, $3)', [
        `warmup-${n}`,
        'Incremented',
        '{}',
      ]),
    );

    for (const concurrency of [1, CONCURRENCY]) {
      const perRound = Math.ceil(COMMANDS / ROUNDS);
      let commandSeconds = 0;
      let insertSeconds = 0;
      for (let round = 0; round < ROUNDS; round++) {
        commandSeconds += await timed(perRound, concurrency, (n) =>
          handleCommand(store, streams[(round * perRound + n) % streams.length], counter, {
            type: 'Increment',
            data: { by: 1 },
          }),
        );
        insertSeconds += await timed(perRound, concurrency, (n) =>
          pool.query('insert into raw_inserts (stream_id, type, data) values ($1, $2, $3)', [
            streams[n % streams.length],
            'Incremented',
            JSON.stringify({ by: 1, total: n }),
          ]),
        );
      }
      const commandsPerSecond = (perRound * ROUNDS) / commandSeconds;
      const insertsPerSecond = (perRound * ROUNDS) / insertSeconds;
      console.log(
        `${perRound * ROUNDS} commands in ${ROUNDS} rounds, ${concurrency} at a time, over ${streams.length} streams`,
      );
      console.log(`  handleCommand appends/s: ${commandsPerSecond.toFixed(0)}`);
      console.log(`  raw INSERTs/s:           ${insertsPerSecond.toFixed(0)}`);
      console.log(`  ratio:                   ${(commandsPerSecond / insertsPerSecond).toFixed(2)} (goal >= 0.5)`);
    }
    const { rows } = await pool.query<{ count: string }>(
      "select count(*) from events where stream_id like 'counter-%'",
    );
    console.log(`events stored by the measured commands: ${rows[0].count}`);
  } finally {
    await notifications.close();
    await pool.end();
    await database.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
