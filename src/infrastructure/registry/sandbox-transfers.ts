import { RegistryTransferInfo } from '../../application/registry/registry.port';
import { registeredOf } from '../../domain/registry/registry-domain';
import { RegistryDomainEvent } from '../../domain/registry/registry-domain.events';
import { registryDomainDecider } from '../../domain/registry/registry-domain.decider';
import { fold } from '../../domain/shared/decider';

type TransferRequested = Extract<RegistryDomainEvent, { type: 'RegistryTransferRequested' }>;

/**
 * EPP's transfer query over a name's history (what time did since included): the last transfer asked for, and how
 * it was answered. Only the two registrars of a transfer see it.
 */
export const lastTransferOf = (
  name: string,
  history: readonly RegistryDomainEvent[],
  registrar: string,
): RegistryTransferInfo | undefined => {
  const last = history.findLastIndex((event) => event.type === 'RegistryTransferRequested');
  if (last < 0) return undefined;
  const requested = history[last] as TransferRequested;
  const gaining = requested.data.gainingSponsor === registrar ? 'US' : 'OTHER';
  const losing = registeredOf(fold(registryDomainDecider, history.slice(0, last)))?.sponsor;
  if (gaining === 'OTHER' && losing !== registrar) return undefined;
  const base = { name, requestedAt: requested.data.at, gaining } as const;
  const answer = history.slice(last + 1).find((event) => event.type.startsWith('RegistryTransfer'));
  if (!answer) return { ...base, status: 'PENDING', actionAt: requested.data.autoApproveAt };
  const status =
    answer.type === 'RegistryTransferRejected'
      ? 'CLIENT_REJECTED'
      : answer.type === 'RegistryTransferApproved' && answer.data.automatically
        ? 'SERVER_APPROVED'
        : 'CLIENT_APPROVED';
  return { ...base, status, actionAt: answer.data.at };
};
