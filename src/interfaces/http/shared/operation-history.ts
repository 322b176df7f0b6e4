import { AuditSubject, AuditTrail } from '../../../application/audit/audit-trail';
import { streamKindOf } from '../../../application/audit/stream-deciders';
import { partnerType } from '../../../application/shared/partner-type';
import { StoredEvent } from '../../../application/shared/event-store.port';
import { closed, JsonSchema } from './openapi/json-schema';

/** Keys of event data a partner or an operator is never shown: sealed secrets and secrets' digests stay inside. */
const HIDDEN = /sealed|digest|secret|privatekey|authinfo|password/i;

/** A URL as shown: without its query, where partners put tokens (`https://hooks.example/x?…`). */
const shownUrl = (url: string): string => (url.includes('?') ? `${url.slice(0, url.indexOf('?'))}?…` : url);

/** Data as it may be shown: secrets left out, URLs without their queries, folded maps and sets as objects and lists. */
export const redacted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redacted);
  if (value instanceof Set) return [...value].map(redacted);
  if (value instanceof Map) return redacted(Object.fromEntries(value));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !HIDDEN.test(key))
      .map(([key, item]) => [key, key === 'url' && typeof item === 'string' ? shownUrl(item) : redacted(item)]),
  );
};

/** Who acted, as a partner may know it: its own credential, or the service (a worker, a reactor, a timer). */
const actorOf = (event: StoredEvent): string =>
  event.metadata.actor?.startsWith('credential:') ? event.metadata.actor : 'service';

/** One event of an account's own history, as its surfaces show it (each writes `at` its way). */
export interface HistoryItem {
  readonly at: Date;
  readonly stream: string;
  readonly type: string;
  readonly actor: string;
  readonly data: unknown;
}

/**
 * What an account may see of a subject's timeline: from its own first event on (what came before was someone
 * else's: a name's previous holder), the events appended for it or naming it and those appended for no account (the
 * registry's, the service's), never another account's; secrets left out of the data, the service's hands named only
 * as the service.
 */
export const accountHistoryOf = async (
  trail: AuditTrail,
  subject: AuditSubject,
  id: string,
  accountId: string,
): Promise<{ items: HistoryItem[]; truncated: boolean }> => {
  const timeline = await trail.timeline(subject, id);
  // the account's own: appended for it, or naming it (a registration for it, a name handed over to it)
  const own = (event: StoredEvent): boolean => {
    const data = event.data as { accountId?: unknown; toAccountId?: unknown };
    return event.metadata.accountId === accountId || data.accountId === accountId || data.toAccountId === accountId;
  };
  const first = timeline.events.findIndex(own);
  const since = first === -1 ? [] : timeline.events.slice(first);
  const mine = since.filter((event) => own(event) || event.metadata.accountId === null);
  return {
    items: mine.map((event) => ({
      at: event.recordedAt,
      stream: streamKindOf(event.streamId),
      type: event.type,
      actor: actorOf(event),
      data: redacted(event.data),
    })),
    truncated: timeline.truncated,
  };
};

/**
 * `GET /partner/v3/operations/{id}/history` (our extension, on C and D): every event of one of the account's
 * operations, oldest first, `at` in epoch milliseconds as the partner surfaces give times.
 */
export const operationHistoryOf = async (
  trail: AuditTrail,
  namespace: string,
  accountId: string,
  operationId: string,
) => {
  const { items, truncated } = await accountHistoryOf(trail, 'operation', operationId, accountId);
  return {
    '@type': partnerType(namespace, 'OperationHistory'),
    operationId,
    items: items.map((item) => ({ ...item, at: item.at.getTime() })),
    truncated,
  };
};

/** The history's schema, for both partner documents. */
export const operationHistorySchema = (type: (name: string) => JsonSchema): JsonSchema =>
  closed(['@type', 'operationId', 'items', 'truncated'], {
    '@type': type('OperationHistory'),
    operationId: { type: 'string' },
    items: {
      type: 'array',
      items: closed(['at', 'stream', 'type', 'actor', 'data'], {
        at: { type: 'integer', minimum: 0, description: 'When it was stored, epoch milliseconds' },
        stream: { type: 'string', description: 'What changed: operation, domain-activity, dns-domain, dns-zone...' },
        type: {
          type: 'string',
          description: 'The event: OperationRequested, DependencyStarted, DependencyCompleted...',
        },
        actor: {
          type: 'string',
          description: 'credential:<kind>:<id> for the account’s own requests; service for the service',
        },
        data: { type: 'object', description: 'What the event recorded, secrets left out' },
      }),
    },
    truncated: { type: 'boolean', description: 'More events than a history holds: the earliest are shown' },
  });
