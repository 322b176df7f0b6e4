import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { dnsZones } from './dns-zones.projection';
import { GetDnsZoneHandler } from './dns-zones.queries';

/** The zones of registered names: for the DNS routes of surface D and for the DNS server. */
@Module({ providers: [GetDnsZoneHandler] })
export class DnsZonesModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(dnsZones);
  }
}
