import { Controller, Get, Query } from '@nestjs/common';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { NoQuery } from '../shared/request-params';
import { agentActionsDocument } from './agent-actions.openapi';

/** Surface A's own documents beside its actions (`decisions.md` §1). */
@Controller('mcp/v1')
export class AgentActionsController {
  constructor(private readonly documents: OpenApiDocuments) {}

  @Get('health')
  health(@Query() _query: NoQuery): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The actions as OpenAPI 3.1, made from the declarations their routes are made from. */
  @Get('openapi.json')
  openApi(@Query() _query: NoQuery): Record<string, unknown> | undefined {
    return this.documents.document(agentActionsDocument.name);
  }
}
