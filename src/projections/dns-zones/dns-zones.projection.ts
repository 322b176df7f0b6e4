import { Projection } from '../../application/shared/projection';
import { DnsDomainHandedOver, DnsDomainReleased } from '../../domain/dns-domains/dns-domain';
import { LANDER_EVENT_TYPES, LanderEvent } from '../../domain/dns-domains/lander';
import { ListingCancelled, ListingCreated, ListingPurchased } from '../../domain/marketplace/listing';
import { DsRecord } from '../../domain/dns-domains/dns-setup';
import { DNS_ZONE_EVENT_TYPES, DnsZoneEvent, hostingAfter } from '../../domain/dns-domains/dns-zone';
import { HostingSite } from '../../domain/dns-domains/hosting';
import { RecordSet } from '../../domain/dns-domains/zone-records';
import { ZoneSigningKey } from '../../domain/dns-domains/zone-signing-key';

/** One zone as the DNS routes and the DNS server read it. */
export interface DnsZoneRow {
  readonly name: string;
  readonly accountId: string;
  readonly records: readonly RecordSet[];
  /** The customer's nameservers; null while ours serve the zone. */
  readonly nameservers: readonly string[] | null;
  readonly ds: readonly DsRecord[];
  /** Whether the name resolves (`DNS_RESOLUTION`). */
  readonly resolution: boolean;
  /** The key the zone is signed with; null while DNSSEC is off. */
  readonly signing: ZoneSigningKey | null;
  /** Names redirected or proxied by our hosting listener, with their certificates. */
  readonly hosting: readonly HostingSite[];
  /**
   * The SOA serial: the time of the last change in seconds, or one more than the last serial when changes come
   * faster, so that secondaries see every change as newer.
   */
  readonly serial: number;
  /**
   * Its holder lists it on our marketplace: without an address of its own at the apex, it resolves to the hosting
   * listener, which sends visitors to its for-sale page. Absent in documents before version 3.
   */
  readonly forSale?: boolean;
  /** Its landing page (`svc_domain_generate_lander`), served at the name while it has no address of its own. */
  readonly lander?: { readonly jobId: string; readonly html: string } | null;
}

const nextSerial = (row: DnsZoneRow | undefined, at: number): number =>
  Math.max((row?.serial ?? 0) + 1, Math.floor(at / 1000)) >>> 0;

/**
 * The zones of registered names from their streams; a name released (purged, transferred out) loses its zone, a name
 * handed over to another account takes its zone along (its records keep answering until the new holder changes
 * them). Every event sets what it carries, so applying the same events again in order gives the same zone.
 */
type ZoneListingEvent = ListingCreated | ListingCancelled | ListingPurchased;

export const dnsZones: Projection<
  DnsZoneRow,
  DnsZoneEvent | DnsDomainReleased | DnsDomainHandedOver | ZoneListingEvent | LanderEvent
> = {
  name: 'dns-zones',
  version: 4, // 2: names changing hands; 3: names for sale; 4: landing pages
  handles: [
    ...DNS_ZONE_EVENT_TYPES,
    'DnsDomainReleased',
    'DnsDomainHandedOver',
    'ListingCreated',
    'ListingCancelled',
    'ListingPurchased',
    ...LANDER_EVENT_TYPES,
  ],
  idOf: (event) => event.data.name,
  evolve: (row, event) => {
    const serial = nextSerial(row, event.data.at);
    switch (event.type) {
      case 'DnsZoneOpened': {
        const { name, accountId, nameservers } = event.data;
        return {
          name,
          accountId,
          records: [],
          nameservers,
          ds: [],
          resolution: true,
          signing: null,
          hosting: [],
          serial,
        };
      }
      case 'DnsRecordsChanged': {
        if (!row) return null;
        const replaced = new Set([...event.data.removed, ...event.data.put.map((set) => set.id)]);
        return { ...row, records: [...row.records.filter((set) => !replaced.has(set.id)), ...event.data.put], serial };
      }
      case 'DnsNameserversSet':
        return row ? { ...row, nameservers: event.data.hosts, ds: event.data.ds, serial } : null;
      case 'DnsResolutionSet':
        return row ? { ...row, resolution: event.data.enabled, serial } : null;
      case 'DnsZoneSigningSet':
        return row ? { ...row, signing: event.data.key, serial } : null;
      case 'DnsHostingSet':
      case 'DnsHostingRemoved':
      case 'DnsHostingCertificateIssued':
        return row ? { ...row, hosting: hostingAfter(row.hosting, event), serial } : null;
      case 'DnsDomainReleased':
        return null;
      case 'DnsDomainHandedOver':
        return row ? { ...row, accountId: event.data.toAccountId } : null;
      case 'ListingCreated':
        return row ? { ...row, forSale: true, serial } : null;
      case 'ListingCancelled':
      case 'ListingPurchased':
        return row ? { ...row, forSale: false, serial } : null;
      case 'LanderGenerated':
        return row ? { ...row, lander: { jobId: event.data.jobId, html: event.data.html }, serial } : null;
      case 'LanderRemoved':
        return row ? { ...row, lander: null, serial } : null;
      default:
        return row ?? null;
    }
  },
};
