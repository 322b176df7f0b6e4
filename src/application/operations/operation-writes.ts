import { domainActivityDecider, domainActivityStream } from '../../domain/operations/domain-activity';
import { ExistingOperation } from '../../domain/operations/operation';
import { OperationEvent } from '../../domain/operations/operation.events';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';

/**
 * The write that frees the operation's domain when `events` finish the operation; none otherwise. Appended in the
 * same transaction as the finishing events, so the next operation on the domain can start at once.
 */
export const releaseOnFinish = async (
  streams: StreamReader,
  op: ExistingOperation,
  events: readonly OperationEvent[],
): Promise<StreamWrite[]> => {
  const finish = events.find((event) => event.type === 'OperationFinished');
  if (!finish || !op.domain || op.preview) return [];
  const activity = await streams.load(domainActivityStream(op.domain), domainActivityDecider);
  const released = domainActivityDecider.decide(
    { type: 'ReleaseDomain', data: { domain: op.domain, operationId: op.id, at: finish.data.at } },
    activity.state,
  );
  return [writeAfter(activity, released)];
};
