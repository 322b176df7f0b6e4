import { Projection } from '../../application/shared/projection';
import { DNS_DOMAIN_EVENT_TYPES, DnsDomainEvent } from '../../domain/dns-domains/dns-domain';

/** One of a reseller's names, for its list of registrations. */
export interface ResellerDomainRow {
  readonly name: string;
  readonly accountId: string;
  /** While its operation runs, how the name is coming (created, or transferred in); then registered. */
  readonly status: 'REGISTRATION_PROCESSING' | 'TRANSFER_INBOUND_PROCESSING' | 'REGISTERED';
  /** When it was asked for: the list's order. */
  readonly requestedAt: number;
  readonly expiresAt: number | null;
}

/**
 * The account's names from their streams: asked for, registered, renewed; a registration abandoned or a name the
 * registry gave out again (purged, transferred out) leaves the list.
 */
export const resellerDomains: Projection<ResellerDomainRow, DnsDomainEvent> = {
  name: 'reseller-domains',
  version: 2, // 2: names changing hands
  handles: DNS_DOMAIN_EVENT_TYPES,
  idOf: (event) => event.data.name,
  evolve: (row, { type, data }) => {
    switch (type) {
      case 'DnsRegistrationRequested':
        return {
          name: data.name,
          accountId: data.accountId,
          status: data.sealedTransferCode === undefined ? 'REGISTRATION_PROCESSING' : 'TRANSFER_INBOUND_PROCESSING',
          requestedAt: data.at,
          expiresAt: null,
        };
      case 'DnsDomainRegistered':
        return row ? { ...row, status: 'REGISTERED', expiresAt: data.expiresAt } : null;
      case 'DnsDomainRenewed':
        return row ? { ...row, expiresAt: data.expiresAt } : null;
      case 'DnsDomainHandedOver':
        return row ? { ...row, accountId: data.toAccountId } : null;
      case 'DnsRegistrationAbandoned':
      case 'DnsDomainReleased':
        return null;
      default:
        return row ?? null;
    }
  },
};
