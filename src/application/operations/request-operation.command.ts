import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ExistingOperation } from '../../domain/operations/operation';
import { requestOperation } from '../../domain/operations/operation-request';
import { DependencySpec, OperationSurface, QuotedAmount } from '../../domain/operations/operation.events';
import { Clock } from '../shared/clock';
import { CommandContext } from '../shared/command-context';
import { EventStore, StreamWrite } from '../shared/event-store.port';
import { StreamReader, transact, writeAfter } from '../shared/handle-command';
import { loadOperationIn, loadRequestStreams, requestStatesOf, requestWrites } from './operation-streams';

export interface OperationRequest {
  /** Given by callers that may repeat the request; a new id otherwise. */
  readonly operationId?: string;
  readonly accountId: string;
  readonly surface: OperationSurface;
  readonly type: string;
  readonly domain: string | null;
  readonly preview?: boolean;
  readonly validUntil?: number | null;
  readonly dependencies: readonly DependencySpec[];
  readonly quote?: readonly QuotedAmount[];
}

/** Starts an operation. One that names a domain claims it: a domain held by an unfinished operation refuses it. */
export class RequestOperation extends Command<ExistingOperation> {
  constructor(
    readonly request: OperationRequest,
    readonly context: CommandContext = {},
  ) {
    super();
  }
}

/**
 * The writes that start an operation inside a caller's transaction: the operation's stream and, for one that
 * names a domain, the domain's activity. Commands that change another aggregate in the same step (a charge, a webhook
 * registration) append those writes beside these, so both happen or neither does.
 */
export const operationRequestWrites = async (
  streams: StreamReader,
  request: OperationRequest & { readonly operationId: string },
  at: number,
): Promise<{ writes: StreamWrite[]; state: ExistingOperation }> => {
  const data = {
    operationId: request.operationId,
    accountId: request.accountId,
    surface: request.surface,
    type: request.type,
    domain: request.domain,
    preview: request.preview ?? false,
    validUntil: request.validUntil ?? null,
    dependencies: request.dependencies,
    quote: request.quote ?? [],
    at,
  };
  if (!request.domain) {
    const op = await loadOperationIn(streams, request.operationId);
    const decision = requestOperation(data, op.state);
    return { writes: [writeAfter(op, decision.operation)], state: decision.state };
  }
  const loaded = await loadRequestStreams(streams, request.operationId, request.domain);
  const { operation, activity } = requestStatesOf(loaded);
  const decision = requestOperation(data, operation, activity);
  return { writes: requestWrites(loaded, decision), state: decision.state };
};

@CommandHandler(RequestOperation)
export class RequestOperationHandler implements ICommandHandler<RequestOperation> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ request, context }: RequestOperation): Promise<ExistingOperation> {
    const operationId = request.operationId ?? keyedRequests.newOperationId();
    const at = this.clock.now();
    const { result } = await transact(this.store, { accountId: request.accountId, ...context }, async (streams) => {
      const { writes, state } = await operationRequestWrites(streams, { ...request, operationId }, at);
      return { writes, result: state };
    });
    return result;
  }
}
