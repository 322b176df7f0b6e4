import { Module } from '@nestjs/common';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { Web3DomainsModule } from '../../../projections/web3-domains/web3-domains.module';
import { Web3Module } from '../../../application/web3/web3.module';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { Web3AccountController } from './web3-account.controller';
import { Web3DiscoveryController } from './web3-discovery.controller';
import { Web3DomainsController } from './web3-domains.controller';
import { Web3ExternalWalletsController } from './web3-external-wallets.controller';
import { Web3OperationsController } from './web3-operations.controller';
import { web3PartnerDocument } from './web3.openapi';
import { Web3WebhooksController } from './webhooks.controller';

/** Surface C: `/partner/v3` for partners of profile `web3`. */
@Module({
  imports: [Web3Module, Web3DomainsModule],
  controllers: [
    Web3DomainsController,
    Web3DiscoveryController,
    Web3AccountController,
    Web3ExternalWalletsController,
    Web3OperationsController,
    Web3WebhooksController,
  ],
})
export class PartnerWeb3HttpModule {
  constructor(documents: OpenApiDocuments, settings: Web3Settings) {
    documents.register(web3PartnerDocument(settings.namespace));
  }
}
