import { Pool } from 'pg';
import { EventMetadata, StreamWrite } from '../../application/shared/event-store.port';
import { appendStatement, expectedAsNumber } from './append-statement';

/** What the database answered for one command's append: its result, or the error it raised. */
export type AppendOutcome = { readonly duplicate: boolean; readonly versions: number[] } | { readonly error: unknown };

interface Queued {
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
 * Group commit of appends, the way EventStoreDB commits: an append that finds no batch waiting goes at once, alone
 * (`append_events`, as before); appends that arrive while batches are in flight wait and go together in the next one
 * (`append_event_batch`, migrations/0019), one transaction and one WAL flush for all of them. Each command keeps its
 * own expected versions and idempotency: a command that fails its check fails alone. A batch the database refuses
 * as a whole (a connection lost, a parameter it cannot parse) is tried again command by command, so that one
 * command's bad data never fails another's.
 */
export class AppendBatches {
  private readonly waiting: Queued[] = [];
  private inFlight = 0;

  constructor(private readonly pool: Pool) {}

  append(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<AppendOutcome> {
    return new Promise((settle) => {
      this.waiting.push({ writes, metadata, settle });
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < IN_FLIGHT && this.waiting.length > 0) {
      // in the order of their streams: two batches in flight then take the same streams' positions in the same
      // order, and wait for each other instead of deadlocking
      const batch = this.waiting.splice(0, MAX_BATCH).sort(byFirstStream);
      this.inFlight++;
      void this.commit(batch).finally(() => {
        this.inFlight--;
        this.send();
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

const byFirstStream = (a: Queued, b: Queued): number => {
  const [first, second] = [a.writes[0]?.streamId ?? '', b.writes[0]?.streamId ?? ''];
  return first < second ? -1 : first > second ? 1 : 0;
};

/** The batch flattened into `append_event_batch`'s arrays (migrations/0019). */
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
