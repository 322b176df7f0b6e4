import { Controller, Get, Header, Param, Query as QueryParams } from '@nestjs/common';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { AUDIT_SUBJECTS, AuditSubject } from '../../../application/audit/audit-trail';
import { Clock } from '../../../application/shared/clock';
import { OperationStatus } from '../../../domain/operations/operation.events';
import { NotFound } from '../../../domain/shared/errors';
import { AnalyticsRange } from '../../../projections/analytics/analytics.queries';
import { Access } from '../shared/auth/access';
import { RequestValidationError } from '../shared/problem';
import { NoQuery, Once } from '../shared/request-params';
import { analyticsRangeOf, isRange } from './analytics-range';
import { OperatorReads } from './operator-reads';

export const OPERATION_STATUSES: readonly OperationStatus[] = [
  'QUEUED',
  'PROCESSING',
  'SIGNATURE_REQUIRED',
  'AWAITING_UPDATES',
  'TRANSMISSION_REQUIRED',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
];

/** An id of anything the audit follows: an id, a name, an address; printable, no spaces. */
const SUBJECT_ID = /^[\x21-\x7e]{1,300}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

export class AuditParams {
  @IsIn(AUDIT_SUBJECTS) subject!: AuditSubject;
  @IsString() @Matches(SUBJECT_ID, { message: 'is not an id, a name or an address' }) id!: string;
}

export class AuditQuery {
  @Once({ maxLength: 40, description: 'Only what had happened by this ISO 8601 time, and each stream’s state then' })
  @Matches(ISO_TIME, { message: 'is not an ISO 8601 time' })
  asOf?: string;
}

export class AnalyticsQuery {
  @Once({ maxLength: 40, description: 'The range’s start, ISO 8601 (a date alone is its midnight UTC)' })
  @Matches(ISO_TIME, { message: 'is not an ISO 8601 date or time' })
  from?: string;

  @Once({ maxLength: 40, description: 'The range’s end (exclusive); the end of the current hour or day by default' })
  @Matches(ISO_TIME, { message: 'is not an ISO 8601 date or time' })
  to?: string;

  @Once({ oneOf: ['hour', 'day'], description: 'The bucket: hour or day (UTC); day by default' })
  groupBy?: 'hour' | 'day';
}

export class OperationsQuery {
  @Once({ maxLength: 100, description: 'Only this account’s operations' })
  @Matches(/^[\x21-\x7e]+$/, { message: 'is not an account id' })
  accountId?: string;

  @Once({ maxLength: 253, description: 'Only operations on this domain' })
  @Matches(/^[a-z0-9.-]+$/, { message: 'is not a domain name as stored (lowercase, A-labels)' })
  domain?: string;

  @Once({ oneOf: OPERATION_STATUSES, description: 'Only operations in this status' })
  status?: OperationStatus;

  @Once({ maxLength: 64, description: 'Only operations of this type' })
  @Matches(/^[A-Z][A-Z0-9_]*$/, { message: 'is not an operation type' })
  type?: string;

  @Once({ maxLength: 3, description: 'How many, newest first: 1 to 200, 50 by default' })
  @Matches(/^([1-9][0-9]?|1[0-9]{2}|200)$/, { message: 'must be a whole number from 1 to 200' })
  limit?: string;
}

export class OperationParams {
  @IsString() @MaxLength(100) @Matches(/^[A-Za-z0-9_-]+$/, { message: 'is not an operation id' }) id!: string;
}

/**
 * The operator API (`docs/operator.md`): the audit of anything, the operations of every account, the analytics and
 * their export, the registry's clock and the price list. Only an operator key opens it; the keys of the other
 * surfaces are refused with 403.
 */
@Controller('operator/v1')
@Access({ surface: 'operator' })
export class OperatorController {
  constructor(
    private readonly reads: OperatorReads,
    private readonly clock: Clock,
  ) {}

  @Get('audit/:subject/:id')
  audit(@Param() { subject, id }: AuditParams, @QueryParams() { asOf }: AuditQuery) {
    const at = asOf === undefined ? undefined : Date.parse(asOf);
    if (at !== undefined && Number.isNaN(at))
      throw new RequestValidationError([{ path: 'asOf', message: 'is not an ISO 8601 time' }]);
    return this.reads.audit(subject, id, at);
  }

  @Get('operations')
  operations(@QueryParams() query: OperationsQuery) {
    const { accountId, domain, status, type, limit } = query;
    return this.reads
      .searchOperations({ accountId, domain, statuses: status && [status], type }, Number(limit ?? 50))
      .then((items) => ({ items }));
  }

  @Get('operations/:id')
  async operation(@Param() { id }: OperationParams, @QueryParams() _query: NoQuery) {
    const found = await this.reads.operation(id);
    if (!found) throw new NotFound('operation', id);
    return found;
  }

  @Get('analytics')
  async analytics(@QueryParams() query: AnalyticsQuery) {
    const range = this.rangeOf(query);
    const report = await this.reads.analytics(range);
    const iso = (at: number) => new Date(at).toISOString();
    return {
      ...report,
      from: iso(report.from),
      to: iso(report.to),
      buckets: report.buckets.map((bucket) => ({ ...bucket, start: iso(bucket.start) })),
    };
  }

  @Get('analytics/csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="analytics.csv"')
  analyticsCsv(@QueryParams() query: AnalyticsQuery) {
    return this.reads.analyticsCsv(this.rangeOf(query));
  }

  @Get('registry')
  registry(@QueryParams() _query: NoQuery) {
    return this.reads.registryState();
  }

  private rangeOf(query: AnalyticsQuery): AnalyticsRange {
    const range = analyticsRangeOf(query, this.clock.now());
    if (!isRange(range)) throw new RequestValidationError([range]);
    return range;
  }
}
