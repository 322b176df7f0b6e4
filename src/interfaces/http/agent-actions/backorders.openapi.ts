import { closed, count, JsonSchema, list, text } from '../shared/openapi/json-schema';
import { BACKORDER_STATUSES } from '../../../domain/dns-domains/backorder';
import { OFFSET_PAGINATION } from './answer-parts.openapi';

/** The answers of surface A's drop list, backorder and landing page actions. */

const backorderId: JsonSchema = { type: 'integer', minimum: 1, description: 'What svc_backorder_cancel takes' };
const cents: JsonSchema = { ...count, description: 'US cents' };
const epochMs: JsonSchema = { ...count, description: 'Epoch milliseconds' };
const status: JsonSchema = { enum: [...BACKORDER_STATUSES] };
const summed = (result: JsonSchema): JsonSchema =>
  closed(['results', 'successCount', 'failureCount', 'message'], {
    results: list(result),
    successCount: count,
    failureCount: count,
    message: text,
  });

export const backorderSchemas = (): Record<string, JsonSchema> => ({
  ExpiredsListResponse: closed(['domains', 'pagination', 'truncated'], {
    domains: list(
      closed(['name', 'deletionTimestamp', 'status', 'labelLength', 'watchlistCount', 'backorderCount'], {
        name: text,
        deletionTimestamp: { ...epochMs, description: 'When the registry drops it (epoch milliseconds)' },
        status: { enum: ['COMING_SOON', 'AVAILABLE_BACKORDER'] },
        labelLength: count,
        watchlistCount: count,
        backorderCount: { ...count, description: 'Backorders waiting for it' },
      }),
    ),
    pagination: closed(['total', 'count', 'offset', 'limit', 'hasMore'], {
      total: count,
      count,
      offset: count,
      limit: count,
      hasMore: { type: 'boolean' },
      nextOffset: { ...count, description: 'Where the next page starts, when there is one' },
    }),
    truncated: { type: 'boolean', description: 'More names were on their way out than were read' },
    truncationMessage: text,
  }),
  BackorderCreateResponse: summed(
    closed(['name', 'success'], {
      name: text,
      success: { type: 'boolean' },
      backorderId,
      price: { ...cents, description: "US cents: the name's registration for a year, charged if it is registered" },
      serviceFee: cents,
      status,
      error: { type: 'string', description: 'Why this one was not placed; the others were' },
    }),
  ),
  BackorderCancelResponse: summed(
    closed(['backorderId', 'success'], {
      backorderId,
      domain: text,
      success: { type: 'boolean' },
      refundAmount: { ...cents, description: 'Nothing is charged before a backorder wins: 0' },
      error: text,
    }),
  ),
  BackordersListResponse: closed(['backorders', 'pagination'], {
    backorders: list(
      closed(['backorderId', 'domain', 'status', 'price', 'serviceFee', 'availableAfter', 'createdAt', 'updatedAt'], {
        backorderId,
        domain: text,
        status,
        price: cents,
        serviceFee: cents,
        availableAfter: { ...epochMs, description: 'The drop it waits for (epoch milliseconds)' },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
        error: { type: 'string', description: 'Why it failed' },
      }),
    ),
    pagination: OFFSET_PAGINATION,
  }),
  GenerateLanderResponse: closed(['results', 'successCount', 'failureCount'], {
    results: list(
      closed(['domain', 'success'], {
        domain: text,
        success: { type: 'boolean' },
        jobId: { type: 'string', description: 'The page made; svc_domain_lander_status follows it' },
        error: text,
      }),
    ),
    successCount: count,
    failureCount: count,
  }),
  LanderStatusResponse: closed(['results'], {
    results: list(
      closed(['domain', 'status'], {
        domain: text,
        status: { enum: ['processing', 'hosted', 'failed', 'none'] },
        hostingType: { const: 'LANDER' },
        error: { type: 'string', description: 'Why it is not shown (failed), or why the name has none' },
      }),
    ),
  }),
  DownloadLanderResponse: closed(['results', 'successCount', 'failureCount'], {
    results: list(
      closed(['domain', 'success'], {
        domain: text,
        success: { type: 'boolean' },
        format: { const: 'html' },
        htmlContent: { type: 'string', description: 'The page, one self-contained HTML file' },
        error: text,
      }),
    ),
    successCount: count,
    failureCount: count,
  }),
  RemoveLanderResponse: closed(['results', 'successCount', 'failureCount'], {
    results: list(closed(['domain', 'success'], { domain: text, success: { type: 'boolean' }, error: text })),
    successCount: count,
    failureCount: count,
  }),
  AuthenticatedUrlResponse: closed(['url', 'expiresIn', 'instructions'], {
    url: { type: 'string', format: 'uri', description: "Opens the account's pages signed in, once" },
    expiresIn: { ...count, description: 'Seconds the link stays good' },
    instructions: text,
  }),
  HistoryResponse: closed(['subject', 'id', 'events', 'truncated'], {
    subject: { enum: ['domain', 'order'] },
    id: { type: 'string', description: 'The domain as stored, or the order id' },
    events: list(
      closed(['at', 'stream', 'type', 'actor', 'data'], {
        at: { type: 'string', format: 'date-time' },
        stream: { type: 'string', description: 'What changed: dns-domain, dns-zone, order, market-listing...' },
        type: { type: 'string', description: 'The event, as the service recorded it' },
        actor: { type: 'string', description: "credential:<kind>:<id> for the user's own requests; service otherwise" },
        data: { type: 'object', description: 'What it recorded, secrets left out' },
      }),
    ),
    truncated: { type: 'boolean', description: 'More events than a history holds: the earliest are shown' },
  }),
});
