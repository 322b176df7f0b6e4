import { Module } from '@nestjs/common';
import { ChainRpcProxy } from '../../../application/resolution/chain-rpc-proxy';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { ChainRpcController } from './chain-rpc.controller';
import { ResolutionController } from './resolution.controller';
import { ResolutionLookupsController } from './resolution-lookups.controller';
import { resolutionDocument } from './resolution.openapi';

@Module({
  controllers: [ResolutionController, ResolutionLookupsController, ChainRpcController],
  providers: [ChainRpcProxy],
})
export class ResolutionHttpModule {
  constructor(documents: OpenApiDocuments) {
    documents.register(resolutionDocument);
  }
}
