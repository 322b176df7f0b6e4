import { Module } from '@nestjs/common';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { ResolutionController } from './resolution.controller';
import { ResolutionLookupsController } from './resolution-lookups.controller';
import { resolutionDocument } from './resolution.openapi';

@Module({ controllers: [ResolutionController, ResolutionLookupsController] })
export class ResolutionHttpModule {
  constructor(documents: OpenApiDocuments) {
    documents.register(resolutionDocument);
  }
}
