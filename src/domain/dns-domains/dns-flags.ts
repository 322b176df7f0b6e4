import { RegistryPhase } from '../registry/registry-domain';
import { ClientStatus } from '../registry/registry-domain.events';
import { TRANSFER_LOCK_MS } from '../registry/registry-periods';
import { Refused } from '../shared/errors';

/** The flags of a DNS name on surface D (`interface-spec.md` Surface D). */
export const DNS_FLAGS = [
  'DNS_RESOLUTION',
  'DNS_TRANSFER_OUT',
  'DNS_DELETE',
  'DNS_RENEW',
  'DNS_UPDATE',
  'DNS_WHOIS_PROXY',
] as const;
export type DnsFlag = (typeof DNS_FLAGS)[number];
export type FlagStatus = 'ENABLED' | 'DISABLED';

/**
 * Each flag but the WHOIS proxy is the absence of a client status at the registry (RFC 5731 §2.3): resolution is
 * on without `clientHold`, transfers out are allowed without `clientTransferProhibited`, and so on. The WHOIS
 * proxy is this service's own setting (what the registrar's directory shows), not the registry's.
 */
export const CLIENT_STATUS_OF: Readonly<Record<Exclude<DnsFlag, 'DNS_WHOIS_PROXY'>, ClientStatus>> = {
  DNS_RESOLUTION: 'clientHold',
  DNS_TRANSFER_OUT: 'clientTransferProhibited',
  DNS_DELETE: 'clientDeleteProhibited',
  DNS_RENEW: 'clientRenewProhibited',
  DNS_UPDATE: 'clientUpdateProhibited',
};

/** Why a flag cannot be changed now. */
export interface ReadonlyReason {
  readonly code: 'PENDING_DELETE' | 'PENDING_TRANSFER' | 'TRANSFER_LOCK';
  readonly message: string;
  /** When the reason ends, where it ends by itself (the 60-day transfer lock). */
  readonly untilTimestamp?: number;
}

export interface DnsFlagState {
  readonly status: FlagStatus;
  readonly readonlyReasons: readonly ReadonlyReason[];
}

/** What the flags of a name follow from: the registry's record of it now, and the WHOIS proxy setting. */
export interface FlagFacts {
  readonly statuses: readonly string[];
  readonly phase: RegistryPhase;
  readonly createdAt: number;
  readonly transferredAt: number | null;
  readonly whoisProxy: boolean;
  readonly now: number;
}

/**
 * The flags of a name now. Every flag is read-only while the name is past its term and grace (pending delete) or
 * a transfer is pending; `DNS_TRANSFER_OUT` also for 60 days after a registration or transfer (ICANN's transfer
 * policy), when the registry would refuse the transfer anyway.
 */
export const dnsFlagsOf = (facts: FlagFacts): Readonly<Record<DnsFlag, DnsFlagState>> => {
  const shared: ReadonlyReason[] = [];
  if (facts.phase !== 'ACTIVE' && facts.phase !== 'AUTO_RENEW_GRACE') {
    shared.push({ code: 'PENDING_DELETE', message: 'the name is past its grace period: only a renewal restores it' });
  }
  if (facts.statuses.includes('pendingTransfer')) {
    shared.push({ code: 'PENDING_TRANSFER', message: 'a transfer of the name is pending' });
  }
  const lockedUntil = Math.max(facts.createdAt, facts.transferredAt ?? 0) + TRANSFER_LOCK_MS;
  const transferLock: ReadonlyReason[] =
    facts.now < lockedUntil
      ? [
          {
            code: 'TRANSFER_LOCK',
            message: 'no transfer within 60 days of a registration or transfer',
            untilTimestamp: lockedUntil,
          },
        ]
      : [];
  const registryFlag = (flag: Exclude<DnsFlag, 'DNS_WHOIS_PROXY'>, extra: ReadonlyReason[] = []): DnsFlagState => ({
    status: facts.statuses.includes(CLIENT_STATUS_OF[flag]) ? 'DISABLED' : 'ENABLED',
    readonlyReasons: [...shared, ...extra],
  });
  return {
    DNS_RESOLUTION: registryFlag('DNS_RESOLUTION'),
    DNS_TRANSFER_OUT: registryFlag('DNS_TRANSFER_OUT', transferLock),
    DNS_DELETE: registryFlag('DNS_DELETE'),
    DNS_RENEW: registryFlag('DNS_RENEW'),
    DNS_UPDATE: registryFlag('DNS_UPDATE'),
    DNS_WHOIS_PROXY: { status: facts.whoisProxy ? 'ENABLED' : 'DISABLED', readonlyReasons: shared },
  };
};

/**
 * A flag change as its `DOMAIN_FLAG_LOCK_UPDATE` dependency carries it (the reference's `locks`): each flag changed,
 * `true` when it is turned off (locked), `false` when it is turned on.
 */
export type FlagLocks = Readonly<Partial<Record<DnsFlag, boolean>>>;

/**
 * The change that brings the flags to what was asked; null when they have it already. Refused when a flag asked to
 * change is read-only (`VALIDATION`, naming each such flag and why).
 */
export const flagChangeOf = (
  flags: Readonly<Record<DnsFlag, DnsFlagState>>,
  asked: Readonly<Partial<Record<DnsFlag, FlagStatus>>>,
): FlagLocks | null => {
  const changed = DNS_FLAGS.filter((flag) => asked[flag] !== undefined && asked[flag] !== flags[flag].status);
  const locked = changed.filter((flag) => flags[flag].readonlyReasons.length > 0);
  if (locked.length > 0) {
    const why = (flag: DnsFlag) => flags[flag].readonlyReasons.map((reason) => reason.message).join(', ');
    throw new Refused('VALIDATION', locked.map((flag) => `${flag} is read-only now (${why(flag)})`).join('; '), {
      readonly: locked,
    });
  }
  return changed.length === 0 ? null : Object.fromEntries(changed.map((flag) => [flag, asked[flag] === 'DISABLED']));
};

/** What locks ask of the registry (client statuses to add and remove) and of the WHOIS proxy. */
export const registryChangeOf = (
  locks: FlagLocks,
): { add: ClientStatus[]; remove: ClientStatus[]; whoisProxy?: boolean } => {
  const statusesWhere = (lock: boolean) =>
    DNS_FLAGS.flatMap((flag) => (flag !== 'DNS_WHOIS_PROXY' && locks[flag] === lock ? [CLIENT_STATUS_OF[flag]] : []));
  return {
    // a flag turned off is a client status added
    add: statusesWhere(true),
    remove: statusesWhere(false),
    ...(locks.DNS_WHOIS_PROXY === undefined ? {} : { whoisProxy: !locks.DNS_WHOIS_PROXY }),
  };
};

/**
 * The locks a registration (or transfer in) sets on its new name for the flags asked: a new name starts with every
 * flag on but `DNS_TRANSFER_OUT`, which the 60-day lock keeps off (VALIDATION when asked on). Null: nothing to set.
 */
export const newNameLocksOf = (asked: Readonly<Partial<Record<DnsFlag, FlagStatus>>>, at: number): FlagLocks | null =>
  flagChangeOf(
    dnsFlagsOf({
      statuses: ['clientTransferProhibited'],
      phase: 'ACTIVE',
      createdAt: at,
      transferredAt: null,
      whoisProxy: true,
      now: at,
    }),
    asked,
  );
