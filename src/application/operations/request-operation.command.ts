import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { domainActivityDecider, domainActivityStream } from '../../domain/operations/domain-activity';
import { ExistingOperation, operationStream } from '../../domain/operations/operation';
import { operationDecider } from '../../domain/operations/operation.decider';
import { DependencySpec, OperationSurface, QuotedAmount } from '../../domain/operations/operation.events';
import { newId } from '../../domain/shared/ids';
import { Clock } from '../shared/clock';
import { CommandContext } from '../shared/command-context';
import { EventStore, StreamWrite } from '../shared/event-store.port';
import { StreamReader, transact, writeAfter } from '../shared/handle-command';

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
 * names a domain, the domain's claim. Commands that change another aggregate in the same step (a charge, a webhook
 * registration) append those writes beside these, so both happen or neither does.
 */
export const operationRequestWrites = async (
  streams: StreamReader,
  request: OperationRequest & { readonly operationId: string },
  at: number,
): Promise<{ writes: StreamWrite[]; state: ExistingOperation }> => {
  const preview = request.preview ?? false;
  const data = {
    operationId: request.operationId, accountId: request.accountId, surface: request.surface, type: request.type, domain: request.domain,
    preview, validUntil: request.validUntil ?? null, dependencies: request.dependencies, quote: request.quote ?? [], at,
  };
  const op = await streams.load(operationStream(request.operationId), operationDecider);
  const events = operationDecider.decide({ type: 'RequestOperation', data }, op.state);
  const state = events.reduce(operationDecider.evolve, op.state) as ExistingOperation;
  const writes: StreamWrite[] = [writeAfter(op, events)];
  if (!request.domain) return { writes, state };
  // a preview fails where the operation would (a busy domain), but holds nothing
  const claimed = await claimDomain(streams, request.domain, state, events.length > 1);
  return { writes: preview ? writes : [...writes, claimed], state };
};

/** Claims the domain for the operation; one that finished as it started (nothing to do) gives it back at once. */
const claimDomain = async (streams: StreamReader, domain: string, op: ExistingOperation, finishedAtOnce: boolean): Promise<StreamWrite> => {
  const activity = await streams.load(domainActivityStream(domain), domainActivityDecider);
  const claimed = domainActivityDecider.decide(
    { type: 'ClaimDomain', data: { domain, operationId: op.id, accountId: op.accountId, at: op.createdAt } },
    activity.state,
  );
  if (!finishedAtOnce) return writeAfter(activity, claimed);
  const released = domainActivityDecider.decide(
    { type: 'ReleaseDomain', data: { domain, operationId: op.id, at: op.createdAt } },
    claimed.reduce(domainActivityDecider.evolve, activity.state),
  );
  return writeAfter(activity, [...claimed, ...released]);
};

@CommandHandler(RequestOperation)
export class RequestOperationHandler implements ICommandHandler<RequestOperation> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ request, context }: RequestOperation): Promise<ExistingOperation> {
    const operationId = request.operationId ?? newId('operation');
    const at = this.clock.now();
    const { result } = await transact(this.store, { accountId: request.accountId, ...context }, async (streams) => {
      const { writes, state } = await operationRequestWrites(streams, { ...request, operationId }, at);
      return { writes, result: state };
    });
    return result;
  }
}
