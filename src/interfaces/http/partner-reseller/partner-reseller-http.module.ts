import { Module } from '@nestjs/common';
import { DnsDomainsModule } from '../../../application/dns-domains/dns-domains.module';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { ResellerCatalogueController } from './reseller-catalogue.controller';
import { resellerPartnerDocument } from './reseller.openapi';

/** Surface D: `/partner/v3` for partners of profile `reseller`. */
@Module({
  imports: [DnsDomainsModule],
  controllers: [ResellerCatalogueController],
})
export class PartnerResellerHttpModule {
  constructor(documents: OpenApiDocuments, settings: ResellerSettings) {
    documents.register(resellerPartnerDocument(settings.namespace));
  }
}
