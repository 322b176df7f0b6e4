import { Body, Controller, Get, NotFoundException, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../application/identity/authenticator';
import { presentOperation } from '../../../application/operations/operation-view';
import { SignDependency } from '../../../application/web3/sign-dependency.command';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { isId } from '../../../domain/shared/ids';
import { GetOperation, ListOperations } from '../../../projections/operation-list/operation-list.queries';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { RequestValidationError } from '../shared/problem';
import { cursorList, decodeCursor } from './partner-lists';
import { SignDependencyDto } from './web3.dto';
import { nameOf, onlyParameters, QueryInput, repeated, signatureOf } from './web3-input';

const PAGE = 50;
const STATUSES = ['QUEUED', 'SIGNATURE_REQUIRED', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
const TYPES = ['DOMAIN_CLAIM', 'DOMAIN_UPDATE', 'DOMAIN_RETURN', 'WALLET_CREATE', 'WALLET_UPDATE', 'WALLET_VERIFY', 'ACCOUNT_UPDATE'] as const;

const isPosition = (value: unknown): value is { createdAt: number; id: string } =>
  typeof value === 'object' && value !== null && Number.isSafeInteger((value as { createdAt?: unknown }).createdAt) && isId('operation', (value as { id?: unknown }).id);

const operationIdOf = (id: string): string => {
  if (!isId('operation', id)) throw new RequestValidationError([{ path: 'id', message: 'is not an operation id (op-<uuid>)' }]);
  return id;
};

/** The account's web3 operations: list (newest first), one by id, and the owner's signature of a waiting dependency. */
@Controller('partner/v3/operations')
@Access({ surface: 'partner', profile: 'web3' })
export class Web3OperationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly settings: Web3Settings,
  ) {}

  @Get()
  async list(@CurrentPrincipal() principal: Principal, @Query() query: QueryInput) {
    onlyParameters(query, ['domain', 'status', 'type', '$cursor']);
    const domains = repeated(query, 'domain', { max: 50 }).map((domain, index) => nameOf(domain, this.settings.supportedTlds, `domain[${index}]`));
    const statuses = repeated(query, 'status', { max: STATUSES.length, oneOf: STATUSES });
    const types = repeated(query, 'type', { max: TYPES.length, oneOf: TYPES });
    const after = decodeCursor(query.$cursor, isPosition);
    const page = await this.queries.execute(new ListOperations({ accountId: principal.accountId, surface: 'web3', domains, statuses: statuses as never, types, previews: false }, { limit: PAGE, after }));
    return cursorList(this.settings.namespace, page.items.map((op) => presentOperation(this.settings.namespace, op)), page.next);
  }

  @Get(':id')
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: QueryInput) {
    onlyParameters(query, []);
    const op = await this.queries.execute(new GetOperation(principal.accountId, operationIdOf(id)));
    // a preview on this surface is a quote, not an operation: it is answered once, then never found
    if (!op || op.surface !== 'web3' || op.preview) throw new NotFoundException(`operation ${id} was not found`);
    return presentOperation(this.settings.namespace, op);
  }

  @Patch(':id/dependencies/:dependencyId')
  async sign(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('dependencyId') dependencyId: string, @Query() query: QueryInput, @Body() body: SignDependencyDto) {
    onlyParameters(query, []);
    if (!isId('blockchainDependency', dependencyId) && !isId('platformDependency', dependencyId)) {
      throw new RequestValidationError([{ path: 'dependencyId', message: 'is not a dependency id' }]);
    }
    const signature = signatureOf(body.transaction.signature, 'transaction.signature');
    const op = await this.commands.execute(new SignDependency(principal.accountId, operationIdOf(id), dependencyId, signature));
    return presentOperation(this.settings.namespace, op);
  }
}
