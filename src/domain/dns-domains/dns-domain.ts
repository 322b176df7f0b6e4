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
  /** `sealedTransferCode`: a transfer in, with the name's authorization code sealed for the registry. */
  Of<{ accountId: string; years: number; priceCents: number; sealedTransferCode?: string }>
>;
/** A transfer in was asked of the registry: a job run again waits for the answer instead of asking twice. */
export type DnsTransferRequested = DomainEvent<'DnsTransferRequested', Of<unknown>>;
/** The registry no longer holds the name for this service (purged, or transferred out): it is nobody's here. */
export type DnsDomainReleased = DomainEvent<'DnsDomainReleased', Of<{ reason: 'PURGED' | 'TRANSFERRED_OUT' }>>;
export type DnsDomainRegistered = DomainEvent<
  'DnsDomainRegistered',
  Of<{ accountId: string; createdAt: number; expiresAt: number; sealedAuthorizationCode: string }>
>;
export type DnsRegistrationAbandoned = DomainEvent<'DnsRegistrationAbandoned', Of<unknown>>;
/** The registry's expiry after a renewal (or restoration) by the operation. */
export type DnsDomainRenewed = DomainEvent<'DnsDomainRenewed', Of<{ expiresAt: number }>>;
/** Whether the registrar's directory (WHOIS, RDAP) shows a proxy instead of the registrant; on by default. */
export type DnsWhoisProxySet = DomainEvent<'DnsWhoisProxySet', Of<{ enabled: boolean }>>;
/**
 * The name changed hands here, from one account to another (a marketplace sale, a lease's start or end): the registry
 * still holds it for us, and `operationId` is the operation that handed it over.
 */
export type DnsDomainHandedOver = DomainEvent<
  'DnsDomainHandedOver',
  Of<{ fromAccountId: string; toAccountId: string }>
>;
export type DnsDomainEvent =
  | DnsDomainHandedOver
  | DnsRegistrationRequested
  | DnsDomainRegistered
  | DnsRegistrationAbandoned
  | DnsDomainRenewed
  | DnsWhoisProxySet
  | DnsTransferRequested
  | DnsDomainReleased;
export const DNS_DOMAIN_EVENT_TYPES: readonly DnsDomainEvent['type'][] = [
  'DnsDomainHandedOver',
  'DnsRegistrationRequested',
  'DnsDomainRegistered',
  'DnsRegistrationAbandoned',
  'DnsDomainRenewed',
  'DnsWhoisProxySet',
  'DnsTransferRequested',
  'DnsDomainReleased',
];

export type RequestDnsRegistration = DomainCommand<'RequestDnsRegistration', DnsRegistrationRequested['data']>;
export type RecordDnsRegistration = DomainCommand<'RecordDnsRegistration', DnsDomainRegistered['data']>;
export type AbandonDnsRegistration = DomainCommand<'AbandonDnsRegistration', DnsRegistrationAbandoned['data']>;
export type RecordDnsRenewal = DomainCommand<'RecordDnsRenewal', DnsDomainRenewed['data']>;
export type RecordDnsTransferRequest = DomainCommand<'RecordDnsTransferRequest', DnsTransferRequested['data']>;
export type ReleaseDnsDomain = DomainCommand<'ReleaseDnsDomain', DnsDomainReleased['data']>;
export type SetDnsWhoisProxy = DomainCommand<'SetDnsWhoisProxy', DnsWhoisProxySet['data']>;
export type HandOverDnsDomain = DomainCommand<'HandOverDnsDomain', DnsDomainHandedOver['data']>;
export type DnsDomainCommand =
  | HandOverDnsDomain
  | RequestDnsRegistration
  | RecordDnsRegistration
  | AbandonDnsRegistration
  | RecordDnsRenewal
  | SetDnsWhoisProxy
  | RecordDnsTransferRequest
  | ReleaseDnsDomain;

