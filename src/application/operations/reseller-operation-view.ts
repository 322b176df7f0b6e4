import { Dependency, ExistingOperation } from '../../domain/operations/operation';
import { unicodeFormOf } from '../../domain/shared/idna';
import { partnerType } from '../shared/partner-type';

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
  '@type': partnerType(namespace, 'Operation'),
  id: op.id,
  status: op.status,
  type: op.type,
  ...(op.domain ? { domain: op.domain, unicodeDomain: unicodeFormOf(op.domain) } : {}),
  createdAtTimestamp: op.createdAt,
  lastUpdatedTimestamp: op.updatedAt,
  ...(op.preview && op.validUntil !== null ? { validUntilTimestamp: op.validUntil } : {}),
  // what committing it charges or credits the running balance, as quoted (a preview) or charged (a commit)
  billing: (op.quote ?? []).map(({ type, reason, amountCents }) => ({
    type,
    reason,
    amount: { usdCents: amountCents },
  })),
  dependencies: op.dependencies.map((dependency) => presentDependency(namespace, dependency)),
});
