import { Body, Controller, Get, NotFoundException, Param, Patch, Query } from '@nestjs/common';
import { AuditTrail } from '../../../application/audit/audit-trail';
import { operationHistoryOf } from '../shared/operation-history';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../application/identity/authenticator';
import { presentOperationMinimal } from '../../../application/operations/operation-minimal-view';
import { presentOperation } from '../../../application/operations/operation-view';
import { SignDependency } from '../../../application/web3/sign-dependency.command';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { OperationStatus } from '../../../domain/operations/operation.events';
import { isId } from '../../../domain/shared/ids';
import { GetOperation, ListOperations } from '../../../projections/operation-list/operation-list.queries';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { NoQuery } from '../shared/request-params';
import { cursorList, decodeCursor } from '../shared/partner-lists';
import { nameOf, signatureOf } from './web3-input';
import { DependencyParams, OperationParams, OperationsQuery } from './web3-params.dto';
import { SignDependencyDto } from './web3.dto';

const PAGE = 50;

const isPosition = (value: unknown): value is { createdAt: number; id: string } =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as { createdAt?: unknown }).createdAt) &&
  isId('operation', (value as { id?: unknown }).id);

/** The account's web3 operations: list (newest first), one by id, and the owner's signature of a waiting dependency. */
@Controller('partner/v3/operations')
@Access({ surface: 'partner', profile: 'web3' })
export class Web3OperationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly settings: Web3Settings,
    private readonly trail: AuditTrail,
  ) {}

  @Get()
  @Documented({
    summary: "The account's operations, newest first (previews are not listed)",
    answer: 'OperationMinimalCursorList',
    refuses: ['EXCEEDS_LIMIT'],
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: OperationsQuery) {
    const domains = (query.domain ?? []).map(
      (domain, index) => nameOf(domain, this.settings.supportedTlds, `domain[${index}]`).name,
    );
    const statuses = (query.status ?? []) as OperationStatus[];
    const after = decodeCursor(query.$cursor, isPosition);
    const filter = {
      accountId: principal.accountId,
      surface: 'web3' as const,
      domains,
      statuses,
      types: query.type ?? [],
      previews: false,
    };
    const page = await this.queries.execute(new ListOperations(filter, { limit: PAGE, after }));
    return cursorList(
      this.settings.namespace,
      page.items.map((op) => presentOperationMinimal(this.settings.namespace, op)),
      page.next,
    );
  }

  @Get(':id')
  @Documented({ summary: 'One operation of the account', answer: 'Operation' })
  async get(@CurrentPrincipal() principal: Principal, @Param() { id }: OperationParams, @Query() _query: NoQuery) {
    const op = await this.queries.execute(new GetOperation(principal.accountId, id));
    // a preview on this surface is a quote, not an operation: it is answered once, then never found
    if (!op || op.surface !== 'web3' || op.preview) throw new NotFoundException(`operation ${id} was not found`);
    return presentOperation(this.settings.namespace, op);
  }

  @Get(':id/history')
  @Documented({
    summary:
      "Our extension: every event of one of the account's operations, oldest first (signatures, transactions, what they changed), secrets left out",
    answer: 'OperationHistory',
  })
  async history(@CurrentPrincipal() principal: Principal, @Param() { id }: OperationParams, @Query() _query: NoQuery) {
    const op = await this.queries.execute(new GetOperation(principal.accountId, id));
    if (!op || op.surface !== 'web3' || op.preview) throw new NotFoundException(`operation ${id} was not found`);
    return operationHistoryOf(this.trail, this.settings.namespace, principal.accountId, id);
  }

  @Patch(':id/dependencies/:dependencyId')
  @Documented({
    summary:
      'Sign a dependency waiting in SIGNATURE_REQUIRED (checked off-chain and by the registry before it is relayed)',
    answer: 'Operation',
    refuses: ['SIGNATURE_INVALID', 'BAD_REQUEST'],
  })
  async sign(
    @CurrentPrincipal() principal: Principal,
    @Param() { id, dependencyId }: DependencyParams,
    @Query() _query: NoQuery,
    @Body() body: SignDependencyDto,
  ) {
    const signature = signatureOf(body.transaction.signature, 'transaction.signature');
    const op = await this.commands.execute(new SignDependency(principal.accountId, id, dependencyId, signature));
    return presentOperation(this.settings.namespace, op);
  }
}
