import { ExistingOperation } from '../../domain/operations/operation';
import { DependencySpec, OperationSurface } from '../../domain/operations/operation.events';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader } from '../shared/handle-command';
import { operationRequestWrites } from '../operations/request-operation.command';

/**
 * The `ACCOUNT_UPDATE` operation that finishes a webhook's registration or deletion with its one platform
 * dependency; it names no domain, so it holds none.
 */
export const webhookOperationWrites = (
  streams: StreamReader,
  operation: { readonly operationId: string; readonly accountId: string; readonly surface: OperationSurface },
  dependency: DependencySpec,
  at: number,
): Promise<{ writes: StreamWrite[]; state: ExistingOperation }> =>
  operationRequestWrites(
    streams,
    { ...operation, type: 'ACCOUNT_UPDATE', domain: null, dependencies: [dependency] },
    at,
  );
