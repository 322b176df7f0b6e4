import { Module } from '@nestjs/common';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { ResolutionController } from './resolution.controller';
import { resolutionDocument } from './resolution.openapi';

@Module({ controllers: [ResolutionController] })
export class ResolutionHttpModule {
  constructor(documents: OpenApiDocuments) {
    documents.register(resolutionDocument);
  }
}
