import { randomUUID } from 'node:crypto';
import { EventMetadata, WrongExpectedVersion } from '../../src/application/shared/event-store.port';
import { openPostgresEventStore } from '../support/event-stores';

const meta = (): EventMetadata => ({ commandId: randomUUID(), correlationId: 'c', causationId: 'c', accountId: null });

/**
 * Group commit on PostgreSQL (`AppendBatches`, migrations/0019): appends made while others are in flight commit
 * together, in one transaction, and each still fails or lands on its own.
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
