import { DomainActivity } from '../operations/domain-activity';
import { Operation } from '../operations/operation';
import { OperationRequestDecision, requestOperation } from '../operations/operation-request';
import { DnsFlag, DnsFlagState, flagChangeOf, FlagStatus } from './dns-flags';

export interface FlagsRequest {
  readonly accountId: string;
  readonly operationId: string;
  readonly dependencyId: string;
  readonly at: number;
  readonly preview: boolean;
  readonly name: string;
  readonly asked: Readonly<Partial<Record<DnsFlag, FlagStatus>>>;
}

/**
 * `PATCH /domains/{name}/flags` changes the flags asked for in one `DOMAIN_FLAGS_UPDATE` operation: one
 * `DOMAIN_FLAG_LOCK_UPDATE` dependency carrying the client statuses to add and remove at the registry and the WHOIS
 * proxy setting. Refused for a read-only flag or a change to nothing (see `flagChangeOf`).
 */
export const decideFlagsUpdate = (
  request: FlagsRequest,
  flags: Readonly<Record<DnsFlag, DnsFlagState>>,
  states: { readonly operation: Operation; readonly activity: DomainActivity },
): OperationRequestDecision => {
  const change = flagChangeOf(flags, request.asked);
  return requestOperation(
    {
      operationId: request.operationId,
      accountId: request.accountId,
      surface: 'reseller',
      type: 'DOMAIN_FLAGS_UPDATE',
      domain: request.name,
      preview: request.preview,
      validUntil: null,
      dependencies: [{ id: request.dependencyId, type: 'DOMAIN_FLAG_LOCK_UPDATE', parameters: { ...change } }],
      at: request.at,
    },
    states.operation,
    states.activity,
  );
};
