import { Pool } from 'pg';
import { EventMetadata, StreamWrite } from '../../application/shared/event-store.port';
import { appendStatement, expectedAsNumber } from './append-statement';

/** What the database answered for one command's append: its result, or the error it raised. */
export type AppendOutcome = { readonly duplicate: boolean; readonly versions: number[] } | { readonly error: unknown };

export interface Queued {
  readonly writes: readonly StreamWrite[];
  readonly metadata: EventMetadata;
  readonly settle: (outcome: AppendOutcome) => void;
}

interface BatchRow {
  ordinal: number;
  duplicate: boolean;
  versions: number[] | null;
  conflict_stream: string | null;
  conflict_actual: number | null;
}

/** Batches in flight at once: one commits while the next fills (more only split the waiting appends thinner). */
const IN_FLIGHT = 2;
/** Commands per batch at most: a batch is one transaction, and a long one holds back every reader of the store. */
const MAX_BATCH = 64;

/**
 * Group commit of appends, the way EventStoreDB commits: the appends asked for in one turn of the event loop go
 * together in one batch (`append_event_batch`, migrations/0021), one transaction and one WAL flush for all of them;
 * one asked alone goes alone (`append_events`). Up to two batches are in flight; appends asked meanwhile wait for
 * the next. Each command keeps its own expected versions and idempotency: a command that fails its check fails
 * alone. A batch the database refuses as a whole (a concurrent transaction took a position, a connection lost, a
 * parameter it cannot parse) is tried again command by command, so that one command's bad data never fails another's.
 */
export class AppendBatches {
  private readonly waiting: Queued[] = [];
  private readonly streamsInFlight = new Map<string, number>();
  private inFlight = 0;
  private sendScheduled = false;

  constructor(private readonly pool: Pool) {}

  append(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<AppendOutcome> {
    return new Promise((settle) => {
      this.waiting.push({ writes, metadata, settle });
      this.scheduleSend();
    });
  }

  /**
   * Sends on the next turn rather than at once: the commands whose appends were answered together take their next
   * step together, and an append sent the moment it is asked would leave the others to a batch of their own.
   */
  private scheduleSend(): void {
    if (this.sendScheduled) return;
    this.sendScheduled = true;
    setImmediate(() => {
      this.sendScheduled = false;
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < IN_FLIGHT) {
      const batch = takeBatch(this.waiting, this.streamsInFlight, MAX_BATCH);
      if (batch.length === 0) return;
      const streams = batch.flatMap((queued) => queued.writes.map((write) => write.streamId));
      for (const stream of streams) this.streamsInFlight.set(stream, (this.streamsInFlight.get(stream) ?? 0) + 1);
      this.inFlight++;
      void this.commit(batch).finally(() => {
        for (const stream of streams) {
          const left = (this.streamsInFlight.get(stream) ?? 1) - 1;
          if (left === 0) this.streamsInFlight.delete(stream);
          else this.streamsInFlight.set(stream, left);
        }
        this.inFlight--;
        this.scheduleSend();
      });
    }
  }

  private async commit(batch: readonly Queued[]): Promise<void> {
    if (batch.length === 1) return this.commitAlone(batch[0]);
    let rows: BatchRow[];
    try {
      ({ rows } = await this.pool.query<BatchRow>(batchStatement(batch)));
    } catch {
      // refused as a whole (a concurrent transaction took a position or a command id, a deadlock, data the database
      // cannot hold): each command on its own says what is wrong with it, if anything
      await Promise.all(batch.map((queued) => this.commitAlone(queued)));
      return;
    }
    for (const row of rows) batch[row.ordinal - 1].settle(outcomeOf(row));
  }

  private async commitAlone(queued: Queued): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ duplicate: boolean; versions: number[] }>(
        appendStatement(queued.writes, queued.metadata),
      );
      queued.settle({ duplicate: rows[0].duplicate, versions: rows[0].versions });
    } catch (error) {
      queued.settle({ error });
    }
  }
}

/**
 * Takes up to `max` waiting appends into a batch, in their order, leaving those on a stream that another of the batch
 * or a batch in flight writes: the batch's checks all see its streams as they were before it (migrations/0021), so
 * two appends on one stream would take the same position and fail the batch. They wait for the next one instead.
 * The batch is ordered by stream, so that batches of several processes take positions in the same order and wait
 * for each other instead of deadlocking.
 */
export const takeBatch = (waiting: Queued[], inFlight: ReadonlyMap<string, number>, max: number): Queued[] => {
  const taken = new Set<string>();
  const batch: Queued[] = [];
  const left: Queued[] = [];
  for (const queued of waiting) {
    const streams = queued.writes.map((write) => write.streamId);
    if (batch.length < max && streams.every((stream) => !taken.has(stream) && !inFlight.has(stream))) {
      batch.push(queued);
      for (const stream of streams) taken.add(stream);
    } else left.push(queued);
  }
  waiting.splice(0, waiting.length, ...left);
  return batch.sort(byFirstStream);
};

const byFirstStream = (a: Queued, b: Queued): number => {
  const [first, second] = [a.writes[0]?.streamId ?? '', b.writes[0]?.streamId ?? ''];
  return first < second ? -1 : first > second ? 1 : 0;
};

/** The batch flattened into `append_event_batch`'s arrays (migrations/0019, 0021). */
const batchStatement = (batch: readonly Queued[]): { name: string; text: string; values: unknown[] } => {
  const writes = batch.flatMap((queued) => queued.writes);
  const events = writes.flatMap((write) => write.events);
  return {
    name: 'append_event_batch',
    text: 'select * from append_event_batch($1, $2::jsonb[], $3, $4, $5, $6, $7, $8::jsonb[])',
    values: [
      batch.map((queued) => queued.metadata.commandId),
      batch.map((queued) => JSON.stringify(queued.metadata)),
      batch.map((queued) => queued.writes.length),
      writes.map((write) => write.streamId),
      writes.map((write) => expectedAsNumber(write.expectedVersion)),
      writes.map((write) => write.events.length),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
    ],
  };
};

/** A command's row as `append_events` alone would have answered it: its result, or the error it raises. */
const outcomeOf = (row: BatchRow): AppendOutcome => {
  if (row.conflict_stream === null) return { duplicate: row.duplicate, versions: row.versions as number[] };
  // the error append_events raises for a failed check (SQLSTATE DE409, detail `<stream>|<actual version>`)
  const error = Object.assign(new Error('wrong expected version'), {
    code: 'DE409',
    detail: `${row.conflict_stream}|${row.conflict_actual}`,
  });
  return { error };
};
