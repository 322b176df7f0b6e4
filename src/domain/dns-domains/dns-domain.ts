import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A DNS name as this service holds it for a reseller account: asked for (while its registration runs), then
 * registered with its expiry. The registry holds the name; this stream holds whose it is here, and what it cost.
 */
export const dnsDomainStream = (name: string): string => `dns-domain-${name}`;

type Of<Data> = MessageData<{ name: string; operationId: string }, Data>;
export type DnsRegistrationRequested = DomainEvent<
  'DnsRegistrationRequested',
  Of<{ accountId: string; years: number; priceCents: number }>
>;
export type DnsDomainRegistered = DomainEvent<
  'DnsDomainRegistered',
  Of<{ accountId: string; createdAt: number; expiresAt: number; sealedAuthorizationCode: string }>
>;
export type DnsRegistrationAbandoned = DomainEvent<'DnsRegistrationAbandoned', Of<unknown>>;
export type DnsDomainEvent = DnsRegistrationRequested | DnsDomainRegistered | DnsRegistrationAbandoned;
export const DNS_DOMAIN_EVENT_TYPES: readonly DnsDomainEvent['type'][] = [
  'DnsRegistrationRequested',
  'DnsDomainRegistered',
  'DnsRegistrationAbandoned',
];

export type RequestDnsRegistration = DomainCommand<'RequestDnsRegistration', DnsRegistrationRequested['data']>;
export type RecordDnsRegistration = DomainCommand<'RecordDnsRegistration', DnsDomainRegistered['data']>;
export type AbandonDnsRegistration = DomainCommand<'AbandonDnsRegistration', DnsRegistrationAbandoned['data']>;
export type DnsDomainCommand = RequestDnsRegistration | RecordDnsRegistration | AbandonDnsRegistration;

export type DnsDomain =
  | Readonly<{ status: 'NONE' }>
  | Readonly<{ status: 'PENDING'; accountId: string; operationId: string; years: number; priceCents: number }>
  | Readonly<{
      status: 'REGISTERED';
      accountId: string;
      operationId: string;
      createdAt: number;
      expiresAt: number;
      sealedAuthorizationCode: string;
    }>;

const evolve = (domain: DnsDomain, event: DnsDomainEvent): DnsDomain => {
  switch (event.type) {
    case 'DnsRegistrationRequested': {
      const { accountId, operationId, years, priceCents } = event.data;
      return { status: 'PENDING', accountId, operationId, years, priceCents };
    }
    case 'DnsDomainRegistered': {
      const { accountId, operationId, createdAt, expiresAt, sealedAuthorizationCode } = event.data;
      return { status: 'REGISTERED', accountId, operationId, createdAt, expiresAt, sealedAuthorizationCode };
    }
    case 'DnsRegistrationAbandoned':
      return { status: 'NONE' };
    default:
      return assertNever(event);
  }
};

/** The registration the operation asked for, or a refusal when the name is held by another one. */
const pendingFor = (domain: DnsDomain, operationId: string) =>
  domain.status === 'PENDING' && domain.operationId === operationId ? domain : undefined;

const decide = (command: DnsDomainCommand, domain: DnsDomain): DnsDomainEvent[] => {
  switch (command.type) {
    case 'RequestDnsRegistration':
      if (domain.status !== 'NONE') throw new Refused('NOT_AVAILABLE', `${command.data.name} is not available`);
      return [{ type: 'DnsRegistrationRequested', data: command.data }];
    case 'RecordDnsRegistration': {
      // recorded twice (a job run again after a crash): nothing new
      if (domain.status === 'REGISTERED' && domain.operationId === command.data.operationId) return [];
      if (!pendingFor(domain, command.data.operationId)) {
        throw new IllegalTransition(`no registration of ${command.data.name} by ${command.data.operationId} runs`);
      }
      return [{ type: 'DnsDomainRegistered', data: command.data }];
    }
    case 'AbandonDnsRegistration':
      return pendingFor(domain, command.data.operationId)
        ? [{ type: 'DnsRegistrationAbandoned', data: command.data }]
        : [];
    default:
      return assertNever(command);
  }
};

export const dnsDomainDecider: Decider<DnsDomainCommand, DnsDomainEvent, DnsDomain> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
