import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { Matches } from 'class-validator';
import { NoQuery } from '../request-params';
import { OpenApiDocuments } from './openapi-documents';

class DocumentParams {
  @Matches(/^[a-z0-9-]{1,40}\.json$/, { message: 'is not a document name (<surface>.json)' })
  document!: string;
}

/** The OpenAPI 3.1 document of each surface, at `/openapi/<surface>.json` (Swagger UI at `/docs` lists them). */
@Controller('openapi')
export class OpenApiController {
  constructor(private readonly documents: OpenApiDocuments) {}

  @Get(':document')
  document(@Param() { document }: DocumentParams, @Query() _query: NoQuery): Record<string, unknown> {
    const name = document.replace(/\.json$/, '');
    const found = this.documents.document(name);
    if (!found)
      throw new NotFoundException(
        `no document ${document}: ${this.documents
          .names()
          .map((known) => `${known}.json`)
          .join(', ')}`,
      );
    return found;
  }
}
