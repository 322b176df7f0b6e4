import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import {
  AnswerRegistryTransfer,
  CLIENT_STATUSES,
  ClientStatus,
  CreateRegistryDomain,
  DeleteRegistryDomain,
  RegistryDomainCommand,
  RegistryDomainEvent,
  RenewRegistryDomain,
  RequestRegistryTransfer,
  RestoreRegistryDomain,
  UpdateRegistryDomain,
} from './registry-domain.events';
import {
  dueEventsAt,
  evolve,
  inAddGrace,
  isLive,
  phaseAt,
  RegisteredName,
  registeredOf,
  RegistryDomain,
  TransferIneligibility,
  transferIneligibilityAt,
} from './registry-domain';
import { addYears, calendarDateOf, MAX_VALIDITY_YEARS, TRANSFER_AUTO_APPROVE_MS } from './registry-periods';
import { EppResult, RegistryRefused } from './registry-refusal';

const refuse = (result: EppResult, message: string): never => {
  throw new RegistryRefused(result, message);
};

const assertYears = (years: number): void => {
  if (!Number.isInteger(years) || years < 1 || years > MAX_VALIDITY_YEARS) {
    refuse('PARAMETER_VALUE_RANGE', `a period is 1 to ${MAX_VALIDITY_YEARS} years, not ${years}`);
  }
};

/** The registered name, if `sponsor` sponsors it. */
const sponsoredBy = (domain: RegistryDomain, name: string, sponsor: string): RegisteredName => {
  const held = registeredOf(domain) ?? refuse('OBJECT_DOES_NOT_EXIST', `${name} is not registered`);
  // another registrar's name is refused as such, never with what that registrar set on it
  if (held.sponsor !== sponsor) refuse('AUTHORIZATION_ERROR', `${name} is sponsored by another registrar`);
  return held;
};

/** The name as its sponsor may act on it now: registered, sponsored by `sponsor`, and not in redemption or after. */
const sponsoredLive = (domain: RegistryDomain, name: string, sponsor: string, now: number): RegisteredName => {
  const held = sponsoredBy(domain, name, sponsor);
  if (!isLive(phaseAt(held, now))) {
    refuse('OBJECT_STATUS_PROHIBITS_OPERATION', `${name} is ${phaseAt(held, now).toLowerCase().replace(/_/g, ' ')}`);
  }
  return held;
};

const prohibitedBy = (held: RegisteredName, status: ClientStatus, name: string, what: string): void => {
  if (held.clientStatuses.includes(status)) {
    refuse('OBJECT_STATUS_PROHIBITS_OPERATION', `${name} has ${status}: no ${what}`);
  }
};

// a transfer past its approval time was approved by the due events `decide` applied first
const pendingTransferOf = (held: RegisteredName, name: string, what: string): void => {
  if (held.transfer) {
    refuse('OBJECT_PENDING_TRANSFER', `${name} has a pending transfer: no ${what}`);
  }
};

const create = (domain: RegistryDomain, data: CreateRegistryDomain['data']): RegistryDomainEvent[] => {
  const { years, ...created } = data;
  assertYears(years);
  if (registeredOf(domain)) refuse('OBJECT_EXISTS', `${data.name} is registered`);
  return [{ type: 'RegistryDomainCreated', data: { ...created, expiresAt: addYears(data.at, years) } }];
};

const renew = (domain: RegistryDomain, data: RenewRegistryDomain['data']): RegistryDomainEvent[] => {
  const { name, years, at } = data;
  assertYears(years);
  const held = sponsoredLive(domain, name, data.sponsor, at);
  prohibitedBy(held, 'clientRenewProhibited', name, 'renewal');
  pendingTransferOf(held, name, 'renewal');
  const expiry = calendarDateOf(held.expiresAt);
  if (data.currentExpiry !== expiry) {
    // the renewal already happened (a retry) or was decided on stale data: renewing again would renew twice
    refuse('PARAMETER_VALUE_POLICY', `${name} expires on ${expiry}, not ${data.currentExpiry}`);
  }
  const expiresAt = addYears(held.expiresAt, years);
  if (expiresAt > addYears(at, MAX_VALIDITY_YEARS)) {
    refuse('PARAMETER_VALUE_POLICY', `${name} cannot be registered more than ${MAX_VALIDITY_YEARS} years ahead`);
  }
  return [{ type: 'RegistryDomainRenewed', data: { name, expiresAt, years, at } }];
};

const update = (domain: RegistryDomain, data: UpdateRegistryDomain['data']): RegistryDomainEvent[] => {
  const { name, at } = data;
  const held = sponsoredLive(domain, name, data.sponsor, at);
  // in one order (CLIENT_STATUSES'), whatever order they were asked in
  const clientStatuses = CLIENT_STATUSES.filter(
    (status) => data.add?.includes(status) || (held.clientStatuses.includes(status) && !data.remove?.includes(status)),
  );
  const contacts = { ...held.contacts, ...data.contacts };
  const nameservers = data.nameservers ?? held.nameservers;
  const authInfoDigest = data.authInfoDigest ?? held.authInfoDigest;
  const ds = data.ds ?? held.ds;
  const changesMoreThanStatuses =
    JSON.stringify(contacts) !== JSON.stringify(held.contacts) ||
    nameservers.join() !== held.nameservers.join() ||
    JSON.stringify(ds) !== JSON.stringify(held.ds) ||
    authInfoDigest !== held.authInfoDigest;
  // while clientUpdateProhibited holds, the one update allowed is the one that lifts it (RFC 5731 §2.3)
  if (changesMoreThanStatuses && clientStatuses.includes('clientUpdateProhibited')) {
    refuse('OBJECT_STATUS_PROHIBITS_OPERATION', `${name} has clientUpdateProhibited: no update`);
  }
  if (!changesMoreThanStatuses && clientStatuses.join() === held.clientStatuses.join()) return [];
  return [
    {
      type: 'RegistryDomainUpdated',
      data: { name, clientStatuses, contacts, nameservers, authInfoDigest, ds, at },
    },
  ];
};

