import { evolve, ExistingOperation } from '../../domain/operations/operation';
import { OPERATION_EVENT_TYPES, OperationEvent } from '../../domain/operations/operation.events';
import { Projection } from '../../application/shared/projection';

/** Every operation as its aggregate sees it, for the lists, lookups and pending-operation reads of surfaces C and D. */
export const operationList: Projection<ExistingOperation, OperationEvent> = {
  name: 'operation-list',
  version: 1, // bump when evolve changes: the runner rebuilds from the first event, then queries switch over
  handles: OPERATION_EVENT_TYPES,
  idOf: (event) => event.data.operationId,
  evolve: (row, event) => evolve(row ?? { status: 'NONE' }, event) as ExistingOperation,
  // read your writes: an operation shows COMPLETED only once every other read model shows what it did
  showsLast: true,
};
