import { ExistingOperation } from '../../domain/operations/operation';
import { unicodeFormOf } from '../../domain/shared/idna';
import { partnerType } from '../shared/partner-type';

/** An operation in a list (`OperationMinimal`), alike on both partner surfaces: `GET /operations/{id}` has the rest. */
export const presentOperationMinimal = (namespace: string, op: ExistingOperation): Record<string, unknown> => ({
  '@type': partnerType(namespace, 'OperationMinimal'),
  id: op.id,
  status: op.status,
  type: op.type,
  ...(op.domain ? { domain: op.domain, unicodeDomain: unicodeFormOf(op.domain) } : {}),
  createdAtTimestamp: op.createdAt,
  lastUpdatedTimestamp: op.updatedAt,
});
