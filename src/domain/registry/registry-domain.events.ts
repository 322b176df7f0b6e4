import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * One name at the sandbox registry, as an EPP registry keeps it: which registrar sponsors it, its dates, statuses,
 * contacts, nameservers and the digest of its authorization code. The stream outlives registrations: a purged name
 * can be created again on the same stream.
 */
export const registryDomainStream = (name: string): string => `registry-domain-${name}`;

/** The statuses a sponsoring registrar sets and clears itself (RFC 5731 §2.3). */
export const CLIENT_STATUSES = [
  'clientDeleteProhibited',
  'clientHold',
  'clientRenewProhibited',
  'clientTransferProhibited',
  'clientUpdateProhibited',
] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** Contact handles by role, as RFC 5731 names them (the registrant, and admin, tech and billing contacts). */
export type DomainContacts = Readonly<{ registrant: string; admin: string; tech: string; billing: string }>;

type Of<Data> = MessageData<{ name: string }, Data>;

/** A DS record the registry publishes in the parent zone (RFC 5910's `secDNS:dsData`). */
export type RegistryDsData = Readonly<{ keyTag: number; algorithm: number; digestType: number; digest: string }>;

export type RegistryDomainCreated = DomainEvent<
  'RegistryDomainCreated',
  Of<{
    sponsor: string;
    expiresAt: number;
    authInfoDigest: string;
    contacts: DomainContacts;
    nameservers: readonly string[];
  }>
>;
export type RegistryDomainRenewed = DomainEvent<'RegistryDomainRenewed', Of<{ expiresAt: number; years: number }>>;
export type RegistryDomainUpdated = DomainEvent<
  'RegistryDomainUpdated',
  Of<{
    clientStatuses: readonly ClientStatus[];
    contacts: DomainContacts;
    nameservers: readonly string[];
    authInfoDigest: string;
    /** Absent in updates recorded before DS records were kept: none. */
    ds?: readonly RegistryDsData[];
  }>
>;
/** Deleted outside the add grace period: the redemption period starts. */
export type RegistryDomainDeleted = DomainEvent<'RegistryDomainDeleted', Of<unknown>>;
export type RegistryDomainRestored = DomainEvent<'RegistryDomainRestored', Of<{ expiresAt: number }>>;
/**
 * The name left the registry and can be created again: deleted within the add grace period (`ADD_GRACE_DELETE`,
 * the registrar is refunded), or at the end of pending delete (`PENDING_DELETE_ENDED`, dated when that happened).
 */
export type RegistryDomainPurged = DomainEvent<
  'RegistryDomainPurged',
  Of<{ reason: 'ADD_GRACE_DELETE' | 'PENDING_DELETE_ENDED' }>
>;
export type RegistryTransferRequested = DomainEvent<
  'RegistryTransferRequested',
  Of<{ gainingSponsor: string; years: number; autoApproveAt: number }>
>;
/** The name moves to the gaining registrar, its validity extended by the years asked; its client statuses end. */
export type RegistryTransferApproved = DomainEvent<
  'RegistryTransferApproved',
  Of<{ sponsor: string; expiresAt: number; automatically: boolean }>
>;
export type RegistryTransferRejected = DomainEvent<'RegistryTransferRejected', Of<unknown>>;

export type RegistryDomainEvent =
  | RegistryDomainCreated
  | RegistryDomainRenewed
  | RegistryDomainUpdated
  | RegistryDomainDeleted
  | RegistryDomainRestored
  | RegistryDomainPurged
  | RegistryTransferRequested
  | RegistryTransferApproved
  | RegistryTransferRejected;

export type CreateRegistryDomain = DomainCommand<
  'CreateRegistryDomain',
  Of<{
    sponsor: string;
    years: number;
    authInfoDigest: string;
    contacts: DomainContacts;
    nameservers: readonly string[];
  }>
>;
/** `currentExpiry` is the expiry date the registrar believes (`YYYY-MM-DD`): a renewal sent twice renews once. */
export type RenewRegistryDomain = DomainCommand<
  'RenewRegistryDomain',
  Of<{ sponsor: string; currentExpiry: string; years: number }>
>;
export type UpdateRegistryDomain = DomainCommand<
  'UpdateRegistryDomain',
  Of<{
    sponsor: string;
    add?: readonly ClientStatus[];
    remove?: readonly ClientStatus[];
    contacts?: Partial<DomainContacts>;
    nameservers?: readonly string[];
    authInfoDigest?: string;
    ds?: readonly RegistryDsData[];
  }>
>;
export type DeleteRegistryDomain = DomainCommand<'DeleteRegistryDomain', Of<{ sponsor: string }>>;
export type RestoreRegistryDomain = DomainCommand<'RestoreRegistryDomain', Of<{ sponsor: string }>>;
export type RequestRegistryTransfer = DomainCommand<
  'RequestRegistryTransfer',
  Of<{ gainingSponsor: string; authInfoDigest: string; years: number }>
>;
/** The losing registrar's answer to a pending transfer. */
export type AnswerRegistryTransfer = DomainCommand<'AnswerRegistryTransfer', Of<{ sponsor: string; approve: boolean }>>;
/** Records what time alone changed (a transfer approved automatically, a name purged); nothing else. */
export type ApplyRegistryTime = DomainCommand<'ApplyRegistryTime', Of<unknown>>;

export type RegistryDomainCommand =
  | CreateRegistryDomain
  | RenewRegistryDomain
  | UpdateRegistryDomain
  | DeleteRegistryDomain
  | RestoreRegistryDomain
  | RequestRegistryTransfer
  | AnswerRegistryTransfer
  | ApplyRegistryTime;
