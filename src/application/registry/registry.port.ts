import { RegistryContactData } from '../../domain/registry/registry-contact';
import { ClientStatus, DomainContacts, RegistryDsData } from '../../domain/registry/registry-domain.events';
import { RegistryPhase, TransferIneligibility } from '../../domain/registry/registry-domain';
import { RegistryTldRules } from '../../domain/registry/registry-tld';

/**
 * Why a name cannot be created: registered by anyone (`REGISTERED`), held back by the registry (`RESERVED`),
 * blocked for a rights holder (`BLOCKED`), under a TLD not yet open (`NOT_LAUNCHED`) or not run by the registry
 * (`UNKNOWN_TLD`).
 */
export type RegistryUnavailability = 'REGISTERED' | 'RESERVED' | 'BLOCKED' | 'NOT_LAUNCHED' | 'UNKNOWN_TLD';

/** EPP `domain:check`, with the registry's premium fee where the name has one (the fee extension, RFC 8748). */
export interface RegistryCheck {
  readonly name: string;
  readonly available: boolean;
  readonly reason: RegistryUnavailability | null;
  /** The registry's own yearly price for a premium name; null for a standard one. */
  readonly premiumCents: number | null;
}

/** EPP `domain:info` as the sponsoring registrar (this service) sees it. */
export interface RegistryDomainInfo {
  readonly name: string;
  /** Whether this service's registrar sponsors the name; another registrar's name shows only its dates and statuses. */
  readonly sponsoredByUs: boolean;
  readonly phase: RegistryPhase;
  readonly statuses: readonly string[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly expiresAt: number;
  /** When the registry purges the name unless it is renewed or restored first (RFC 3915's periods after expiry). */
  readonly purgesAt: number;
  readonly transferredAt: number | null;
  readonly contacts: DomainContacts | null;
  readonly nameservers: readonly string[];
  /** The DS records the registry publishes for the name (RFC 5910). */
  readonly ds: readonly RegistryDsData[];
}

/** EPP `domain:transfer` query: a transfer pending or last decided. */
export interface RegistryTransferInfo {
  readonly name: string;
  readonly status: 'PENDING' | 'CLIENT_APPROVED' | 'CLIENT_REJECTED' | 'SERVER_APPROVED';
  readonly requestedAt: number;
  /** When the transfer is (or was) approved automatically if the losing registrar does not answer. */
  readonly actionAt: number;
  readonly gaining: 'US' | 'OTHER';
}

/** A contact object as EPP creates it (RFC 5733): one postal address, the voice number in E.164 (`+1.5555550100`). */
export type RegistryContact = RegistryContactData;

/**
 * The upstream registry, in the calls of EPP (RFC 5730-5733) made as this service's registrar. The embedded
 * default is the sandbox registry; an adapter that speaks EPP over TLS to a real registry implements the same
 * calls. A refusal is a `RegistryRefused` with its EPP result; a registry that cannot be reached throws anything
 * else, and callers retry. Times are the registry's clock (`now()`), which the sandbox can move forward.
 */
export abstract class Registry {
  /** The registry's time: what its periods (grace, redemption, transfer approval) are measured against. */
  abstract now(): Promise<number>;
  /** The TLDs the registry runs and their policies (periods, IDN, DNSSEC, launch), as its operator publishes them. */
  abstract tlds(): Promise<readonly RegistryTldRules[]>;
  abstract check(names: readonly string[]): Promise<RegistryCheck[]>;
  abstract info(name: string): Promise<RegistryDomainInfo | undefined>;
  /** `info` of each of these names at once (a search's taken names): the names the registry holds, by name. */
  abstract infoOfEach(names: readonly string[]): Promise<ReadonlyMap<string, RegistryDomainInfo>>;
  /** Creates a contact object under `handle` (a contact id of ours); creating the same handle again changes nothing. */
  abstract createContact(handle: string, contact: RegistryContact): Promise<void>;
  abstract create(request: {
    readonly name: string;
    readonly years: number;
    readonly authInfo: string;
    readonly contacts: DomainContacts;
    readonly nameservers: readonly string[];
  }): Promise<RegistryDomainInfo>;
  /** Renews from `currentExpiry` (`YYYY-MM-DD`): a renewal sent again after it took effect is refused, not repeated. */
  abstract renew(request: {
    readonly name: string;
    readonly currentExpiry: string;
    readonly years: number;
  }): Promise<RegistryDomainInfo>;
  abstract update(request: {
    readonly name: string;
    readonly add?: readonly ClientStatus[];
    readonly remove?: readonly ClientStatus[];
    readonly contacts?: Partial<DomainContacts>;
    readonly nameservers?: readonly string[];
    readonly authInfo?: string;
    /** The DS records to publish, replacing those published (RFC 5910's `secDNS:update` with `rem all`). */
    readonly ds?: readonly RegistryDsData[];
  }): Promise<RegistryDomainInfo>;
  /** Deletes the name: at once and refunded within the add grace period, otherwise into redemption. */
  abstract delete(name: string): Promise<{ readonly refunded: boolean }>;
  /** Brings a name back from its redemption period (RFC 3915's restore). */
  abstract restore(name: string): Promise<RegistryDomainInfo>;
  /**
   * Why asking for `name` with `authInfo` would be refused now, every reason at once; none when it would be accepted
   * (EPP's `domain:info` with the code, as registrars check a transfer before asking for it).
   */
  abstract checkTransfer(request: {
    readonly name: string;
    readonly authInfo: string;
  }): Promise<readonly TransferIneligibility[]>;
  /** Asks for another registrar's name with its authorization code. */
  abstract requestTransfer(request: {
    readonly name: string;
    readonly authInfo: string;
    readonly years: number;
  }): Promise<RegistryTransferInfo>;
  abstract queryTransfer(name: string): Promise<RegistryTransferInfo | undefined>;
  /** Answers another registrar's request for one of our names. */
  abstract answerTransfer(name: string, approve: boolean): Promise<RegistryTransferInfo>;
}
