/**
 * npm run bench:store: appends per second of single-event commands through handleCommand (fold, decide, append
 * with the version read) against the same number of raw INSERTs into the same database, in the same run, on an
 * embedded PostgreSQL. Goal (issue 30): at 8 and 32 commands at once, at least 1.0 of the raw INSERT rate, which
 * concurrent appends reach by committing in groups (`AppendBatches`); one at a time, an append is one round trip
 * like an INSERT, and the ratio is what the fold and the function cost beside it.
 *
 * The commands spread over BENCH_STREAMS aggregates (default 1000), as concurrent requests mostly touch different
 * aggregates. The two workloads alternate in rounds so that both see the same state of the server (WAL, checkpoints,
 * table size). Both use one pool, as large as the most concurrent run needs.
 *
 * Then contention: BENCH_CONTENDED commands (default 2000), 32 at a time, all on 10 streams, each appending at the
 * version it just read: the conflicts are counted as such, and every stream is checked to hold exactly the events of
 * the appends that succeeded, at consecutive positions, each command once.
 *
 * BENCH_CONCURRENCY (default 1,8,32), BENCH_COMMANDS (default 4000 per run), BENCH_STREAMS and BENCH_ROUNDS
 * (default 6) tune it.
 */
import { startBenchDatabase } from './bench-database';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { WrongExpectedVersion } from '../src/application/shared/event-store.port';
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
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,8,32').split(',').map(Number);
const CONTENDED = Number(process.env.BENCH_CONTENDED ?? 2000);
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
  const pool: Pool = createPool(url, Math.max(...CONCURRENCIES) + 2);
  const notifications = new PostgresNotifications(url, { warn: () => undefined });
  try {
    await migrate(pool);
    await pool.query(
      'create table raw_inserts (id bigint generated always as identity primary key, stream_id text not null, type text not null, data jsonb not null)',
    );
    const store = new PostgresEventStore(pool, notifications);
    const streams = Array.from({ length: STREAMS }, () => `counter-${randomUUID()}`);

    // warm both paths up (connections, plans), outside the measured runs
    const most = Math.max(...CONCURRENCIES);
    await timed(200, most, (n) => handleCommand(store, `warmup-${n}`, counter, { type: 'Increment', data: { by: 1 } }));
    await timed(200, most, (n) =>
      pool.query('insert into raw_inserts (stream_id, type, data) values ($1, $2, $3)', [
        `warmup-${n}`,
        'Incremented',
        '{}',
      ]),
    );

    for (const concurrency of CONCURRENCIES) {
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
      const goal = concurrency > 1 ? ' (goal >= 1.0)' : '';
      console.log(`  ratio:                   ${(commandsPerSecond / insertsPerSecond).toFixed(2)}${goal}`);
    }
    const { rows } = await pool.query<{ count: string }>(
      "select count(*) from events where stream_id like 'counter-%'",
    );
    console.log(`events stored by the measured commands: ${rows[0].count}`);
    await contention(store, pool);
  } finally {
    await notifications.close();
    await pool.end();
    await database.stop();
  }
};

/** Every command on one of 10 streams at the version it read: conflicts are reported, nothing is lost or doubled. */
const contention = async (store: PostgresEventStore, pool: Pool): Promise<void> => {
  const streams = Array.from({ length: 10 }, () => `contended-${randomUUID()}`);
  const succeeded = new Map<string, string[]>(streams.map((stream) => [stream, []]));
  let conflicts = 0;
  const seconds = await timed(CONTENDED, 32, async (n) => {
    const streamId = streams[n % streams.length];
    const read = await store.readLast(streamId);
    const commandId = randomUUID();
    try {
      await store.append(
        [
          {
            streamId,
            expectedVersion: read ? read.streamPosition : 'no_stream',
            events: [{ type: 'Appended', data: { n } }],
          },
        ],
        { commandId, correlationId: commandId, causationId: commandId, accountId: null },
      );
      succeeded.get(streamId)?.push(commandId);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      conflicts++;
    }
  });
  const { rows } = await pool.query<{ stream_id: string; positions: number[]; commands: string[] }>(
    `select stream_id, array_agg(stream_position order by stream_position) as positions,
            array_agg(metadata->>'commandId' order by stream_position) as commands
       from events where stream_id = any($1) group by stream_id`,
    [streams],
  );
  for (const row of rows) {
    const expected = succeeded.get(row.stream_id) ?? [];
    const consecutive = row.positions.every((position, index) => position === index + 1);
    const sameCommands = [...row.commands].sort().join() === [...expected].sort().join();
    if (!consecutive || !sameCommands || new Set(row.commands).size !== row.commands.length)
      throw new Error(
        `${row.stream_id} holds ${row.positions.length} events for ${expected.length} appends that succeeded`,
      );
  }
  const stored = rows.reduce((sum, row) => sum + row.positions.length, 0);
  if (stored + conflicts !== CONTENDED)
    throw new Error(`${CONTENDED} appends: ${stored} stored and ${conflicts} conflicts reported`);
  console.log(`${CONTENDED} appends, 32 at a time, on 10 streams at the version each read (${seconds.toFixed(1)} s)`);
  console.log(`  succeeded ${stored}, conflicts reported ${conflicts}, total ${stored + conflicts}`);
  console.log(`  every stream holds exactly its successful appends, at consecutive positions, each command once`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
