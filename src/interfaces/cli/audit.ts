import { AUDIT_SUBJECTS, AuditSubject, AuditTrail } from '../../application/audit/audit-trail';
import { EventStore, StoredEvent } from '../../application/shared/event-store.port';
import { createPool } from '../../infrastructure/postgres/database';
import { PostgresEventStore } from '../../infrastructure/postgres/postgres-event-store';
import { PostgresNotifications } from '../../infrastructure/postgres/postgres-notifications';
import { CliContext } from './cli-context';
import { commandProgress, noProgress, StartProgress } from './progress';

/** One line of a timeline: when, where, what, who, and what it carried. */
export const timelineLine = (event: StoredEvent): string => {
  const { actor, accountId, commandId } = event.metadata;
  return [
    event.recordedAt.toISOString(),
    `${event.streamId}#${event.streamPosition}`,
    event.type,
    `actor=${actor ?? '-'} account=${accountId ?? '-'} command=${commandId}`,
    JSON.stringify(event.data),
  ].join('  ');
};

const jsonOf = (event: StoredEvent) => ({
  ...event,
  globalPosition: event.globalPosition.toString(),
  checkpoint: undefined,
});

/**
 * `domain-engine audit <subject> <id>`: the timeline of an operation, a domain, an account, an order, a listing or a
 * wallet, oldest first; with `asOf`, only what had happened by then, and each of its streams' state at that moment.
 * `progress` is told the events printed of the events read.
 */
export const auditOf = async (
  store: EventStore,
  subject: string,
  id: string,
  options: { asOf?: string; json: boolean },
  out: (line: string) => void,
  progress: StartProgress = noProgress,
): Promise<number> => {
  if (!(AUDIT_SUBJECTS as readonly string[]).includes(subject)) {
    throw new Error(`an audit is of ${AUDIT_SUBJECTS.join(', ')}; not of "${subject}"`);
  }
  const at = options.asOf === undefined ? undefined : Date.parse(options.asOf);
  if (at !== undefined && Number.isNaN(at)) throw new Error(`--as-of takes an ISO 8601 time, not "${options.asOf}"`);
  const trail = new AuditTrail(store);
  const timeline = await trail.timeline(subject as AuditSubject, id);
  const shown = timeline.events.filter((event) => at === undefined || event.recordedAt.getTime() <= at);
  const printed = progress(shown.length);
  for (const event of shown) {
    out(options.json ? JSON.stringify(jsonOf(event)) : timelineLine(event));
    printed.advance();
  }
  printed.finish();
  if (timeline.truncated)
    out(options.json ? JSON.stringify({ truncated: true }) : '(more events: the earliest are shown)');
  if (at !== undefined) {
    const states = await trail.statesAsOf(timeline, at);
    if (options.json) out(JSON.stringify({ asOf: new Date(at).toISOString(), states }));
    else
      for (const [stream, state] of Object.entries(states))
        out(`state of ${stream} as of ${options.asOf}: ${JSON.stringify(state)}`);
  }
  return shown.length;
};

export const audit = async (
  context: CliContext,
  subject: string,
  id: string,
  options: { asOf?: string; json: boolean },
  out: (line: string) => void,
  progress: StartProgress = commandProgress(`audit ${subject} ${id}`),
): Promise<number> => {
  const database = await context.openDatabase();
  const pool = createPool(database.url, 2);
  const notifications = new PostgresNotifications(database.url, { warn: () => undefined });
  try {
    return await auditOf(new PostgresEventStore(pool, notifications), subject, id, options, out, progress);
  } finally {
    await notifications.close();
    await pool.end();
    await database.stop();
  }
};
