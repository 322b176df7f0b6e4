import { RECORD_TYPES } from '../../../domain/dns-domains/dns-setup';
import { HOSTING_TYPES } from '../../../domain/dns-domains/hosting';
import { closed, count, JsonSchema, list, text } from '../shared/openapi/json-schema';
import { isoTime, nullable } from './answer-parts.openapi';

/** The answers of surface A's DNS actions (records, nameservers, hosting, pending operations, flags). */

const domainName: JsonSchema = { type: 'string', description: 'As stored: lowercase, IDNs as A-labels' };
const subName: JsonSchema = { type: 'string', description: 'The name below the domain; @ for the domain itself' };
const operationId: JsonSchema = {
  type: 'string',
  description: 'The operation making the change (svc_domain_pending_operations shows it until it ends)',
};
const CURSOR_PAGINATION = closed(['hasMore', 'nextCursor'], {
  hasMore: { type: 'boolean' },
  nextCursor: { ...nullable(text), description: 'Give it as cursor for the next page' },
});
const DS = closed(['keyTag', 'algorithm', 'digestType', 'digest'], {
  keyTag: count,
  algorithm: count,
  digestType: count,
  digest: text,
});
const status: JsonSchema = { enum: ['PENDING', 'ACTIVE'] };

const results = (result: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema =>
  closed(['results', 'successCount', 'failureCount', ...Object.keys(extra)], {
    results: list(result),
    successCount: count,
    failureCount: count,
    ...extra,
  });

export const dnsSchemas = (): Record<string, JsonSchema> => ({
  DnsRecordsListResponse: closed(['domain', 'records', 'pagination', 'dnsStatus'], {
    domain: domainName,
    records: list(
      closed(['id', 'type', 'subName', 'values', 'ttl', 'readonly', 'readonlyReasons'], {
        id: { type: 'string', description: 'What svc_dns_record_update and svc_dns_record_remove take' },
        type: { enum: [...RECORD_TYPES] },
        subName,
        values: list(text),
        ttl: { ...count, description: 'Seconds' },
        readonly: { type: 'boolean', description: 'Changes with the hosting, not with the record actions' },
        readonlyReasons: list({ enum: ['HOSTING'] }),
      }),
    ),
    pagination: CURSOR_PAGINATION,
    dnsStatus: closed(['configured', 'provider', 'message'], {
      configured: { type: 'boolean' },
      provider: { ...nullable({ enum: ['service', 'external'] }), description: 'Whose nameservers answer the name' },
      message: text,
    }),
  }),
  BulkDnsOperationResponse: results(
    closed(['domain', 'success'], {
      domain: { type: 'string', description: 'As asked' },
      success: { type: 'boolean' },
      operationId,
      nameservers: list(text),
      hasDnssec: { type: 'boolean' },
      config: closed(['type', 'subName', 'targetUrl'], {
        type: { enum: ['LISTING_PAGE', ...HOSTING_TYPES] },
        subName,
        targetUrl: nullable(text),
      }),
      subName,
      deletedAll: { type: 'boolean' },
      error: { type: 'string', description: 'Why this one was not done; the others were' },
    }),
  ),
  DnsNameserversListResponse: closed(['domain', 'nameservers', 'isUsingDefaultNameservers', 'dnssec'], {
    domain: domainName,
    nameservers: list(text),
    isUsingDefaultNameservers: { type: 'boolean', description: "This service's nameservers serve the records" },
    dnssec: closed(['enabled'], { enabled: { type: 'boolean' }, records: list(DS) }),
  }),
  DnsHostingListResponse: closed(['domain', 'configs', 'pagination'], {
    domain: domainName,
    configs: list(
      closed(['type', 'subName', 'targetUrl', 'status', 'certificateStatus'], {
        type: { enum: ['LISTING_PAGE', ...HOSTING_TYPES] },
        subName,
        targetUrl: text,
        status: { ...status, description: 'PENDING while the operation that sets it runs' },
        certificateStatus: { ...status, description: 'ACTIVE once HTTPS has its certificate' },
      }),
    ),
    pagination: CURSOR_PAGINATION,
  }),
  PendingOperationsResponse: results(
    closed(['domain', 'success'], {
      domain: text,
      success: { type: 'boolean' },
      hasPendingOperations: { type: 'boolean' },
      operations: list(
        closed(['id', 'type', 'status', 'createdAt', 'updatedAt', 'originOperationId', 'errorCode'], {
          id: text,
          type: text,
          status: text,
          createdAt: nullable(isoTime),
          updatedAt: nullable(isoTime),
          originOperationId: nullable(text),
          errorCode: { ...nullable(text), description: 'Why a failed operation failed' },
        }),
      ),
      error: text,
    }),
    {
      summary: closed(['totalPendingCount', 'domainsWithPending'], {
        totalPendingCount: count,
        domainsWithPending: list(text),
      }),
    },
  ),
  UpdateDomainFlagsResponse: results(
    closed(['domain', 'success'], {
      domain: text,
      success: { type: 'boolean' },
      operationId,
      updatedFlags: list({ enum: ['DNS_TRANSFER_OUT', 'DNS_WHOIS_PROXY'] }),
      error: text,
    }),
  ),
  PushDomainsResponse: closed(['success', 'pushedDomains', 'failedDomains', 'targetAccountId', 'message'], {
    success: { type: 'boolean', description: 'Some names moved' },
    pushedDomains: list(domainName),
    failedDomains: list(
      closed(['domain', 'reason', 'message'], {
        domain: text,
        reason: { enum: ['not_owned', 'not_dns', 'pending_push', 'expired', 'ineligible'] },
        message: text,
      }),
    ),
    targetAccountId: { type: 'string', description: 'The receiving account' },
    message: { type: 'string', description: 'What happened, and what to do next (where the code went)' },
  }),
});
