import { presentOperation } from '../../../application/operations/operation-view';
import { ExistingOperation } from '../../../domain/operations/operation';
import { typeName } from './partner-lists';

/** `DomainOperationResult`, `WalletCreateResult`...: an operation under the result type of the route. */
export const operationResult = (namespace: string, result: string, op: ExistingOperation) => ({
  '@type': typeName(namespace, result),
  operation: presentOperation(namespace, op),
});
