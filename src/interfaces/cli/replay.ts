import { EventStore, StoredEvent } from '../../application/shared/event-store.port';
import { createPool } from '../../infrastructure/postgres/database';
import { PostgresEventStore } from '../../infrastructure/postgres/postgres-event-store';
import { PostgresNotifications } from '../../infrastructure/postgres/postgres-notifications';
import { CliContext } from './cli-context';
import { commandProgress, noProgress, StartProgress } from './progress';

/** One line of the audit replay: position, time, type, who and why, and what. */
export const replayLine = (event: StoredEvent): string => {
  const { commandId, correlationId, causationId, accountId, actor } = event.metadata;
  return [
    String(event.streamPosition).padStart(4),
    event.recordedAt.toISOString(),
    event.type,
    `account=${accountId ?? '-'} actor=${actor ?? '-'} command=${commandId} correlation=${correlationId} causation=${causationId}`,
    JSON.stringify(event.data),
  ].join('  ');
};

/** Prints the stream's events; `progress` is told the events printed of the events read. */
export const replayStream = async (
  store: EventStore,
  streamId: string,
  json: boolean,
  out: (line: string) => void,
  progress: StartProgress = noProgress,
): Promise<number> => {
  const events = await store.readStream(streamId);
  const printed = progress(events.length);
  for (const event of events) {
    out(
      json
        ? JSON.stringify({ ...event, globalPosition: event.globalPosition.toString(), checkpoint: undefined })
        : replayLine(event),
    );
    printed.advance();
  }
  printed.finish();
  return events.length;
};

export const replay = async (
  context: CliContext,
  streamId: string,
  json: boolean,
  out: (line: string) => void,
  progress: StartProgress = commandProgress(`replay ${streamId}`),
): Promise<number> => {
  const database = await context.openDatabase();
  const pool = createPool(database.url, 2);
  const notifications = new PostgresNotifications(database.url, { warn: () => undefined });
  try {
    return await replayStream(new PostgresEventStore(pool, notifications), streamId, json, out, progress);
  } finally {
    await notifications.close();
    await pool.end();
    await database.stop();
  }
};