const remove = (domain: RegistryDomain, data: DeleteRegistryDomain['data']): RegistryDomainEvent[] => {
  const { name, at } = data;
  const held = sponsoredLive(domain, name, data.sponsor, at);
  prohibitedBy(held, 'clientDeleteProhibited', name, 'deletion');
  pendingTransferOf(held, name, 'deletion');
  if (inAddGrace(held, at)) return [{ type: 'RegistryDomainPurged', data: { name, reason: 'ADD_GRACE_DELETE', at } }];
  return [{ type: 'RegistryDomainDeleted', data: { name, at } }];
};

const restore = (domain: RegistryDomain, data: RestoreRegistryDomain['data']): RegistryDomainEvent[] => {
  const { name, at } = data;
  const held = sponsoredBy(domain, name, data.sponsor);
  if (phaseAt(held, at) !== 'REDEMPTION') {
    refuse('OBJECT_STATUS_PROHIBITS_OPERATION', `${name} can be restored only in its redemption period`);
  }
  // a name restored after its expiry comes back renewed for a year, as registries restore with a renewal
  const expiresAt = held.expiresAt > at ? held.expiresAt : addYears(held.expiresAt, 1);
  return [{ type: 'RegistryDomainRestored', data: { name, expiresAt, at } }];
};

/** The EPP refusal of the first reason a transfer cannot start. */
const TRANSFER_REFUSALS: Readonly<Record<TransferIneligibility, EppResult>> = {
  NOT_REGISTERED: 'OBJECT_DOES_NOT_EXIST',
  SAME_REGISTRAR: 'OBJECT_NOT_ELIGIBLE_FOR_TRANSFER',
  TRANSFER_PROHIBITED: 'OBJECT_STATUS_PROHIBITS_OPERATION',
  PENDING_TRANSFER: 'OBJECT_PENDING_TRANSFER',
  PENDING_DELETE: 'OBJECT_STATUS_PROHIBITS_OPERATION',
  RECENTLY_REGISTERED: 'OBJECT_NOT_ELIGIBLE_FOR_TRANSFER',
  RECENTLY_TRANSFERRED: 'OBJECT_NOT_ELIGIBLE_FOR_TRANSFER',
  INVALID_AUTHORIZATION_CODE: 'INVALID_AUTHORIZATION_INFO',
};

const requestTransfer = (domain: RegistryDomain, data: RequestRegistryTransfer['data']): RegistryDomainEvent[] => {
  const { name, gainingSponsor, years, at } = data;
  assertYears(years);
  const [reason] = transferIneligibilityAt(domain, data, at);
  if (reason) refuse(TRANSFER_REFUSALS[reason], `${name} cannot be transferred: ${reason}`);
  return [
    {
      type: 'RegistryTransferRequested',
      data: { name, gainingSponsor, years, autoApproveAt: at + TRANSFER_AUTO_APPROVE_MS, at },
    },
  ];
};

const answerTransfer = (domain: RegistryDomain, data: AnswerRegistryTransfer['data']): RegistryDomainEvent[] => {
  const { name, at } = data;
  const held = sponsoredBy(domain, name, data.sponsor);
  const transfer = held.transfer ?? refuse('OBJECT_NOT_PENDING_TRANSFER', `${name} has no pending transfer`);
  if (!data.approve) return [{ type: 'RegistryTransferRejected', data: { name, at } }];
  const expiresAt = addYears(held.expiresAt, transfer.years);
  return [
    {
      type: 'RegistryTransferApproved',
      data: { name, sponsor: transfer.gainingSponsor, expiresAt, automatically: false, at },
    },
  ];
};

const decideNow = (command: RegistryDomainCommand, domain: RegistryDomain): RegistryDomainEvent[] => {
  switch (command.type) {
    case 'CreateRegistryDomain':
      return create(domain, command.data);
    case 'RenewRegistryDomain':
      return renew(domain, command.data);
    case 'UpdateRegistryDomain':
      return update(domain, command.data);
    case 'DeleteRegistryDomain':
      return remove(domain, command.data);
    case 'RestoreRegistryDomain':
      return restore(domain, command.data);
    case 'RequestRegistryTransfer':
      return requestTransfer(domain, command.data);
    case 'AnswerRegistryTransfer':
      return answerTransfer(domain, command.data);
    case 'ApplyRegistryTime':
      return [];
    default:
      return assertNever(command);
  }
};

/**
 * Every command first records what time has done since the last event (a transfer approved automatically, a
 * purge), then is decided on the name as it stands at the command's time.
 */
const decide = (command: RegistryDomainCommand, domain: RegistryDomain): RegistryDomainEvent[] => {
  const due = dueEventsAt(domain, command.data.name, command.data.at);
  return [...due, ...decideNow(command, due.reduce(evolve, domain))];
};

export const registryDomainDecider: Decider<RegistryDomainCommand, RegistryDomainEvent, RegistryDomain> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
