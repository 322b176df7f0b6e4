import { presentOperation } from '../../../application/operations/operation-view';
import { partnerType } from '../../../application/shared/partner-type';
import { ExistingOperation } from '../../../domain/operations/operation';

/** `DomainOperationResult`, `InternalWalletCreateResult`...: an operation under the result type of the route. */
export const operationResult = (namespace: string, result: string, op: ExistingOperation) => ({
  '@type': partnerType(namespace, result),
  operation: presentOperation(namespace, op),
});
