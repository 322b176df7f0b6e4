import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiDocuments } from './openapi-documents';
import { OpenApiController } from './openapi.controller';

/** The surfaces' OpenAPI documents: each surface module registers its own with `OpenApiDocuments`. */
@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController],
  providers: [OpenApiDocuments],
  exports: [OpenApiDocuments],
})
export class OpenApiModule {}
