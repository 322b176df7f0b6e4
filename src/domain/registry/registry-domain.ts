import { assertNever } from '../shared/assert-never';
import {
  ClientStatus,
  DomainContacts,
  RegistryDomainEvent,
  RegistryDomainPurged,
  RegistryDsData,
  RegistryTransferApproved,
} from './registry-domain.events';
import {
  ADD_GRACE_MS,
  addYears,
  AUTO_RENEW_GRACE_MS,
  PENDING_DELETE_MS,
  REDEMPTION_MS,
  TRANSFER_LOCK_MS,
} from './registry-periods';

export type PendingTransfer = Readonly<{
  gainingSponsor: string;
  years: number;
  requestedAt: number;
  autoApproveAt: number;
}>;

export type RegisteredName = Readonly<{
  status: 'REGISTERED';
  sponsor: string;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  /** When the name last changed registrar; null if it never did. */
  transferredAt: number | null;
  /** Set by a deletion outside the add grace period: the redemption period starts then. */
  deletedAt: number | null;
  clientStatuses: readonly ClientStatus[];
  contacts: DomainContacts;
  nameservers: readonly string[];
  /** The DS records of the name's signing key, published in the TLD's zone. */
  ds: readonly RegistryDsData[];
  authInfoDigest: string;
  transfer: PendingTransfer | null;
}>;

/** `NONE`: never registered, or purged since. */
export type RegistryDomain = Readonly<{ status: 'NONE' }> | RegisteredName;

/**
 * Where a registered name is in its life cycle at a moment. Time alone moves a name along: `ACTIVE` until it
 * expires, `AUTO_RENEW_GRACE` for 45 days (still renewable), then `REDEMPTION` for 30 days (only a restore brings it
 * back; a deletion starts this period at once), `PENDING_DELETE` for 5 days, then `PURGED` (free again).
 */
export type RegistryPhase = 'ACTIVE' | 'AUTO_RENEW_GRACE' | 'REDEMPTION' | 'PENDING_DELETE' | 'PURGED';

const redemptionStartOf = (name: RegisteredName): number => name.deletedAt ?? name.expiresAt + AUTO_RENEW_GRACE_MS;

/** When a registered name is purged, if nothing brings it back before. */
export const purgeAtOf = (name: RegisteredName): number => redemptionStartOf(name) + REDEMPTION_MS + PENDING_DELETE_MS;

export const phaseAt = (name: RegisteredName, now: number): RegistryPhase => {
  const redemptionStart = redemptionStartOf(name);
  if (now < redemptionStart) return now < name.expiresAt ? 'ACTIVE' : 'AUTO_RENEW_GRACE';
  if (now < redemptionStart + REDEMPTION_MS) return 'REDEMPTION';
  return now < purgeAtOf(name) ? 'PENDING_DELETE' : 'PURGED';
};

/** The name registered in some phase, or undefined; `domain` is the name as of now (see `asOf`). */
export const registeredOf = (domain: RegistryDomain): RegisteredName | undefined =>
  domain.status === 'REGISTERED' ? domain : undefined;

/**
 * Whether the name is within the add grace period, where a deletion is refunded (a deletion after it sets
 * `deletedAt`, so a deleted name is never in it).
 */
export const inAddGrace = (name: RegisteredName, now: number): boolean => now < name.createdAt + ADD_GRACE_MS;

/** Whether the phase still lets the sponsor change, renew, delete or transfer the name. */
export const isLive = (phase: RegistryPhase): boolean => phase === 'ACTIVE' || phase === 'AUTO_RENEW_GRACE';

/**
 * The EPP statuses of a registered name as of `now` (RFC 5731 §2.3, and RFC 3915's grace periods): the client
 * statuses first, `ok` when nothing applies, `inactive` without nameservers.
 */
export const eppStatusesAt = (name: RegisteredName, now: number): string[] => {
  const phase = phaseAt(name, now);
  const statuses: string[] = [...name.clientStatuses];
  if (name.nameservers.length === 0) statuses.push('inactive');
  if (name.transfer) statuses.push('pendingTransfer');
  if (phase === 'REDEMPTION' || phase === 'PENDING_DELETE') statuses.push('pendingDelete');
  if (inAddGrace(name, now)) statuses.push('addPeriod');
  if (phase === 'AUTO_RENEW_GRACE') statuses.push('autoRenewPeriod');
  if (phase === 'REDEMPTION') statuses.push('redemptionPeriod');
  return statuses.length > 0 ? statuses : ['ok'];
};

/** Why a transfer to `gainingSponsor` cannot start now, each reason once; none when it can. */
export type TransferIneligibility =
  | 'NOT_REGISTERED'
  | 'SAME_REGISTRAR'
  | 'TRANSFER_PROHIBITED'
  | 'PENDING_TRANSFER'
  | 'PENDING_DELETE'
  | 'RECENTLY_REGISTERED'
  | 'RECENTLY_TRANSFERRED'
  | 'INVALID_AUTHORIZATION_CODE';

