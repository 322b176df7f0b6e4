import { randomUUID } from 'node:crypto';
import { EventMetadata, WrongExpectedVersion } from '../../src/application/shared/event-store.port';
import { openPostgresEventStore } from '../support/event-stores';

const meta = (): EventMetadata => ({ commandId: randomUUID(), correlationId: 'c', causationId: 'c', accountId: null });

/**
 * Group commit on PostgreSQL (`AppendBatches`, migrations/0019 and 0021): appends asked together commit together, in
 * one transaction, and each still fails or lands on its own.
 */
describe('postgres appends in groups', () => {
  let subject: Awaited<ReturnType<typeof openPostgresEventStore>>;
  beforeEach(async () => (subject = await openPostgresEventStore()));
  afterEach(() => subject.close());

  /** How many transactions wrote the events of these streams. */
  const transactionsOf = async (streams: readonly string[]): Promise<number> => {
    const { rows } = await subject.pool.query<{ count: string }>(
      'select count(distinct transaction_id) as count from events where stream_id = any($1)',
      [streams],
    );
    return Number(rows[0].count);
  };

  it('commits concurrent appends in fewer transactions than appends', async () => {
    const streams = Array.from({ length: 40 }, (_, n) => `grouped-${n}`);
    await Promise.all(
      streams.map((streamId) =>
        subject.store.append([{ streamId, expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] }], meta()),
      ),
    );
    const transactions = await transactionsOf(streams);
    expect(transactions).toBeGreaterThan(0);
    expect(transactions).toBeLessThan(streams.length / 2);
  });

  it('commits appends asked together on the same streams in a few batches, each checked against the last', async () => {
    // two appends on each stream, asked in one turn: a batch checks every stream as it was before the batch, so the
    // second append of a stream waits for the next batch rather than failing the first one's and going alone
    const streams = Array.from({ length: 12 }, (_, n) => `twice-${n}`);
    const versions = await Promise.all(
      [...streams, ...streams].map((streamId) =>
        subject.store.append([{ streamId, expectedVersion: 'any', events: [{ type: 'A', data: {} }] }], meta()),
      ),
    );
    expect(versions.map((result) => result.versions[0]).sort()).toEqual(streams.flatMap(() => [1, 2]).sort());
    expect(await transactionsOf(streams)).toBeLessThanOrEqual(4);
  });

  it('answers a batch in one statement: logged commands as duplicates, a failed check with the actual version', async () => {
    const logged = meta();
    await subject.store.append(
      [{ streamId: 'stated', expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] }],
      logged,
    );
    const { rows } = await subject.pool.query(
      'select * from append_event_batch($1, $2::jsonb[], $3, $4, $5, $6, $7, $8::jsonb[])',
      [
        [logged.commandId, 'fresh-command', 'stale-command', 'pair-command'],
        [logged, meta(), meta(), meta()].map((metadata) => JSON.stringify(metadata)),
        [1, 1, 1, 2],
        ['stated', 'other', 'stated', 'pair-a', 'pair-b'],
        [0, 0, 3, 0, -1],
        [1, 2, 1, 1, 3],
        ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
        ['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}', '{"n":5}', '{"n":6}', '{"n":7}', '{"n":8}'],
      ],
    );
    expect(rows).toEqual([
      { ordinal: 1, duplicate: true, versions: [1], conflict_stream: null, conflict_actual: null },
      { ordinal: 2, duplicate: false, versions: [2], conflict_stream: null, conflict_actual: null },
      { ordinal: 3, duplicate: false, versions: null, conflict_stream: 'stated', conflict_actual: 1 },
      { ordinal: 4, duplicate: false, versions: [1, 3], conflict_stream: null, conflict_actual: null },
    ]);
    const stored = async (streamId: string) =>
      (await subject.store.readStream(streamId)).map((event) => [event.type, event.data]);
    expect(await stored('stated')).toEqual([['A', {}]]);
    expect(await stored('other')).toEqual([
      ['B', { n: 2 }],
      ['C', { n: 3 }],
    ]);
    expect(await stored('pair-a')).toEqual([['E', { n: 5 }]]);
    expect(await stored('pair-b')).toEqual([
      ['F', { n: 6 }],
      ['G', { n: 7 }],
      ['H', { n: 8 }],
    ]);
    const { rows: log } = await subject.pool.query(
      'select command_id, versions from command_log where command_id = any($1) order by command_id',
      [['fresh-command', 'stale-command', 'pair-command']],
    );
    expect(log).toEqual([
      { command_id: 'fresh-command', versions: [2] },
      { command_id: 'pair-command', versions: [1, 3] },
    ]);
  });

  it('refuses a batch whose two commands would take the same position, so that each goes again alone', async () => {
    await expect(
      subject.pool.query('select * from append_event_batch($1, $2::jsonb[], $3, $4, $5, $6, $7, $8::jsonb[])', [
        ['first', 'second'],
        [meta(), meta()].map((metadata) => JSON.stringify(metadata)),
        [1, 1],
        ['shared', 'shared'],
        [0, -1],
        [1, 1],
        ['A', 'B'],
        ['{}', '{}'],
      ]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'events_stream_position_unique' });
    expect(await subject.store.readStream('shared')).toEqual([]);
  });

  it('fails only the command whose data the database refuses, never the others of its group', async () => {
    const streams = Array.from({ length: 12 }, (_, n) => `refused-${n}`);
    const outcomes = await Promise.allSettled(
      streams.map((streamId, n) =>
        subject.store.append(
          // PostgreSQL's jsonb holds no NUL character: the sixth command's data cannot be stored
          [
            {
              streamId,
              expectedVersion: 'no_stream',
              events: [{ type: 'A', data: { text: n === 5 ? 'a\u0000b' : 'ab' } }],
            },
          ],
          meta(),
        ),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      streams.map((_, n) => (n === 5 ? 'rejected' : 'fulfilled')),
    );
    expect((outcomes[5] as PromiseRejectedResult).reason).not.toBeInstanceOf(WrongExpectedVersion);
    for (const [n, streamId] of streams.entries())
      expect(await subject.store.readStream(streamId)).toHaveLength(n === 5 ? 0 : 1);
  });

  it('keeps a multi-stream command whole inside a group: a conflict on one of its streams writes none', async () => {
    await subject.store.append(
      [{ streamId: 'taken', expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] }],
      meta(),
    );
    const others = Array.from({ length: 8 }, (_, n) => `beside-${n}`);
    const [pair, ...rest] = await Promise.allSettled([
      subject.store.append(
        [
          { streamId: 'fresh', expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] },
          { streamId: 'taken', expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] },
        ],
        meta(),
      ),
      ...others.map((streamId) =>
        subject.store.append([{ streamId, expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] }], meta()),
      ),
    ]);
    expect(pair).toMatchObject({ status: 'rejected', reason: { streamId: 'taken' } });
    expect(rest.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(await subject.store.readStream('fresh')).toEqual([]);
  });

  it("finds the audit's events by each indexed key through its partial index (migrations/0020)", async () => {
    const client = await subject.pool.connect();
    try {
      await client.query('begin');
      // on a table this small a scan is cheaper: forbidden, the plan shows whether the index can answer at all
      await client.query('set local enable_seqscan = off');
      for (const [key, index] of [
        ['operationId', 'events_data_operation_id'],
        ['name', 'events_data_name'],
        ['address', 'events_data_address'],
      ]) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain select global_position from events where data->>'${key}' = $1`,
          ['x'],
        );
        expect([key, rows.map((row) => row['QUERY PLAN']).join('\n')]).toEqual([key, expect.stringContaining(index)]);
      }
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});
