import { DomainActivity, domainActivityDecider, domainActivityStream } from '../../domain/operations/domain-activity';
import { Operation, operationStream } from '../../domain/operations/operation';
import { OperationRequestDecision } from '../../domain/operations/operation-request';
import { operationDecider } from '../../domain/operations/operation.decider';
import { EventStore, StreamWrite } from '../shared/event-store.port';
import { LoadedStream, loadStream, StreamReader, writeAfter } from '../shared/handle-command';

/** An operation as stored now; `NONE` when it was never requested. */
export const loadOperation = async (store: EventStore, operationId: string): Promise<Operation> =>
  (await loadStream(store, operationStream(operationId), operationDecider)).state;

/** An operation as an attempt of `transact` reads it, with the version that attempt's write must follow. */
export const loadOperationIn = (streams: StreamReader, operationId: string): Promise<LoadedStream<Operation>> =>
  streams.load(operationStream(operationId), operationDecider);

/** The streams that requesting an operation on a domain decides over: the operation's and the domain's activity. */
export interface RequestStreams {
  readonly operation: LoadedStream<Operation>;
  readonly activity: LoadedStream<DomainActivity>;
}

export const loadRequestStreams = async (
  streams: StreamReader,
  operationId: string,
  domain: string,
): Promise<RequestStreams> => ({
  operation: await loadOperationIn(streams, operationId),
  activity: await streams.load(domainActivityStream(domain), domainActivityDecider),
});

export const requestStatesOf = (loaded: RequestStreams): { operation: Operation; activity: DomainActivity } => ({
  operation: loaded.operation.state,
  activity: loaded.activity.state,
});

/** What a decided request appends, each stream after the version it was decided on. */
export const requestWrites = (loaded: RequestStreams, decision: OperationRequestDecision): StreamWrite[] => [
  writeAfter(loaded.operation, decision.operation),
  writeAfter(loaded.activity, decision.activity),
];