/** `domain` is the name as of `now` (see `asOf`). */
export const transferIneligibilityAt = (
  domain: RegistryDomain,
  request: { readonly gainingSponsor: string; readonly authInfoDigest: string },
  now: number,
): TransferIneligibility[] => {
  const name = registeredOf(domain);
  if (!name) return ['NOT_REGISTERED'];
  const reasons: TransferIneligibility[] = [];
  if (name.sponsor === request.gainingSponsor) reasons.push('SAME_REGISTRAR');
  if (name.clientStatuses.includes('clientTransferProhibited')) reasons.push('TRANSFER_PROHIBITED');
  if (name.transfer) reasons.push('PENDING_TRANSFER');
  if (!isLive(phaseAt(name, now))) reasons.push('PENDING_DELETE');
  if (now < name.createdAt + TRANSFER_LOCK_MS) reasons.push('RECENTLY_REGISTERED');
  if (name.transferredAt !== null && now < name.transferredAt + TRANSFER_LOCK_MS) reasons.push('RECENTLY_TRANSFERRED');
  if (name.authInfoDigest !== request.authInfoDigest) reasons.push('INVALID_AUTHORIZATION_CODE');
  return reasons;
};

/**
 * What time alone has done to the name by `now` and is not recorded yet, dated when it happened: a transfer the
 * losing registrar left unanswered is approved, and a name past pending delete is purged.
 */
export const dueEventsAt = (domain: RegistryDomain, name: string, now: number): RegistryDomainEvent[] => {
  if (domain.status === 'NONE') return [];
  const transfer = domain.transfer;
  if (transfer && transfer.autoApproveAt <= now) {
    // approved first: the years it adds may keep the name from being purged
    const approved: RegistryTransferApproved = {
      type: 'RegistryTransferApproved',
      data: {
        name,
        sponsor: transfer.gainingSponsor,
        expiresAt: addYears(domain.expiresAt, transfer.years),
        automatically: true,
        at: transfer.autoApproveAt,
      },
    };
    return [approved, ...dueEventsAt(evolve(domain, approved), name, now)];
  }
  const purgeAt = purgeAtOf(domain);
  if (purgeAt > now) return [];
  const purged: RegistryDomainPurged = {
    type: 'RegistryDomainPurged',
    data: { name, reason: 'PENDING_DELETE_ENDED', at: purgeAt },
  };
  return [purged];
};

/**
 * The name as it stands at `now`: what time alone did since its last event applied. A registry answers every
 * question about a name as of now, and decides every command on it.
 */
export const asOf = (domain: RegistryDomain, name: string, now: number): RegistryDomain =>
  dueEventsAt(domain, name, now).reduce(evolve, domain);

const registered = (domain: RegistryDomain): RegisteredName => {
  if (domain.status === 'NONE') throw new Error('registry event for a name that is not registered');
  return domain;
};

export const evolve = (domain: RegistryDomain, event: RegistryDomainEvent): RegistryDomain => {
  switch (event.type) {
    case 'RegistryDomainCreated':
      return {
        status: 'REGISTERED',
        sponsor: event.data.sponsor,
        createdAt: event.data.at,
        updatedAt: event.data.at,
        expiresAt: event.data.expiresAt,
        transferredAt: null,
        deletedAt: null,
        clientStatuses: [],
        contacts: event.data.contacts,
        nameservers: event.data.nameservers,
        ds: [],
        authInfoDigest: event.data.authInfoDigest,
        transfer: null,
      };
    case 'RegistryDomainRenewed':
      return { ...registered(domain), expiresAt: event.data.expiresAt, updatedAt: event.data.at };
    case 'RegistryDomainUpdated': {
      const { clientStatuses, contacts, nameservers, authInfoDigest, ds = [], at } = event.data;
      return { ...registered(domain), clientStatuses, contacts, nameservers, ds, authInfoDigest, updatedAt: at };
    }
    case 'RegistryDomainDeleted':
      return { ...registered(domain), deletedAt: event.data.at, transfer: null, updatedAt: event.data.at };
    case 'RegistryDomainRestored':
      return { ...registered(domain), deletedAt: null, expiresAt: event.data.expiresAt, updatedAt: event.data.at };
    case 'RegistryDomainPurged':
      return { status: 'NONE' };
    case 'RegistryTransferRequested': {
      const { gainingSponsor, years, autoApproveAt, at } = event.data;
      return { ...registered(domain), transfer: { gainingSponsor, years, requestedAt: at, autoApproveAt } };
    }
    case 'RegistryTransferApproved':
      return {
        ...registered(domain),
        sponsor: event.data.sponsor,
        expiresAt: event.data.expiresAt,
        transferredAt: event.data.at,
        clientStatuses: [],
        transfer: null,
        updatedAt: event.data.at,
      };
    case 'RegistryTransferRejected':
      return { ...registered(domain), transfer: null, updatedAt: event.data.at };
    default:
      return assertNever(event);
  }
};
