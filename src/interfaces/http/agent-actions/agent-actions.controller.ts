import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Access } from '../shared/auth/access';
import { EmptyBodyPipe } from '../shared/empty-body.pipe';
import { TldCatalog } from '../../../application/dns-domains/tld-catalog';

/** Surface A: agent actions (`POST /mcp/v1/actions/<action>`), `decisions.md` §1. */
@Controller('mcp/v1')
export class AgentActionsController {
  constructor(private readonly tlds: TldCatalog) {}

  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Post('actions/svc_tld_list')
  @HttpCode(200)
  @Access({ surface: 'agent', scope: 'domains:search' })
  tldList(@Body(EmptyBodyPipe) _body: Record<string, never>): { tlds: readonly string[]; count: number } {
    return { tlds: this.tlds.all, count: this.tlds.all.length };
  }
}
