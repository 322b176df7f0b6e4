import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { AuditTrail } from '../../../application/audit/audit-trail';
import { operationHistoryOf } from '../shared/operation-history';
import { Principal } from '../../../application/identity/authenticator';
import { presentOperationMinimal } from '../../../application/operations/operation-minimal-view';
import { presentOperation } from '../../../application/operations/operation-view';
import { partnerType } from '../../../application/shared/partner-type';
import { ExistingOperation } from '../../../domain/operations/operation';
import { OperationStatus } from '../../../domain/operations/operation.events';
import { NotFound } from '../../../domain/shared/errors';
import {
  GetOperation,
  ListOperationsByTime,
  ListPendingOperations,
} from '../../../projections/operation-list/operation-list.queries';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { ForResellerKeys } from '../shared/auth/partner-profile-routing';
import { Documented } from '../shared/openapi/documented';
import { list } from '../shared/partner-lists';
import { NoQuery } from '../shared/request-params';
import { dnsNameOf } from './reseller-input';
import { DnsNameParams, ResellerOperationParams, ResellerOperationsQuery } from './reseller-params.dto';

const PAGE = 50;

/** The account's reseller operations, and the unfinished operation on a domain across accounts. */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerOperationsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly settings: ResellerSettings,
    private readonly trail: AuditTrail,
  ) {}

  @Get('operations')
  @ForResellerKeys()
  @Documented({ summary: "The account's operations, previews included, newest first", answer: 'OperationMinimalList' })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ResellerOperationsQuery) {
    const filter = {
      accountId: principal.accountId,
      surface: 'reseller' as const,
      domains: (query.domain ?? []).map((domain, index) => dnsNameOf(domain, `domain[${index}]`).name),
      statuses: (query.status ?? []) as OperationStatus[],
      types: query.type ?? [],
      previews: true,
    };
    const before = query.$cursor === undefined ? undefined : Number(query.$cursor);
    const page = await this.queries.execute(new ListOperationsByTime(filter, { limit: PAGE, before }));
    return {
      '@type': partnerType(this.settings.namespace, 'CursorList'),
      items: page.items.map((op) => presentOperationMinimal(this.settings.namespace, op)),
      // `next` is null on the last page (`interface-spec.md`: an object or null, holding the cursor string)
      next: page.next === null ? null : { $cursor: String(page.next) },
    };
  }

  @Get('operations/:id')
  @ForResellerKeys()
  @Documented({ summary: 'One operation of the account; poll it until it finishes', answer: 'Operation' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() { id }: ResellerOperationParams,
    @Query() _query: NoQuery,
  ) {
    const op = await this.queries.execute(new GetOperation(principal.accountId, id));
    if (!op || op.surface !== 'reseller') throw new NotFound('operation', id);
    return presentOperation(this.settings.namespace, op);
  }

  @Get('operations/:id/history')
  @ForResellerKeys()
  @Documented({
    summary:
      "Our extension: every event of one of the account's operations, oldest first (its dependencies' runs, what they changed), secrets left out",
    answer: 'OperationHistory',
  })
  async history(
    @CurrentPrincipal() principal: Principal,
    @Param() { id }: ResellerOperationParams,
    @Query() _query: NoQuery,
  ) {
    const op = await this.queries.execute(new GetOperation(principal.accountId, id));
    if (!op || op.surface !== 'reseller') throw new NotFound('operation', id);
    return operationHistoryOf(this.trail, this.settings.namespace, principal.accountId, id);
  }

  @Get('domains/:name/pending-operations')
  @ForResellerKeys()
  @Documented({
    summary: "The unfinished operation on the domain, across accounts (another account's without its id)",
    answer: 'DomainPendingOperationList',
  })
  async pending(@CurrentPrincipal() principal: Principal, @Param() params: DnsNameParams, @Query() _query: NoQuery) {
    const { name } = dnsNameOf(params.name);
    const pending: readonly ExistingOperation[] = await this.queries.execute(new ListPendingOperations(name));
    return list(
      this.settings.namespace,
      pending.map((op) => ({
        '@type': partnerType(this.settings.namespace, 'DomainPendingOperation'),
        type: op.surface === 'reseller' ? op.type : 'UNKNOWN',
        ...(op.accountId === principal.accountId ? { id: op.id } : {}),
      })),
    );
  }
}
