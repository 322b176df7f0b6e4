import { TurnSharedReads } from '../../application/shared/turn-shared-reads';
import { writesOfWork } from '../../application/shared/read-your-writes';
import { EventEmitter } from 'node:events';
import { Pool } from 'pg';
import {
  AppendResult,
  Checkpoint,
  EventCriteria,
  EventMetadata,
  EventStore,
  START,
  StoredEvent,
  StreamWrite,
  WrongExpectedVersion,
} from '../../application/shared/event-store.port';
import { AppendBatches } from './append-batches';
import { sqlState } from './database';
import { PostgresNotifications } from './postgres-notifications';

/** The keys of event data an audit looks events up by, each with its index (migrations/0016). */
export const AUDITED_DATA_KEYS: ReadonlySet<string> = new Set([
  'operationId',
  'name',
  'domain',
  'orderId',
  'listingId',
  'address',
]);

interface EventRow {
  transaction_text: string;
  global_position: string;
  stream_id: string;
  stream_position: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

// the text form gets its own name: an output column named transaction_id would make ORDER BY sort it as text
const COLUMNS =
  'transaction_id::text as transaction_text, global_position, stream_id, stream_position, type, data, metadata, recorded_at';

const toStored = (row: EventRow): StoredEvent => {
  const position = BigInt(row.global_position);
  return {
    type: row.type,
    data: row.data as StoredEvent['data'],
    streamId: row.stream_id,
    streamPosition: row.stream_position,
    globalPosition: position,
    checkpoint: { transactionId: BigInt(row.transaction_text), position },
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
};

export const EVENTS_CHANNEL = 'domain_engine_events';

/** Kept here too: tests run the statement inside a transaction they hold open. */
export { appendStatement } from './append-statement';

/**
 * The event store on PostgreSQL: one round trip per append (the `append_events` function; concurrent appends in
 * groups, `AppendBatches`), LISTEN/NOTIFY for tails.
 */
export class PostgresEventStore implements EventStore {
  private readonly appended = new EventEmitter();
  private unlisten: (() => void) | undefined;
  private notifying = false;
  private notifyAgain = false;
  private readonly batches: AppendBatches;
  private readonly reads = new TurnSharedReads<StoredEvent[]>();
  private readonly heads = new TurnSharedReads<Checkpoint>();

  constructor(
    private readonly pool: Pool,
    private readonly notifications: PostgresNotifications,
  ) {
    this.appended.setMaxListeners(0);
    this.batches = new AppendBatches(pool);
  }

  async append(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<AppendResult> {
    const anyVersion = writes.every((write) => write.expectedVersion === 'any');
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.appendOnce(writes, metadata);
        writesOfWork.noteAppend();
        if (!result.duplicate) this.announce();
        return result;
      } catch (error) {
        // with no expectation to break, a position taken by a concurrent writer is just taken again
        if (!(anyVersion && error instanceof WrongExpectedVersion && attempt < 10)) throw error;
      }
    }
  }

  private async appendOnce(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<AppendResult> {
    const outcome = await this.batches.append(writes, metadata);
    if ('error' in outcome) throw this.translate(outcome.error, writes, metadata);
    return outcome;
  }

  private translate(error: unknown, writes: readonly StreamWrite[], metadata: EventMetadata): unknown {
    const state = sqlState(error);
    if (state === 'DE409') {
      const [streamId, actual] = String((error as { detail?: string }).detail).split('|');
      const write = writes.find((candidate) => candidate.streamId === streamId) as StreamWrite;
      return new WrongExpectedVersion(streamId, write.expectedVersion, Number(actual));
    }
    if (state === '23505') {
      const constraint = (error as { constraint?: string }).constraint;
      // a concurrent append of the same command won the race: this one is the duplicate, and the caller retries
      // to read its result; a concurrent append to the same stream moved the version under us
      if (constraint === 'command_log_pkey')
        return new WrongExpectedVersion(`command ${metadata.commandId}`, 'any', -1);
      if (constraint === 'events_stream_position_unique') {
        return new WrongExpectedVersion(writes.map((write) => write.streamId).join(','), writes[0].expectedVersion, -1);
      }
    }
    return error;
  }

  async readStream(streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'read_stream',
      text: `select ${COLUMNS} from events where stream_id = $1 and stream_position > $2 order by stream_position`,
      values: [streamId, afterVersion],
    });
    return rows.map(toStored);
  }

