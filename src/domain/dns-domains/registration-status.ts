import { RegistryPhase } from '../registry/registry-domain';

/** `registration.status` of surface D (`decisions.md` §4) for each phase of a name's life at the registry. */
export type DnsRegistrationStatus =
  'REGISTERED' | 'EXPIRED_GRACE_PERIOD' | 'EXPIRED_REDEMPTION_PERIOD' | 'EXPIRED_PENDING_DELETE' | 'INACTIVE';

export const REGISTRATION_STATUS_OF: Readonly<Record<RegistryPhase, DnsRegistrationStatus>> = {
  ACTIVE: 'REGISTERED',
  AUTO_RENEW_GRACE: 'EXPIRED_GRACE_PERIOD',
  REDEMPTION: 'EXPIRED_REDEMPTION_PERIOD',
  PENDING_DELETE: 'EXPIRED_PENDING_DELETE',
  PURGED: 'INACTIVE',
};
