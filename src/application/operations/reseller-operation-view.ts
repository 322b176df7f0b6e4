import { Dependency, ExistingOperation } from '../../domain/operations/operation';
import { partnerType } from '../shared/partner-type';
import { presentOperationMinimal } from './operation-minimal-view';

/**
 * A surface D operation as `GET /operations/{id}` answers it and as webhook deliveries carry it (`interface-spec.md`
 * Surface D resources): every dependency a `PlatformOperation`, and `createdAtTimestamp` beside the last update.
 */
const presentDependency = (namespace: string, dependency: Dependency) => ({
  id: dependency.id,
  '@type': partnerType(namespace, 'PlatformOperation'),
  type: dependency.type,
  status: dependency.status,
  parameters: dependency.parameters,
  ...(dependency.result ? { result: dependency.result } : {}),
  ...(dependency.error ? { error: dependency.error } : {}),
});

export const presentResellerOperation = (namespace: string, op: ExistingOperation): Record<string, unknown> => ({
  // what a list shows of it, then the rest
  ...presentOperationMinimal(namespace, op),
  '@type': partnerType(namespace, 'Operation'),
  ...(op.preview && op.validUntil !== null ? { validUntilTimestamp: op.validUntil } : {}),
  // what committing it charges or credits the running balance, as quoted (a preview) or charged (a commit)
  billing: (op.quote ?? []).map(({ type, reason, amountCents }) => ({
    type,
    reason,
    amount: { usdCents: amountCents },
  })),
  dependencies: op.dependencies.map((dependency) => presentDependency(namespace, dependency)),
});
