import { Module } from '@nestjs/common';
import { IdentityModule } from '../../../application/identity/identity.module';
import { ChainRpcProxy } from '../../../application/resolution/chain-rpc-proxy';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { ChainRpcController } from './chain-rpc.controller';
import { ResolutionFastPath } from './resolution-fast-path';
import { ResolutionController } from './resolution.controller';
import { ResolutionLookupsController } from './resolution-lookups.controller';
import { resolutionDocument } from './resolution.openapi';

@Module({
  imports: [IdentityModule],
  controllers: [ResolutionController, ResolutionLookupsController, ChainRpcController],
  providers: [ChainRpcProxy, ResolutionFastPath],
})
export class ResolutionHttpModule {
  constructor(documents: OpenApiDocuments) {
    documents.register(resolutionDocument);
  }
}
