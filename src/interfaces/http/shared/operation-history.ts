import { AuditTrail } from '../../../application/audit/audit-trail';
import { streamKindOf } from '../../../application/audit/stream-deciders';
import { partnerType } from '../../../application/shared/partner-type';
import { StoredEvent } from '../../../application/shared/event-store.port';
import { closed, JsonSchema } from './openapi/json-schema';

/** Keys of event data a partner is never shown: sealed secrets and digests of secrets stay in the service. */
const HIDDEN = /sealed|digest|secret|privatekey|authinfo|password/i;

const redacted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redacted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !HIDDEN.test(key))
      .map(([key, item]) => [key, redacted(item)]),
  );
};

/** Who acted, as a partner may know it: its own credential, or the service (a worker, a reactor, a timer). */
const actorOf = (event: StoredEvent): string =>
  event.metadata.actor?.startsWith('credential:') ? event.metadata.actor : 'service';

/**
 * `GET /partner/v3/operations/{id}/history` (our extension, on C and D): every event of one of the account's
 * operations, oldest first, from the audit's timeline: the events of other accounts left out, secrets left out of the
 * data, the service's workers named only as the service.
 */
export const operationHistoryOf = async (
  trail: AuditTrail,
  namespace: string,
  accountId: string,
  operationId: string,
) => {
  const timeline = await trail.timeline('operation', operationId);
  const mine = timeline.events.filter(
    (event) => event.metadata.accountId === null || event.metadata.accountId === accountId,
  );
  return {
    '@type': partnerType(namespace, 'OperationHistory'),
    operationId,
    items: mine.map((event) => ({
      at: event.recordedAt.getTime(),
      stream: streamKindOf(event.streamId),
      type: event.type,
      actor: actorOf(event),
      data: redacted(event.data),
    })),
    truncated: timeline.truncated,
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