  async readStreams(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent[]>> {
    const streams = new Map(streamIds.map((streamId) => [streamId, [] as StoredEvent[]]));
    if (streams.size === 0) return streams;
    const { rows } = await this.pool.query<EventRow>({
      name: 'read_streams',
      text: `select ${COLUMNS} from events where stream_id = any($1::text[]) order by stream_id, stream_position`,
      values: [[...streams.keys()]],
    });
    for (const row of rows) streams.get(row.stream_id)?.push(toStored(row));
    return streams;
  }

  async readLast(streamId: string): Promise<StoredEvent | undefined> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'read_last',
      text: `select ${COLUMNS} from events where stream_id = $1 order by stream_position desc limit 1`,
      values: [streamId],
    });
    return rows[0] && toStored(rows[0]);
  }

  async readLastOfEach(streamIds: readonly string[]): Promise<ReadonlyMap<string, StoredEvent>> {
    if (streamIds.length === 0) return new Map();
    const { rows } = await this.pool.query<EventRow>({
      name: 'read_last_of_each',
      text: `select distinct on (stream_id) ${COLUMNS} from events where stream_id = any($1::text[])
              order by stream_id, stream_position desc`,
      values: [streamIds],
    });
    return new Map(rows.map((row) => [row.stream_id, toStored(row)]));
  }

  /** Reads of the same range asked in one turn share one query (`TurnSharedReads`); each caller gets its own array. */
  async readAll(after: Checkpoint, limit: number): Promise<StoredEvent[]> {
    const key = `${after.transactionId}:${after.position}:${limit}`;
    return [...(await this.reads.read(key, () => this.queryAll(after, limit)))];
  }

  private async queryAll(after: Checkpoint, limit: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events
        where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by transaction_id, global_position
        limit $3`,
      [after.transactionId.toString(), after.position.toString(), limit],
    );
    return rows.map(toStored);
  }

  async readMatching(criteria: EventCriteria, limit: number): Promise<StoredEvent[]> {
    const values: unknown[] = [];
    const param = (value: unknown): string => `$${values.push(value)}`;
    const matches: string[] = [];
    if (criteria.streamIds?.length) matches.push(`stream_id = any(${param(criteria.streamIds)}::text[])`);
    // each key has its expression index (migrations/0016): one index scan per value
    for (const { key, value } of criteria.dataValues ?? []) {
      if (!AUDITED_DATA_KEYS.has(key)) throw new Error(`events are not indexed by data.${key}`);
      matches.push(`data->>'${key}' = ${param(value)}`);
    }
    if (criteria.accountId !== undefined) matches.push(`metadata->>'accountId' = ${param(criteria.accountId)}`);
    if (matches.length === 0) return [];
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events where ${matches.join(' or ')}
        order by transaction_id, global_position limit ${param(limit)}`,
      values,
    );
    return rows.map(toStored);
  }

  /** One range scan of the global order's index. */
  async countBetween(after: Checkpoint, upTo: Checkpoint): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      `select count(*) from events
        where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
          and (transaction_id, global_position) <= ($3::text::xid8, $4::bigint)`,
      [
        after.transactionId.toString(),
        after.position.toString(),
        upTo.transactionId.toString(),
        upTo.position.toString(),
      ],
    );
    return Number(rows[0].count);
  }

  /** Shared by the callers that ask in the same turn of the event loop, as `readAll` is. */
  head(): Promise<Checkpoint> {
    return this.heads.read('head', () => this.queryHead());
  }

  private async queryHead(): Promise<Checkpoint> {
    const { rows } = await this.pool.query<{ transaction_text: string; global_position: string }>(
      `select transaction_id::text as transaction_text, global_position from events
        order by transaction_id desc, global_position desc limit 1`,
    );
    if (rows.length === 0) return START;
    return { transactionId: BigInt(rows[0].transaction_text), position: BigInt(rows[0].global_position) };
  }

  onAppended(listener: () => void): () => void {
    this.unlisten ??= this.notifications.listen(EVENTS_CHANNEL, () => this.appended.emit('appended'));
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  /**
   * Wakes this process's subscribers at once and the other processes' through one NOTIFY at a time: appends that
   * land while a NOTIFY is in flight share the next one. (A process that dies before notifying leaves the others
   * to their poll.)
   */
  private announce(): void {
    this.appended.emit('appended');
    this.notifyOthers();
  }

  private notifyOthers(): void {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    this.pool
      .query(`select pg_notify('${EVENTS_CHANNEL}', '')`)
      .catch(() => undefined)
      .finally(() => {
        this.notifying = false;
        if (this.notifyAgain) {
          this.notifyAgain = false;
          this.notifyOthers();
        }
      });
  }
}