export type DnsDomain =
  | Readonly<{ status: 'NONE' }>
  | Readonly<{
      status: 'PENDING';
      accountId: string;
      operationId: string;
      years: number;
      priceCents: number;
      /** Of a transfer in: the sealed authorization code, and when the registry was asked (null: not yet). */
      transfer: Readonly<{ sealedCode: string; requestedAt: number | null }> | null;
    }>
  | Readonly<{
      status: 'REGISTERED';
      accountId: string;
      operationId: string;
      createdAt: number;
      expiresAt: number;
      sealedAuthorizationCode: string;
      whoisProxy: boolean;
    }>;

const evolve = (domain: DnsDomain, event: DnsDomainEvent): DnsDomain => {
  switch (event.type) {
    case 'DnsRegistrationRequested': {
      const { accountId, operationId, years, priceCents, sealedTransferCode } = event.data;
      const transfer = sealedTransferCode === undefined ? null : { sealedCode: sealedTransferCode, requestedAt: null };
      return { status: 'PENDING', accountId, operationId, years, priceCents, transfer };
    }
    case 'DnsDomainRegistered': {
      const { accountId, operationId, createdAt, expiresAt, sealedAuthorizationCode } = event.data;
      const registered = { accountId, operationId, createdAt, expiresAt, sealedAuthorizationCode };
      return { status: 'REGISTERED', ...registered, whoisProxy: true };
    }
    case 'DnsRegistrationAbandoned':
      return { status: 'NONE' };
    case 'DnsDomainRenewed':
      return domain.status === 'REGISTERED' ? { ...domain, expiresAt: event.data.expiresAt } : domain;
    case 'DnsWhoisProxySet':
      return domain.status === 'REGISTERED' ? { ...domain, whoisProxy: event.data.enabled } : domain;
    case 'DnsTransferRequested':
      return domain.status === 'PENDING' && domain.transfer
        ? { ...domain, transfer: { ...domain.transfer, requestedAt: event.data.at } }
        : domain;
    case 'DnsDomainReleased':
      return { status: 'NONE' };
    case 'DnsDomainHandedOver':
      return domain.status === 'REGISTERED'
        ? { ...domain, accountId: event.data.toAccountId, operationId: event.data.operationId }
        : domain;
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
    case 'RecordDnsRenewal':
      if (domain.status !== 'REGISTERED') throw new IllegalTransition(`${command.data.name} is not registered here`);
      // recorded twice (a job run again): nothing new
      return domain.expiresAt === command.data.expiresAt ? [] : [{ type: 'DnsDomainRenewed', data: command.data }];
    case 'RecordDnsTransferRequest': {
      const pending = pendingFor(domain, command.data.operationId);
      if (!pending?.transfer) throw new IllegalTransition(`no transfer of ${command.data.name} by this operation runs`);
      return pending.transfer.requestedAt !== null ? [] : [{ type: 'DnsTransferRequested', data: command.data }];
    }
    case 'ReleaseDnsDomain':
      return domain.status === 'REGISTERED' ? [{ type: 'DnsDomainReleased', data: command.data }] : [];
    case 'HandOverDnsDomain': {
      const { name, fromAccountId, toAccountId, operationId } = command.data;
      // handed over twice (a finisher run again): nothing new
      if (domain.status === 'REGISTERED' && domain.accountId === toAccountId && domain.operationId === operationId)
        return [];
      if (domain.status !== 'REGISTERED' || domain.accountId !== fromAccountId)
        throw new IllegalTransition(`${name} is not held by the account handing it over`);
      return [{ type: 'DnsDomainHandedOver', data: command.data }];
    }
    case 'SetDnsWhoisProxy':
      if (domain.status !== 'REGISTERED') throw new IllegalTransition(`${command.data.name} is not registered here`);
      return domain.whoisProxy === command.data.enabled ? [] : [{ type: 'DnsWhoisProxySet', data: command.data }];
    default:
      return assertNever(command);
  }
};

export const dnsDomainDecider: Decider<DnsDomainCommand, DnsDomainEvent, DnsDomain> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
