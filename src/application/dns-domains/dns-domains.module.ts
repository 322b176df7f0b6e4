import { Module } from '@nestjs/common';
import { DnsCatalogue } from './dns-catalogue';

/** Surface D's engine side: the catalogue of TLDs, prices and availability. */
@Module({
  providers: [DnsCatalogue],
  exports: [DnsCatalogue],
})
export class DnsDomainsModule {}
