import { Module } from '@nestjs/common';
import { MarketplaceModule } from '../../../application/marketplace/marketplace.module';
import { DnsDomainsModule } from '../../../application/dns-domains/dns-domains.module';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { ContactVerificationController } from './contact-verification.controller';
import { ResellerAccountController } from './reseller-account.controller';
import { ResellerMarketplaceController } from './reseller-marketplace.controller';
import { ResellerCatalogueController } from './reseller-catalogue.controller';
import { ResellerContactsController } from './reseller-contacts.controller';
import { ResellerDnsController } from './reseller-dns.controller';
import { ResellerDomainChangesController } from './reseller-domain-changes.controller';
import { ResellerDomainSettingsController } from './reseller-domain-settings.controller';
import { ResellerDomainsController } from './reseller-domains.controller';
import { ResellerOperationsController } from './reseller-operations.controller';
import { ResellerWebhooksController } from './reseller-webhooks.controller';
import { resellerPartnerDocument } from './reseller.openapi';

/** Surface D: `/partner/v3` for partners of profile `reseller`. */
@Module({
  imports: [DnsDomainsModule, MarketplaceModule],
  controllers: [
    ResellerCatalogueController,
    ResellerContactsController,
    ResellerOperationsController,
    ResellerDomainsController,
    ResellerDomainSettingsController,
    ResellerDomainChangesController,
    ResellerDnsController,
    ResellerAccountController,
    ResellerWebhooksController,
    ContactVerificationController,
    ResellerMarketplaceController,
  ],
})
export class PartnerResellerHttpModule {
  constructor(documents: OpenApiDocuments, settings: ResellerSettings) {
    documents.register(resellerPartnerDocument(settings.namespace));
  }
}
