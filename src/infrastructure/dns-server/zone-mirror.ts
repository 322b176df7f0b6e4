import { Injectable, Logger } from '@nestjs/common';
import { SecretBox } from '../../application/identity/identity.ports';
import { EventStore } from '../../application/shared/event-store.port';
import { DnsZoneRow, dnsZones } from '../../projections/dns-zones/dns-zones.projection';
import { AppConfig } from '../config/config';
import { publicUrlOf } from '../config/settings.module';
import { ProjectionStore } from '../../application/shared/projection-store.port';
import { ServedZones } from './served-zones';

/**
 * The process's one in-memory copy of the zones, shared by the DNS server and the hosting listener: it starts from the
 * read model's snapshot and follows the store from the first time either asks for it, and both wait until it has
 * caught up before they serve.
 */
@Injectable()
export class ZoneMirror {
  private readonly log = new Logger(ZoneMirror.name);
  private following: Promise<ServedZones> | undefined;
  private zones: ServedZones | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly store: EventStore,
    private readonly box: SecretBox,
    private readonly projections: ProjectionStore,
  ) {}

  /** The zones, caught up with the store. */
  ready(): Promise<ServedZones> {
    this.following ??= this.follow();
    return this.following;
  }

  async close(): Promise<void> {
    await this.zones?.close();
  }

  private async follow(): Promise<ServedZones> {
    const values = this.config.values;
    const zones = new ServedZones(
      {
        nameservers: values.dnsNameservers.split(','),
        hostmaster: values.dnsHostmaster,
        open: (sealed) => this.box.open(sealed),
        hostingAddresses: values.hostingAddress.split(','),
        forSalePageOf: (apex) => `${publicUrlOf(this.config)}/market/${apex}`,
      },
      (name, error) => this.log.error(`the zone of ${name} cannot be served: ${(error as Error).message}`),
    );
    this.zones = zones;
    const snapshot = await this.projections.snapshot<DnsZoneRow>(dnsZones.name, dnsZones.version);
    await zones.follow(this.store, snapshot, values.subscriptionPollMs, (error) =>
      this.log.warn(`the zones could not follow the store: ${(error as Error).message}`),
    );
    return zones;
  }
}
